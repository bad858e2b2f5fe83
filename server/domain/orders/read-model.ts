// Orders as the customer reads them: loading one (own or any), the list with its counters and unread counts, the
// detail, and the derived flags (status shown, may it be edited, may a rework be asked). No writes here.
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, min, or, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../../env';
import { notFound } from '../errors';
import { chatMessages, orderFiles, orders, reworks } from '../../db/tables';
import { fromJsonRow, fromJsonRows } from '../../db/json-rows';
import { ORDER_STATUSES, statusById, type OrderTab } from '../../../contract/order-status';
import type {
  OrderAwaitingPayment,
  OrderCounters,
  OrderDetail,
  OrderListItem,
  StatusRef,
} from '../../../contract/orders.api';
import type { Executor } from '../orders-db';
import { DEFAULT_ORDER_SORT, normalizeSearch, type OrderQuery } from '../../../contract/order-query';
import { listOrderFiles, toOrderFile, type OrderFileRow } from '../order-files';

export type OrderRow = typeof orders.$inferSelect;
const S = ORDER_STATUSES;
export const EDITABLE_STATUS_IDS: number[] = [S.new.id, S.pricing.id, S.awaitingPayment.id];
/**
 * The status a customer reads. A guarantee that has run out reads as done from that moment (given `now`), though the
 * row says so only after the next guarantee sweep (server/jobs/tasks.ts, every minute): reads never write.
 */
export function displayStatus(
  row: Pick<OrderRow, 'statusId' | 'isTrash'> & { guaranteeUntil?: Date | null },
  now?: Date,
): StatusRef {
  const s = row.isTrash ? S.archived : (statusById(effectiveStatusId(row, now)) ?? S.new);
  return { id: s.id, title: s.title };
}

/** The order's status with an expired guarantee counted as done. */
export function effectiveStatusId(
  row: Pick<OrderRow, 'statusId'> & { guaranteeUntil?: Date | null },
  now: Date | undefined,
): number {
  return row.statusId === S.guarantee.id && now && row.guaranteeUntil && row.guaranteeUntil <= now
    ? S.done.id
    : row.statusId;
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

/** When the customer's earliest running guarantee ends (the status a list shows changes then), or null. */
export async function nextGuaranteeEnd(db: Executor, userId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(orders.guaranteeUntil) })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), eq(orders.statusId, S.guarantee.id), gt(orders.guaranteeUntil, now)),
    );
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

export function toListItem(row: OrderRow, unread: number, now?: Date): OrderListItem {
  return {
    id: row.id,
    status: displayStatus(row, now),
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
  /** Filters and sort (contract/order-query.ts); absent: all orders, newest first. */
  filter?: Omit<OrderQuery, 'search'> | undefined;
  page: number;
  pageSize: number;
  /** The read's clock: a guarantee that ran out by then reads as done. */
  now?: Date;
}

const MSK = '+03:00';
const SORT_COLUMNS = {
  created: orders.id,
  deadline: orders.deadline,
  updated: orders.updatedAt,
  price: orders.price,
} as const;

/** The conditions of a search and the filters (the customer's own orders, any tab). */
function queryConditions(userId: number, search: string, f: ListQuery['filter']): SQL[] {
  const conds: SQL[] = [eq(orders.userId, userId)];
  if (search) {
    const folded = normalizeSearch(search);
    const like = `%${folded.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const byText = sql`${orders.searchText} like ${like}`;
    const asId = /^(№|#)?\s*\d{1,9}$/.test(search) ? Number(search.replace(/\D/g, '')) : null;
    conds.push(asId ? or(eq(orders.id, asId), byText)! : byText);
  }
  if (!f) return conds;
  if (f.status === S.archived.id) conds.push(eq(orders.isTrash, true));
  else if (f.status !== undefined) conds.push(eq(orders.isTrash, false), eq(orders.statusId, f.status));
  if (f.work_type) conds.push(eq(orders.workType, f.work_type));
  if (f.deadline_from) conds.push(gte(orders.deadline, new Date(`${f.deadline_from}T00:00:00${MSK}`)));
  if (f.deadline_to) {
    const next = new Date(`${f.deadline_to}T00:00:00${MSK}`);
    next.setUTCDate(next.getUTCDate() + 1);
    conds.push(lt(orders.deadline, next));
  }
  if (f.awaiting_payment)
    conds.push(
      eq(orders.isTrash, false),
      eq(orders.statusId, S.awaitingPayment.id),
      sql`${orders.price} > ${orders.paid}`,
    );
  if (f.unread)
    conds.push(
      sql`exists (select 1 from ${chatMessages} m where m.order_id = ${orders.id}
        and m.read_at is null and m.author <> 'customer')`,
    );
  return conds;
}

/** How many orders match in each tab (one grouped query over the customer's rows). */
async function matchesByTab(db: Executor, where: SQL | undefined): Promise<OrderCounters> {
  const rows = await db.select({ tab: orders.tab, n: count() }).from(orders).where(where).groupBy(orders.tab);
  const out: OrderCounters = { active: 0, archive: 0, done: 0 };
  for (const r of rows) out[r.tab] = r.n;
  return out;
}

/**
 * A page of the customer's orders matching the search and filters, in the asked order (newest first by default).
 * Without a search or filter the count is the tab's counter (no second scan) and `matches` is null; with one,
 * `matches` counts the matching orders of each tab in one grouped query and the count is the tab's.
 * `counters` are given by the caller, who answers them anyway.
 */
export async function listOrders(
  db: Executor,
  userId: number,
  q: ListQuery,
  counters?: OrderCounters,
): Promise<{ count: number; results: OrderListItem[]; matches: OrderCounters | null }> {
  const search = q.search?.trim() ?? '';
  const f = q.filter;
  const base = queryConditions(userId, search, f);
  const filtered = base.length > 1;
  const where = and(...base, ...(q.tab ? [eq(orders.tab, q.tab)] : []));
  const sort = f?.ordering ?? DEFAULT_ORDER_SORT;
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace('-', '') as keyof typeof SORT_COLUMNS];
  const order = descending ? [desc(column), desc(orders.id)] : [asc(column), asc(orders.id)];
  const sum = (c: OrderCounters) => (q.tab ? c[q.tab] : c.active + c.archive + c.done);
  // Filtered: the matches per tab, which also give the count; else the tab counters the caller already has, or a
  // count of its own.
  const counting: Promise<{ total: number; matches: OrderCounters | null }> = filtered
    ? matchesByTab(db, and(...base)).then((matches) => ({ total: sum(matches), matches }))
    : counters
      ? Promise.resolve({ total: sum(counters), matches: null })
      : db
          .select({ n: count() })
          .from(orders)
          .where(where)
          .then((r) => ({ total: r[0]?.n ?? 0, matches: null }));
  // The count and the page are asked together: on PostgreSQL they run on two pooled connections at once.
  const [{ total, matches }, rows] = await Promise.all([
    counting,
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...(column === orders.id ? order.slice(0, 1) : order))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  const unread = await unreadByOrder(
    db,
    rows.map((r) => r.id),
  );
  return {
    count: total,
    results: rows.map((r) => toListItem(r, unread.get(r.id) ?? 0, q.now)),
    matches,
  };
}

export function canRequestRework(row: OrderRow, now: Date): boolean {
  if (row.isTrash || !row.guaranteeUntil || row.guaranteeUntil <= now) return false;
  return row.statusId === S.guarantee.id || row.statusId === S.done.id;
}

/** The promo code the order's price was computed with (commands.ts keeps it in extra.pricing), or null. */
export function storedPromoCode(row: Pick<OrderRow, 'extra'>): string | null {
  const pricing = row.extra.pricing as { promo_code?: unknown } | undefined;
  return typeof pricing?.promo_code === 'string' && pricing.promo_code !== '' ? pricing.promo_code : null;
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
  return toOrderDetail(row, files, unread.get(row.id) ?? 0, rw?.n ?? 0, deps.now());
}

function toOrderDetail(
  row: OrderRow,
  files: OrderFileRow[],
  unread: number,
  reworksCount: number,
  now: Date,
): OrderDetail {
  return {
    ...toListItem(row, unread, now),
    pages: row.pages,
    originality: row.originality,
    requirements: row.requirements,
    link: row.link,
    files: files.map(toOrderFile),
    files_without_qc: row.filesWithoutQc,
    promo_code: storedPromoCode(row),
    guarantee_until: row.guaranteeUntil?.toISOString() ?? null,
    reworks_count: reworksCount,
    is_editable: !row.isTrash && EDITABLE_STATUS_IDS.includes(row.statusId),
    can_request_rework: canRequestRework(row, now),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * GET one order: the order, its files, its unread count and its reworks count in one prepared statement (one round
 * trip; the order page is what a customer waits for most). Another customer's order, or none, is a 404.
 */
export async function readOrderDetail(
  deps: Pick<Deps, 'now' | 'database'>,
  userId: number,
  orderId: number,
): Promise<OrderDetail> {
  const [found] = await deps.database.prepared(
    'order_detail',
    `select row_to_json(o)::text,
       (select coalesce(json_agg(f order by f.id), '[]')::text from order_files f where f.order_id = o.id),
       (select count(*) from chat_messages m
         where m.order_id = o.id and m.read_at is null and m.author <> 'customer')::text,
       (select count(*) from reworks r where r.order_id = o.id)::text
     from orders o where o.id = $1 and o.user_id = $2`,
  )([String(orderId), String(userId)]);
  if (!found) throw notFound('Заказ не найден.');
  const [order, files, unread, reworksCount] = found as [string, string, string, string];
  return toOrderDetail(
    fromJsonRow(orders, JSON.parse(order) as Record<string, unknown>),
    fromJsonRows(orderFiles, JSON.parse(files) as Record<string, unknown>[]),
    Number(unread),
    Number(reworksCount),
    deps.now(),
  );
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
