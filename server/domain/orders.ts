import { and, count, desc, eq, ilike, inArray, isNull, lte, min, or, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../env';
import { badRequest, conflict, fieldErrors, notFound } from '../errors';
import { chatMessages, orderDrafts, orderFiles, orders, reworks } from '../db/tables';
import { ARCHIVE_STATUS_ID, ORDER_STATUSES, statusById, type OrderTab } from '../../contract/order-status';
import { FILE_LIMITS, GUARANTEE_DAYS, type WorkType } from '../../contract/orders';
import type {
  OrderAwaitingPayment,
  OrderCounters,
  OrderDetail,
  OrderListItem,
  StatusRef,
} from '../../contract/orders.api';
import type { RealtimeEvent } from '../../contract/realtime.api';
import type { Executor } from './orders-db';
import type { CreateOrderInput, EditOrderInput } from './order-form';
import { calculateCost, calculateDiscount } from './pricing';
import { addDays } from './order-dates';
import { claimUploads, listOrderFiles, toOrderFile } from './order-files';

export type OrderRow = typeof orders.$inferSelect;
/** An event to publish once the caller's transaction has committed. */
export interface PendingEvent {
  userId: number;
  event: RealtimeEvent;
}

const S = ORDER_STATUSES;
export const EDITABLE_STATUS_IDS: number[] = [S.new.id, S.pricing.id, S.awaitingPayment.id];
/** Orders a writer is working on cannot go to the trash. */
const UNDELETABLE_STATUS_IDS: number[] = [S.inWork.id, S.rework.id];

export const NOT_EDITABLE = 'Заказ уже в работе, редактирование недоступно.';

export function displayStatus(row: Pick<OrderRow, 'statusId' | 'isTrash'>): StatusRef {
  const s = row.isTrash ? S.archived : (statusById(row.statusId) ?? S.new);
  return { id: s.id, title: s.title };
}

/** Another customer's order, or no order at all, is the same 404. */
export async function loadOwnOrder(db: Executor, userId: number, orderId: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw notFound('Заказ не найден.');
  return row;
}

export async function loadOrder(db: Executor, orderId: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('Заказ не найден.');
  return row;
}

/** A guarantee that has run out makes the order done; checked whenever the customer reads (no scheduler). */
export async function settleExpiredGuarantees(db: Executor, userId: number, now: Date): Promise<number> {
  const settled = await db
    .update(orders)
    .set({ statusId: S.done.id, updatedAt: now })
    .where(
      and(eq(orders.userId, userId), eq(orders.statusId, S.guarantee.id), lte(orders.guaranteeUntil, now)),
    )
    .returning({ id: orders.id });
  return settled.length;
}

/** When the customer's earliest running guarantee ends (and a list read would settle it), or null. */
export async function nextGuaranteeEnd(db: Executor, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(orders.guaranteeUntil) })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.statusId, S.guarantee.id)));
  return row?.at ?? null;
}

/** The three tab counters in one grouped query over the customer's (user_id, tab) index. */
export async function orderCounters(db: Executor, userId: number): Promise<OrderCounters> {
  const rows = await db
    .select({ tab: orders.tab, n: count() })
    .from(orders)
    .where(eq(orders.userId, userId))
    .groupBy(orders.tab);
  const out: OrderCounters = { active: 0, archive: 0, done: 0 };
  for (const r of rows) out[r.tab] = r.n;
  return out;
}

export async function unreadByOrder(db: Executor, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: chatMessages.orderId, n: count() })
    .from(chatMessages)
    .where(
      and(
        inArray(chatMessages.orderId, orderIds),
        isNull(chatMessages.readAt),
        sql`${chatMessages.author} <> 'customer'`,
      ),
    )
    .groupBy(chatMessages.orderId);
  return new Map(rows.map((r) => [r.orderId, r.n]));
}

export function toListItem(row: OrderRow, unread: number): OrderListItem {
  return {
    id: row.id,
    status: displayStatus(row),
    is_trash: row.isTrash,
    work_type: row.workType,
    subject: row.subject,
    topic: row.topic,
    deadline: row.deadline.toISOString(),
    price: row.price,
    paid: row.paid,
    created_at: row.createdAt.toISOString(),
    unread,
  };
}

export interface ListQuery {
  tab?: OrderTab | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * A page of the customer's orders, newest first. Without a search the count is the tab's counter (no second
 * scan); `counters` are given by the caller, who answers them anyway.
 */
export async function listOrders(
  db: Executor,
  userId: number,
  q: ListQuery,
  counters?: OrderCounters,
): Promise<{ count: number; results: OrderListItem[] }> {
  const conds: SQL[] = [eq(orders.userId, userId)];
  if (q.tab) conds.push(eq(orders.tab, q.tab));
  const search = q.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const byText = or(ilike(orders.topic, like), ilike(orders.subject, like))!;
    const asId = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null;
    conds.push(asId ? or(eq(orders.id, asId), byText)! : byText);
  }
  const where = and(...conds);
  let total: number;
  if (!search && counters)
    total = q.tab ? counters[q.tab] : counters.active + counters.archive + counters.done;
  else total = (await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const unread = await unreadByOrder(
    db,
    rows.map((r) => r.id),
  );
  return { count: total, results: rows.map((r) => toListItem(r, unread.get(r.id) ?? 0)) };
}

export function canRequestRework(row: OrderRow, now: Date): boolean {
  if (row.isTrash || !row.guaranteeUntil || row.guaranteeUntil <= now) return false;
  return row.statusId === S.guarantee.id || row.statusId === S.done.id;
}

export async function orderDetail(
  deps: Pick<Deps, 'now'>,
  db: Executor,
  row: OrderRow,
): Promise<OrderDetail> {
  const [files, unread, [rw]] = await Promise.all([
    listOrderFiles(db, row.id),
    unreadByOrder(db, [row.id]),
    db.select({ n: count() }).from(reworks).where(eq(reworks.orderId, row.id)),
  ]);
  return {
    ...toListItem(row, unread.get(row.id) ?? 0),
    pages: row.pages,
    originality: row.originality,
    requirements: row.requirements,
    link: row.link,
    files: files.map(toOrderFile),
    files_without_qc: row.filesWithoutQc,
    guarantee_until: row.guaranteeUntil?.toISOString() ?? null,
    reworks_count: rw?.n ?? 0,
    is_editable: !row.isTrash && EDITABLE_STATUS_IDS.includes(row.statusId),
    can_request_rework: canRequestRework(row, deps.now()),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function orderChangedEvent(row: OrderRow): PendingEvent {
  return {
    userId: row.userId,
    event: {
      type: 'order.changed',
      orderId: row.id,
      status: displayStatus(row),
      is_trash: row.isTrash,
      price: row.price,
      paid: row.paid,
    },
  };
}

export async function publishEvents(deps: Pick<Deps, 'realtime'>, events: PendingEvent[]): Promise<void> {
  for (const e of events) await deps.realtime.publish(e.userId, e.event);
}

/** The promo code an order keeps in `extra` (applied again whenever its price is recomputed). */
export interface OrderPricingExtra {
  cost?: number | null;
  promo_code?: string;
  discount?: number;
}

/** A promo code as stored: upper case, '' for none; an unknown or expired one is a field error at promo_code. */
export function checkedPromoCode(code: string | undefined): string {
  const normal = code?.trim().toUpperCase() ?? '';
  if (normal && !calculateDiscount({ cost: 0, promoCode: normal }).promo_valid)
    throw fieldErrors({ promo_code: ['Промокод не найден или больше не действует.'] });
  return normal;
}

/**
 * Price and status from the pricing model (the same rules as calculate-cost/ and calculate-discount/): the price
 * is the cost less the promo discount; priced → awaiting payment (or in work when already paid). Bonus roubles are
 * not taken here: they are spent when the customer pays (capped there by the same 30 % rule).
 */
function pricedState(
  input: { workType: WorkType; pages: number; deadline: Date; originality: number; paid: number },
  promoCode: string,
  now: Date,
): { price: number; statusId: number; pricing: OrderPricingExtra } {
  const { cost } = calculateCost(input, now);
  if (cost === null)
    return { price: 0, statusId: S.pricing.id, pricing: { cost: null, promo_code: promoCode } };
  const { total, discount } = calculateDiscount({ cost, promoCode });
  return {
    price: total,
    statusId: input.paid >= total ? S.inWork.id : S.awaitingPayment.id,
    pricing: { cost, promo_code: promoCode, discount },
  };
}

export async function createOrder(
  deps: Deps,
  userId: number,
  input: CreateOrderInput,
): Promise<{ order: OrderRow; isFirstOrder: boolean }> {
  const now = deps.now();
  const originality = input.originality ?? 60;
  const promoCode = checkedPromoCode(input.promo_code);
  const { price, statusId, pricing } = pricedState(
    { workType: input.work_type, pages: input.pages, deadline: input.deadline, originality, paid: 0 },
    promoCode,
    now,
  );
  const result = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        statusId,
        workType: input.work_type,
        subject: input.subject ?? '',
        topic: input.topic,
        pages: input.pages,
        originality,
        deadline: input.deadline,
        requirements: input.requirements ?? '',
        link: input.link ?? '',
        price,
        extra: { pricing },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error('order not inserted');
    if (input.draft_id !== undefined) {
      const [draft] = await tx
        .select({ id: orderDrafts.id })
        .from(orderDrafts)
        .where(and(eq(orderDrafts.id, input.draft_id), eq(orderDrafts.userId, userId)));
      if (!draft) throw fieldErrors({ draft_id: ['Черновик не найден.'] });
      const moved = await tx
        .update(orderFiles)
        .set({ orderId: order.id, draftId: null })
        .where(eq(orderFiles.draftId, draft.id))
        .returning({ id: orderFiles.id });
      if (moved.length > FILE_LIMITS.maxPerOrder)
        throw badRequest(`К заказу можно приложить не больше ${FILE_LIMITS.maxPerOrder} файлов.`);
      await tx.delete(orderDrafts).where(eq(orderDrafts.id, draft.id));
    }
    await claimUploads(tx, userId, input.file_ids ?? [], { orderId: order.id });
    const [n] = await tx.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
    return { order, isFirstOrder: (n?.n ?? 0) === 1 };
  });
  await publishEvents(deps, [orderChangedEvent(result.order)]);
  return result;
}

export async function editOrder(deps: Deps, row: OrderRow, input: EditOrderInput): Promise<OrderRow> {
  if (row.isTrash || !EDITABLE_STATUS_IDS.includes(row.statusId)) throw badRequest(NOT_EDITABLE);
  const now = deps.now();
  const next = {
    workType: input.work_type ?? (row.workType as WorkType),
    pages: input.pages ?? row.pages,
    deadline: input.deadline ?? row.deadline,
    originality: input.originality ?? row.originality,
  };
  const stored = (row.extra.pricing ?? {}) as OrderPricingExtra;
  const promoCode =
    input.promo_code === undefined ? (stored.promo_code ?? '') : checkedPromoCode(input.promo_code);
  const pricingChanged =
    next.workType !== row.workType ||
    next.pages !== row.pages ||
    next.deadline.getTime() !== row.deadline.getTime() ||
    next.originality !== row.originality ||
    promoCode !== (stored.promo_code ?? '');
  if (pricingChanged && row.paid > 0)
    throw badRequest('Заказ уже частично оплачен: тип работы, объём и срок меняет менеджер. Напишите в чат.');
  const repriced = pricingChanged ? pricedState({ ...next, paid: row.paid }, promoCode, now) : null;
  const priced = repriced
    ? {
        price: repriced.price,
        statusId: repriced.statusId,
        extra: { ...row.extra, pricing: repriced.pricing },
      }
    : null;
  const updated = await deps.db.transaction(async (tx) => {
    const [u] = await tx
      .update(orders)
      .set({
        ...next,
        subject: input.subject ?? row.subject,
        topic: input.topic ?? row.topic,
        requirements: input.requirements ?? row.requirements,
        link: input.link ?? row.link,
        ...(priced ?? {}),
        updatedAt: now,
      })
      // The status is checked again under the write: a payment may have started the work meanwhile.
      .where(
        and(eq(orders.id, row.id), inArray(orders.statusId, EDITABLE_STATUS_IDS), eq(orders.isTrash, false)),
      )
      .returning();
    if (!u) throw badRequest(NOT_EDITABLE);
    await claimUploads(tx, row.userId, input.file_ids ?? [], { orderId: row.id });
    return u;
  });
  await publishEvents(deps, [orderChangedEvent(updated)]);
  return updated;
}

export async function setTrash(deps: Deps, row: OrderRow, isTrash: boolean): Promise<OrderRow> {
  if (isTrash && row.isTrash) throw badRequest('Заказ уже в архиве.');
  if (!isTrash && !row.isTrash) throw badRequest('Заказ не в архиве.');
  if (isTrash && UNDELETABLE_STATUS_IDS.includes(row.statusId))
    throw badRequest('Заказ в работе нельзя удалить. Напишите менеджеру в чат заказа.');
  const [u] = await deps.db
    .update(orders)
    .set({ isTrash, updatedAt: deps.now() })
    .where(eq(orders.id, row.id))
    .returning();
  if (!u) throw notFound('Заказ не найден.');
  await publishEvents(deps, [orderChangedEvent(u)]);
  return u;
}

export async function setFilesWithoutQc(deps: Deps, row: OrderRow, value: boolean): Promise<OrderRow> {
  const [u] = await deps.db
    .update(orders)
    .set({ filesWithoutQc: value, updatedAt: deps.now() })
    .where(eq(orders.id, row.id))
    .returning();
  if (!u) throw notFound('Заказ не найден.');
  return u;
}

/** Is this the customer's first order (the confirmation page /order/{id}/success says so)? */
export async function isFirstOrder(db: Executor, row: OrderRow): Promise<boolean> {
  const [first] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, row.userId))
    .orderBy(orders.id)
    .limit(1);
  return first?.id === row.id;
}

/**
 * Money arrived for an order (called by the payments domain inside its transaction). Adds to `paid`; once paid
 * covers the price, an order awaiting payment goes to work. Returns the event for the caller to publish after its
 * transaction commits: `await publishEvents(deps, [event])`.
 */
export async function applyOrderPayment(
  tx: Executor,
  orderId: number,
  amount: number,
  at?: Date,
): Promise<{ order: OrderRow; event: PendingEvent }> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`applyOrderPayment: bad amount ${amount}`);
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound('Заказ не найден.');
  const paid = row.paid + amount;
  const startsWork = row.statusId === S.awaitingPayment.id && row.price > 0 && paid >= row.price;
  const [u] = await tx
    .update(orders)
    .set({
      paid,
      ...(startsWork ? { statusId: S.inWork.id } : {}),
      updatedAt: at ?? sql`now()`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!u) throw notFound('Заказ не найден.');
  return { order: u, event: orderChangedEvent(u) };
}

/** The customer's orders with money still due (for the payments pages). */
export async function listOrdersAwaitingPayment(
  db: Executor,
  userId: number,
): Promise<OrderAwaitingPayment[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.isTrash, false),
        eq(orders.statusId, S.awaitingPayment.id),
        sql`${orders.price} > ${orders.paid}`,
      ),
    )
    .orderBy(desc(orders.id));
  return rows.map((r) => ({
    id: r.id,
    topic: r.topic,
    work_type: r.workType,
    price: r.price,
    paid: r.paid,
    due: r.price - r.paid,
    deadline: r.deadline.toISOString(),
  }));
}

// ---- staff ------------------------------------------------------------------------------------------------------

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

export async function setOrderStatus(deps: Deps, orderId: number, statusId: number): Promise<OrderRow> {
  if (!STAFF_SETTABLE.includes(statusId)) throw fieldErrors({ status_id: ['Нет такого статуса.'] });
  const row = await loadOrder(deps.db, orderId);
  checkStaffMayChange(row);
  if (row.statusId === statusId)
    throw conflict(STAFF_REFUSALS.sameStatus(statusById(statusId)?.title ?? String(statusId)));
  const now = deps.now();
  const [u] = await deps.db
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
  if (!u) throw conflict('Заказ только что изменился. Обновите его и повторите.');
  await publishEvents(deps, [orderChangedEvent(u)]);
  return u;
}

/** The manager's price: a priced order waits for payment (or goes to work when already paid). */
export async function setOrderPrice(deps: Deps, orderId: number, price: number): Promise<OrderRow> {
  const row = await loadOrder(deps.db, orderId);
  if (!EDITABLE_STATUS_IDS.includes(row.statusId)) throw badRequest('Цена меняется только до начала работы.');
  const [u] = await deps.db
    .update(orders)
    .set({
      price,
      statusId: row.paid >= price ? S.inWork.id : S.awaitingPayment.id,
      updatedAt: deps.now(),
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!u) throw notFound('Заказ не найден.');
  await publishEvents(deps, [orderChangedEvent(u)]);
  return u;
}

/** A final file delivers the order: guarantee for GUARANTEE_DAYS from now. */
export async function deliverOrder(tx: Executor, orderId: number, now: Date): Promise<OrderRow> {
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
  return u;
}
