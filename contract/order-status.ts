// The order life cycle a customer meets (only 16 'Архивный заказ' is given by the spec; the rest is our design,
// written down in docs/features.md). Each status belongs to one tab of /home/{tab}.
export type OrderTab = 'active' | 'done' | 'archive';

export const ORDER_STATUSES = {
  new: { id: 1, title: 'Новый', tab: 'active' },
  pricing: { id: 2, title: 'Оценивается', tab: 'active' },
  awaitingPayment: { id: 3, title: 'Ожидает оплаты', tab: 'active' },
  inWork: { id: 4, title: 'В работе', tab: 'active' },
  /** The final file is delivered; the guarantee period runs (reworks are free until it ends). */
  guarantee: { id: 5, title: 'На гарантии', tab: 'active' },
  rework: { id: 6, title: 'На доработке', tab: 'active' },
  done: { id: 7, title: 'Выполнен', tab: 'done' },
  cancelled: { id: 8, title: 'Отменён', tab: 'archive' },
  /** Shown for every order in the trash (is_trash), whatever its own status. */
  archived: { id: 16, title: 'Архивный заказ', tab: 'archive' },
} as const satisfies Record<string, { id: number; title: string; tab: OrderTab }>;

export type OrderStatusCode = keyof typeof ORDER_STATUSES;
export type OrderStatusId = (typeof ORDER_STATUSES)[OrderStatusCode]['id'];
export const ARCHIVE_STATUS_ID = 16;

export function statusById(id: number) {
  return Object.values(ORDER_STATUSES).find((s) => s.id === id);
}
