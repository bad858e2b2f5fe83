import { and, count, desc, eq, gt, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerEntries, orders, packetOrders, packets, payments } from '../db/tables';
import { badRequest, notFound } from './errors';
import { statusById, ORDER_STATUSES } from '../../contract/order-status';
import type { LedgerKind, PaymentMethodId } from '../../contract/payments';
import type { HistoryRow, PacketResponse, WaitingOrder } from '../../contract/payments.api';
import type { DbOrTx } from './ledger';
import { PAY_MESSAGES } from './payments';

export const LEDGER_TITLES: Record<LedgerKind, string> = {
  topup: 'Пополнение баланса',
  order_payment: 'Оплата заказа',
  packet_payment: 'Оплата пакета заказов',
  withdrawal: 'Вывод средств',
  refund: 'Возврат средств',
  bonus_grant: 'Начисление бонусов',
  bonus_spend: 'Оплата бонусами',
  storno: 'Возврат на карту (сторно)',
  forfeit: 'Списание остатка при закрытии аккаунта',
};

type OrderRow = typeof orders.$inferSelect;

function waitingView(o: OrderRow): WaitingOrder {
  const payable = o.statusId === ORDER_STATUSES.awaitingPayment.id && !o.isTrash;
  const status = o.isTrash ? ORDER_STATUSES.archived : (statusById(o.statusId) ?? ORDER_STATUSES.new);
  return {
    id: o.id,
    topic: o.topic,
    work_type: o.workType,
    status: { id: status.id, title: status.title },
    price: o.price,
    paid: o.paid,
    sum: payable ? Math.max(0, o.price - o.paid) : 0,
    deadline: o.deadline.toISOString(),
  };
}

const awaiting = (userId: number) =>
  and(
    eq(orders.userId, userId),
    eq(orders.statusId, ORDER_STATUSES.awaitingPayment.id),
    eq(orders.isTrash, false),
    gt(orders.price, orders.paid),
  );

/** Orders awaiting payment, newest first. */
export async function listWaiting(db: Db, userId: number, page: { limit: number; offset: number }) {
  const [total] = await db.select({ n: count() }).from(orders).where(awaiting(userId));
  const rows = await db
    .select()
    .from(orders)
    .where(awaiting(userId))
    .orderBy(desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, results: rows.map(waitingView) };
}

export interface HistoryFilter {
  kind?: LedgerKind[] | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** The ledger of the customer, newest first, with the method of the provider payment a row came from. */
export async function listHistory(
  db: Db,
  userId: number,
  filter: HistoryFilter,
  page: { limit: number; offset: number },
) {
  const where: SQL[] = [eq(ledgerEntries.userId, userId)];
  if (filter.kind?.length) where.push(inArray(ledgerEntries.kind, filter.kind));
  if (filter.from) where.push(gte(ledgerEntries.createdAt, filter.from));
  if (filter.to) where.push(lt(ledgerEntries.createdAt, filter.to));
  const [total] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(and(...where));
  const rows = await db
    .select({ entry: ledgerEntries, method: payments.method })
    .from(ledgerEntries)
    .leftJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .where(and(...where))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  const results: HistoryRow[] = rows.map(({ entry: e, method }) => ({
    id: e.id,
    kind: e.kind,
    title: e.note || (e.orderId ? `${LEDGER_TITLES[e.kind]} №${e.orderId}` : LEDGER_TITLES[e.kind]),
    account: e.account,
    amount: e.amount,
    order_id: e.orderId,
    packet_id: e.packetId,
    payment_id: e.paymentId,
    payment_method: (method as PaymentMethodId | null) ?? null,
    created_at: e.createdAt.toISOString(),
  }));
  return { count: total?.n ?? 0, results };
}

/** A packet of the customer's orders that all await payment now. */
export async function createPacket(tx: DbOrTx, userId: number, orderIds: number[], now: Date) {
  const ids = [...new Set(orderIds)];
  const rows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.id, ids)));
  if (rows.length !== ids.length) throw notFound(PAY_MESSAGES.orderNotFound);
  const notWaiting = rows.find(
    (o) => o.statusId !== ORDER_STATUSES.awaitingPayment.id || o.isTrash || o.price <= o.paid,
  );
  if (notWaiting) throw badRequest(`Заказ №${notWaiting.id} не ожидает оплаты.`);
  const [packet] = await tx.insert(packets).values({ userId, createdAt: now }).returning({ id: packets.id });
  if (!packet) throw new Error('packet insert returned nothing');
  await tx.insert(packetOrders).values(ids.map((orderId) => ({ packetId: packet.id, orderId })));
  return packet.id;
}

/** The packet with its orders; null when it is not the customer's (the route answers 404). */
export async function packetView(
  db: DbOrTx,
  userId: number,
  packetId: number,
): Promise<PacketResponse | null> {
  const [packet] = await db
    .select({ id: packets.id })
    .from(packets)
    .where(and(eq(packets.id, packetId), eq(packets.userId, userId)));
  if (!packet) return null;
  const rows = await db
    .select({ order: orders })
    .from(packetOrders)
    .innerJoin(orders, eq(orders.id, packetOrders.orderId))
    .where(eq(packetOrders.packetId, packet.id))
    .orderBy(orders.id);
  const list = rows.map((r) => waitingView(r.order));
  return { id: packet.id, orders: list, total: list.reduce((s, o) => s + o.sum, 0) };
}
