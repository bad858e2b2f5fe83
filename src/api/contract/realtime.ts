// Messages the server pushes over the customer's WebSocket. Each feature adds its own members to the union.
export type RealtimeEvent =
  | { type: 'hello'; userId: number }
  | { type: 'session.ended' }
  | { type: 'finances'; money: number; bonus: number }
  | { type: 'order.changed'; orderId: number }
  | { type: 'chat.message'; orderId: number; message: unknown }
  | { type: 'order.file'; orderId: number; file: unknown };
