import type { RealtimeEvent } from '../../contract/realtime.api';
import type { SESSION_CLOSE } from '../../contract/realtime';

export type SessionEndedReason = keyof typeof SESSION_CLOSE;

/**
 * Delivers events to a customer's open sockets, on every server instance (fan-out through LISTEN/NOTIFY).
 * Domain code only calls `publish`; the WebSocket side registers sockets with `attach`.
 */
export interface Realtime {
  publish(userId: number, event: RealtimeEvent): Promise<void>;
  /** Registers a socket; returns a detach function. */
  attach(userId: number, sessionId: string, socket: RealtimeSocket): () => void;
  /**
   * Closes every socket of a signed-out session, on every instance: `session.ended` with the reason, then the close
   * code of SESSION_CLOSE (contract/realtime.ts). 'endedElsewhere': the customer ended it from another device;
   * 'accountClosed': the customer closed the account, to be erased at `eraseAt`.
   */
  closeSession(sessionId: string, reason?: SessionEndedReason, eraseAt?: string): Promise<void>;
  close(): Promise<void>;
}

export interface RealtimeSocket {
  send(data: string): void;
  /**
   * The same as `send(message.text)` for a message that goes to many sockets: the WebSocket side frames it once into
   * `message.frame` and writes that one buffer to each socket (bus-hub.ts, socket.ts).
   */
  sendShared?(message: SharedMessage): void;
  close(code?: number, reason?: string): void;
}

/** An event serialised once for every socket it goes to; `frame` is its WebSocket frame, made by the first send. */
export interface SharedMessage {
  readonly text: string;
  frame?: Uint8Array;
}
