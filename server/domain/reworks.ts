import { queueNotification } from './notifications/events';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../env';
import { badRequest, notFound } from './errors';
import { orderFiles, orders, reworks } from '../db/tables';
import { ORDER_STATUSES } from '../../contract/order-status';
import type { Rework, ReworkStatus } from '../../contract/orders.api';
import type { AlsoInTx, Executor } from './orders-db';
import { claimUploads, toOrderFile, type OrderFileRow } from './order-files';
import { canRequestRework, type OrderRow } from './orders/read-model';
import { orderChangedEvent, publishEvents } from '../realtime/order-events';

export type ReworkRow = typeof reworks.$inferSelect;

export function toRework(row: ReworkRow, files: OrderFileRow[]): Rework {
  return {
    id: row.id,
    order_id: row.orderId,
    status: row.status,
    comment: row.comment,
    deadline: row.deadline.toISOString(),
    files: files.map(toOrderFile),
    answer: row.answer,
    answered_at: row.answeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function withFiles(db: Executor, rows: ReworkRow[]): Promise<Rework[]> {
  const ids = rows.map((r) => r.id);
  const files = ids.length
    ? await db.select().from(orderFiles).where(inArray(orderFiles.reworkId, ids)).orderBy(asc(orderFiles.id))
    : [];
  return rows.map((r) =>
    toRework(
      r,
      files.filter((f) => f.reworkId === r.id),
    ),
  );
}

export async function listReworks(db: Executor, orderId: number): Promise<Rework[]> {
  const rows = await db.select().from(reworks).where(eq(reworks.orderId, orderId)).orderBy(desc(reworks.id));
  return withFiles(db, rows);
}

export async function loadRework(db: Executor, orderId: number, reworkId: number): Promise<ReworkRow> {
  const [row] = await db
    .select()
    .from(reworks)
    .where(and(eq(reworks.id, reworkId), eq(reworks.orderId, orderId)));
  if (!row) throw notFound('Доработка не найдена.');
  return row;
}

export async function reworkDetail(db: Executor, row: ReworkRow): Promise<Rework> {
  const [r] = await withFiles(db, [row]);
  if (!r) throw notFound('Доработка не найдена.');
  return r;
}

/** Only a delivered order within its guarantee takes a rework request; the order goes to 'rework'. */
export async function createRework(
  deps: Deps,
  order: OrderRow,
  input: { comment: string; deadline: Date; file_ids?: number[] | undefined },
): Promise<Rework> {
  const now = deps.now();
  if (!canRequestRework(order, now))
    throw badRequest(
      order.statusId === ORDER_STATUSES.rework.id
        ? 'Доработка уже идёт: дождитесь ответа автора.'
        : 'Доработку можно заказать только для выполненного заказа в гарантийный срок.',
    );
  const { rework, updated } = await deps.db.transaction(async (tx) => {
    const [rw] = await tx
      .insert(reworks)
      .values({ orderId: order.id, comment: input.comment, deadline: input.deadline, createdAt: now })
      .returning();
    if (!rw) throw new Error('rework not inserted');
    const files = await claimUploads(tx, order.userId, input.file_ids ?? [], {
      orderId: order.id,
      reworkId: rw.id,
    });
    const [u] = await tx
      .update(orders)
      .set({ statusId: ORDER_STATUSES.rework.id, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (!u) throw notFound('Заказ не найден.');
    return { rework: toRework(rw, files), updated: u };
  });
  await publishEvents(deps, [orderChangedEvent(updated)]);
  return rework;
}

/**
 * The writer answers a rework. 'done' returns the order to its guarantee (or to done when the guarantee is over)
 * unless another rework of the order is still open.
 */
export async function answerRework(
  deps: Deps,
  order: OrderRow,
  row: ReworkRow,
  input: { text: string; status: Exclude<ReworkStatus, 'new'> },
  alsoInTx?: AlsoInTx,
): Promise<Rework> {
  const now = deps.now();
  const { rework, updated } = await deps.db.transaction(async (tx) => {
    const [rw] = await tx
      .update(reworks)
      .set({ answer: input.text, status: input.status, answeredAt: now })
      .where(eq(reworks.id, row.id))
      .returning();
    if (!rw) throw notFound('Доработка не найдена.');
    let u: OrderRow | undefined;
    if (input.status === 'done' && order.statusId === ORDER_STATUSES.rework.id) {
      const open = await tx
        .select({ id: reworks.id })
        .from(reworks)
        .where(and(eq(reworks.orderId, order.id), inArray(reworks.status, ['new', 'in_progress'])));
      if (open.length === 0) {
        const back =
          order.guaranteeUntil && order.guaranteeUntil > now
            ? ORDER_STATUSES.guarantee.id
            : ORDER_STATUSES.done.id;
        [u] = await tx
          .update(orders)
          .set({ statusId: back, updatedAt: now })
          .where(eq(orders.id, order.id))
          .returning();
      }
    }
    await queueNotification(
      { db: tx, now: deps.now },
      {
        kind: 'rework_answered',
        userId: order.userId,
        orderId: order.id,
        data: { status: input.status, text: input.text.slice(0, 2000) },
      },
      `${rw.id}:${input.status}:${now.getTime()}`,
    );
    await alsoInTx?.(tx);
    return { rework: (await withFiles(tx, [rw]))[0]!, updated: u };
  });
  if (updated) await publishEvents(deps, [orderChangedEvent(updated)]);
  return rework;
}
