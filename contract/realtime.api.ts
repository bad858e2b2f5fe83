// Real time (spec point 7: "a real-time socket address is built with the bearer token in a query parameter"): the
// messages the server pushes over the customer's WebSocket, as one schema. The server's tests parse every event it
// publishes with it; the SPA reads the inferred type.
import * as z from 'zod/mini';
import { ChatMessage, OrderFile, StatusRef } from './orders.api';

export const RealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), userId: z.number() }),
  /**
   * The session was ended (signed out elsewhere, or the refresh family revoked): the tab signs out. `reason`
   * 'endedElsewhere': the customer ended it from another device, and the tab says so on /login; 'accountClosed':
   * the customer closed the account, which will be erased at `erase_at` — the tab says so on /login.
   */
  z.object({
    type: z.literal('session.ended'),
    reason: z.optional(z.enum(['signedOut', 'endedElsewhere', 'accountClosed'])),
    erase_at: z.optional(z.string()),
  }),
  z.object({ type: z.literal('finances'), money: z.number(), bonus: z.number() }),
  /** The order's status, price, payment or trash flag changed; the fields say what it is now when known. */
  z.object({
    type: z.literal('order.changed'),
    orderId: z.number(),
    status: z.optional(StatusRef),
    is_trash: z.optional(z.boolean()),
    price: z.optional(z.number()),
    paid: z.optional(z.number()),
  }),
  /** `partial`: the message was too big for the socket; the client fetches it (GET {id}/messages/?after=). */
  z.object({
    type: z.literal('chat.message'),
    orderId: z.number(),
    message: ChatMessage,
    partial: z.optional(z.boolean()),
  }),
  /** The customer read messages up to `upToId` (in another tab); `unread` is what is left. */
  z.object({ type: z.literal('chat.read'), orderId: z.number(), upToId: z.number(), unread: z.number() }),
  z.object({ type: z.literal('order.file'), orderId: z.number(), file: OrderFile }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;
