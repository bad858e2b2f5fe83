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
