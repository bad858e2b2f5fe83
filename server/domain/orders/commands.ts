// What the customer does to orders: create, edit, trash and restore, the QC flag; and what a payment does to one.
// Each change is priced by the server and announced on the realtime bus once its transaction commits.
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../env';
import { badRequest, fieldErrors, notFound } from '../errors';
import { orderDrafts, orderFiles, orders } from '../../db/tables';
import { ORDER_STATUSES } from '../../../contract/order-status';
import { FILE_LIMITS, type WorkType } from '../../../contract/orders';
import type { Executor } from '../orders-db';
import type { CreateOrderInput, EditOrderInput } from '../order-form';
import { calculateCost, calculateDiscount } from '../pricing';
import {
  findPromo,
  normalPromoCode,
  promoTerms,
  releasePromoUse,
  takePromoUse,
  type PromoTerms,
} from '../promo-codes';
import { claimUploads } from '../order-files';
import { orderChangedEvent, publishEvents, type PendingEvent } from '../../realtime/order-events';
import { EDITABLE_STATUS_IDS, type OrderRow } from './read-model';
import { attributionDeps, recordOrderTouch } from '../attribution';
import { emptyTouch, type OriginTouch } from '../../../contract/origin-cookies';

const S = ORDER_STATUSES;
/** Orders a writer is working on cannot go to the trash. */
const UNDELETABLE_STATUS_IDS: number[] = [S.inWork.id, S.rework.id];

export const NOT_EDITABLE = 'Заказ уже в работе, редактирование недоступно.';

/** Guarantees settled per sweep pass at most (a pass a minute: 6 000 an hour; docs/scaling.md). */
export const SETTLE_BATCH = 100;

/**
 * A guarantee that has run out makes its order done: the guarantee sweep (server/jobs/tasks.ts), never a read.
 * Reads show such an order as done already (displayStatus); the sweep moves its row, and with it its tab and counters.
 * At most `limit` a pass, the earliest ends first, so a pass after a backlog (the runner down for a day) stays short;
 * the rest follow in the next passes and read as done meanwhile.
 */
export async function settleExpiredGuarantees(
  db: Executor,
  now: Date,
  limit = SETTLE_BATCH,
): Promise<OrderRow[]> {
  const ended = and(eq(orders.statusId, S.guarantee.id), lte(orders.guaranteeUntil, now));
  // The batch's ids go in an array, so the update probes the primary key for each (as the jobs prune does).
  return db
    .update(orders)
    .set({ statusId: S.done.id, updatedAt: now })
    .where(
      and(
        ended,
        sql`${orders.id} = any(array(select id from orders
          where status_id = ${S.guarantee.id} and guarantee_until <= ${now.toISOString()}::timestamptz
          order by guarantee_until limit ${limit}))`,
      ),
    )
    .returning();
}

/** The promo code an order keeps in `extra` (applied again whenever its price is recomputed). */
export interface OrderPricingExtra {
  cost?: number | null;
  promo_code?: string;
  discount?: number;
}

/**
 * Price and status from the pricing model (the same rules as calculate-cost/ and calculate-discount/): the price
 * is the cost less the promo discount; priced → awaiting payment (or in work when already paid). Bonus roubles are
 * not taken here: they are spent when the customer pays (capped there by the same 30 % rule).
 */
function pricedState(
  input: { workType: WorkType; pages: number; deadline: Date; originality: number; paid: number },
  promoCode: string,
  promo: PromoTerms | null,
  now: Date,
): { price: number; statusId: number; pricing: OrderPricingExtra } {
  const { cost } = calculateCost(input, now);
  if (cost === null)
    return { price: 0, statusId: S.pricing.id, pricing: { cost: null, promo_code: promoCode } };
  const { total, discount } = calculateDiscount({ cost, promo });
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
  origin: OriginTouch = emptyTouch(),
): Promise<{ order: OrderRow; isFirstOrder: boolean }> {
  const now = deps.now();
  const originality = input.originality ?? 60;
  const promoCode = normalPromoCode(input.promo_code);
  const result = await deps.db.transaction(async (tx) => {
    // The code's use is taken first: a refusal (unknown, expired, used up) rolls the whole order back.
    const promo = promoCode ? await takePromoUse(tx, promoCode, now) : null;
    const { price, statusId, pricing } = pricedState(
      { workType: input.work_type, pages: input.pages, deadline: input.deadline, originality, paid: 0 },
      promoCode,
      promo,
      now,
    );
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
    await recordOrderTouch(attributionDeps({ db: tx, config: deps.config }), order, origin, now);
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
  const storedCode = stored.promo_code ?? '';
  const promoCode = input.promo_code === undefined ? storedCode : normalPromoCode(input.promo_code);
  const codeChanged = promoCode !== storedCode;
  const pricingChanged =
    next.workType !== row.workType ||
    next.pages !== row.pages ||
    next.deadline.getTime() !== row.deadline.getTime() ||
    next.originality !== row.originality ||
    codeChanged;
  if (pricingChanged && row.paid > 0)
    throw badRequest('Заказ уже частично оплачен: тип работы, объём и срок меняет менеджер. Напишите в чат.');
  const updated = await deps.db.transaction(async (tx) => {
    // A new code takes a use (or is refused, rolling the edit back) and the old one gives its use back; a code the
    // order already holds keeps applying even after its dates or its limit: the order was priced with it.
    let promo: PromoTerms | null = null;
    if (codeChanged) {
      await releasePromoUse(tx, storedCode);
      if (promoCode) promo = await takePromoUse(tx, promoCode, now);
    } else if (promoCode) {
      const held = await findPromo(tx, promoCode);
      promo = held ? promoTerms(held) : null;
    }
    const repriced = pricingChanged ? pricedState({ ...next, paid: row.paid }, promoCode, promo, now) : null;
    const priced = repriced
      ? {
          price: repriced.price,
          statusId: repriced.statusId,
          extra: { ...row.extra, pricing: repriced.pricing },
        }
      : null;
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
