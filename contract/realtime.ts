// Messages the server pushes over the customer's WebSocket. Each feature adds its own members to the union.
import type { ChatMessage, OrderFile, StatusRef } from './orders';

export type RealtimeEvent =
  | { type: 'hello'; userId: number }
  | { type: 'session.ended' }
  | { type: 'finances'; money: number; bonus: number }
  /** The order's status, price, payment or trash flag changed; the fields say what it is now when known. */
  | {
      type: 'order.changed';
      orderId: number;
      status?: StatusRef;
      is_trash?: boolean;
      price?: number;
      paid?: number;
    }
  /** `partial`: the message was too big for the socket; the client fetches it (GET {id}/messages/?after=). */
  | { type: 'chat.message'; orderId: number; message: ChatMessage; partial?: boolean }
  /** The customer read messages up to `upToId` (in another tab); `unread` is what is left. */
  | { type: 'chat.read'; orderId: number; upToId: number; unread: number }
  | { type: 'order.file'; orderId: number; file: OrderFile };

/**
 * Keep-alive of the socket. The client sends the text `ping` after HEARTBEAT_MS of silence and drops a socket that
 * stays silent HEARTBEAT_TIMEOUT_MS more (a phone that slept, a NAT that forgot the connection: no close ever
 * comes); the server answers `pong`. The server, for its part, sends protocol pings and ends sockets that stop
 * answering them, so dead connections do not hold memory.
 */
export const HEARTBEAT = { ping: 'ping', pong: 'pong', intervalMs: 25_000, timeoutMs: 10_000 } as const;
