// The staff's rules for orders (the writer and the manager): status changes, the price, the delivery of the final
// file, and which uploads an order's state allows.
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../env';
import { badRequest, conflict, fieldErrors, notFound } from '../errors';
import type { AlsoInTx, Executor } from '../orders-db';
import { orderChangedEvent, publishEvents } from '../../realtime/order-events';
import { orders } from '../../db/tables';
import { ARCHIVE_STATUS_ID, ORDER_STATUSES, statusById } from '../../../contract/order-status';
import { GUARANTEE_DAYS } from '../../../contract/orders';
import { addDays } from '../order-dates';
import { EDITABLE_STATUS_IDS, loadOrder, type OrderRow } from './read-model';
import { queueNotification } from '../notifications/events';

/** Tells the customer of a status their order reached, if it is one they hear about (docs/notifications.md). */
export async function notifyOrderStatus(
  deps: { db: Executor; now: () => Date },
  row: OrderRow,
): Promise<void> {
  if (row.statusId === S.guarantee.id || row.statusId === S.done.id) {
    const ref = row.statusId === S.done.id ? 'done' : String(row.guaranteeUntil?.getTime() ?? 0);
    await queueNotification(
      deps,
      { kind: 'work_ready', userId: row.userId, orderId: row.id },
      `${row.id}:${ref}`,
    );
  } else if (row.statusId === S.awaitingPayment.id && row.price > row.paid) {
    await queueNotification(
      deps,
      { kind: 'payment_needed', userId: row.userId, orderId: row.id },
      `${row.id}:${row.price}:${row.updatedAt.getTime()}`,
    );
  }
}

const S = ORDER_STATUSES;
const STAFF_SETTABLE = Object.values(S)
  .map((s) => s.id as number)
  .filter((id) => id !== ARCHIVE_STATUS_ID);

/** Done and cancelled are final: staff change nothing after them. */
const FINAL_STATUS_IDS: number[] = [S.done.id, S.cancelled.id];
/** A final file may be delivered only to an order a writer works on (paid: in work, or on rework). */
const DELIVERABLE_STATUS_IDS: number[] = [S.inWork.id, S.rework.id];

export const STAFF_REFUSALS = {
  trashed: 'Заказ в архиве у клиента: пока он его не восстановит, заказ не меняется.',
  finished: (title: string) => `Заказ в статусе «${title}»: он уже завершён и не меняется.`,
  sameStatus: (title: string) => `Заказ уже в статусе «${title}».`,
  notDeliverable: (title: string) =>
    `Готовую работу можно сдать только по заказу в работе или на доработке, а этот — «${title}».`,
} as const;

/** The order's current state allows staff to change it at all (409 with {detail} when not). */
function checkStaffMayChange(row: OrderRow): void {
  if (row.isTrash) throw conflict(STAFF_REFUSALS.trashed);
  if (FINAL_STATUS_IDS.includes(row.statusId))
    throw conflict(STAFF_REFUSALS.finished(statusById(row.statusId)?.title ?? String(row.statusId)));
}

/** Staff upload files to the order: any file needs a changeable order, a final one an order in work or on rework. */
export function checkStaffUpload(row: OrderRow, kind: 'intermediate' | 'final'): void {
  checkStaffMayChange(row);
  if (kind === 'final' && !DELIVERABLE_STATUS_IDS.includes(row.statusId))
    throw conflict(STAFF_REFUSALS.notDeliverable(statusById(row.statusId)?.title ?? String(row.statusId)));
}

export async function setOrderStatus(
  deps: Deps,
  orderId: number,
  statusId: number,
  alsoInTx?: AlsoInTx,
): Promise<OrderRow> {
  if (!STAFF_SETTABLE.includes(statusId)) throw fieldErrors({ status_id: ['Нет такого статуса.'] });
  const row = await loadOrder(deps.db, orderId);
  checkStaffMayChange(row);
  if (row.statusId === statusId)
    throw conflict(STAFF_REFUSALS.sameStatus(statusById(statusId)?.title ?? String(statusId)));
  const now = deps.now();
  const u = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({
        statusId,
        ...(statusId === S.guarantee.id && !row.guaranteeUntil
          ? { guaranteeUntil: addDays(now, GUARANTEE_DAYS) }
          : {}),
        updatedAt: now,
      })
      // Checked again under the write: the customer may have trashed the order (or staff finished it) meanwhile.
      .where(and(eq(orders.id, orderId), eq(orders.statusId, row.statusId), eq(orders.isTrash, false)))
      .returning();
    if (changed) {
      await notifyOrderStatus({ db: tx, now: deps.now }, changed);
      await alsoInTx?.(tx);
    }
    return changed;
  });
  if (!u) throw conflict('Заказ только что изменился. Обновите его и повторите.');
  await publishEvents(deps, [orderChangedEvent(u)]);
  return u;
}

/** The manager's price: a priced order waits for payment (or goes to work when already paid). */
export async function setOrderPrice(
  deps: Deps,
  orderId: number,
  price: number,
  alsoInTx?: AlsoInTx,
): Promise<OrderRow> {
  const row = await loadOrder(deps.db, orderId);
  if (!EDITABLE_STATUS_IDS.includes(row.statusId)) throw badRequest('Цена меняется только до начала работы.');
  const u = await deps.db.transaction(async (tx) => {
    const [priced] = await tx
      .update(orders)
      .set({
        price,
        statusId: row.paid >= price ? S.inWork.id : S.awaitingPayment.id,
        updatedAt: deps.now(),
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (priced) {
      await notifyOrderStatus({ db: tx, now: deps.now }, priced);
      await alsoInTx?.(tx);
    }
    return priced;
  });
  if (!u) throw notFound('Заказ не найден.');
  await publishEvents(deps, [orderChangedEvent(u)]);
  return u;
}

/** A final file delivers the order: guarantee for GUARANTEE_DAYS from now. */
export async function deliverOrder(db: Executor, orderId: number, now: Date): Promise<OrderRow> {
  // One transaction (a savepoint in the caller's): the delivery and the customer's notice of it.
  return db.transaction(async (tx) => {
    const [u] = await tx
      .update(orders)
      .set({ statusId: S.guarantee.id, guaranteeUntil: addDays(now, GUARANTEE_DAYS), updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          inArray(orders.statusId, DELIVERABLE_STATUS_IDS),
          eq(orders.isTrash, false),
        ),
      )
      .returning();
    if (!u) throw conflict('Заказ только что изменился. Обновите его и повторите.');
    await notifyOrderStatus({ db: tx, now: () => now }, u);
    return u;
  });
}
