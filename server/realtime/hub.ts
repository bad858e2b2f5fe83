import type { RealtimeEvent } from '../../contract/realtime.api';

/**
 * Delivers events to a customer's open sockets, on every server instance (fan-out through LISTEN/NOTIFY).
 * Domain code only calls `publish`; the WebSocket side registers sockets with `attach`.
 */
export interface Realtime {
  publish(userId: number, event: RealtimeEvent): Promise<void>;
  /** Registers a socket; returns a detach function. */
  attach(userId: number, sessionId: string, socket: RealtimeSocket): () => void;
  /** Closes every socket of a signed-out session. */
  closeSession(sessionId: string): Promise<void>;
  close(): Promise<void>;
}

export interface RealtimeSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
