import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Deps } from '../env';
import { chatMessages, orderFiles, users } from '../db/tables';
import type { Author, ChatMessage } from '../../contract/orders.api';
import type { RealtimeEvent } from '../../contract/realtime.api';
import type { AlsoInTx, Executor } from './orders-db';
import { claimUploads, toOrderFile, type OrderFileRow } from './order-files';
import { publishEvents, type PendingEvent } from '../realtime/order-events';
import { fromJsonRow, fromJsonRows } from '../db/json-rows';
import { type OrderRow } from './orders/read-model';
import { lockOrderChat, queueChatLetter } from './notifications/events';

export type MessageRow = typeof chatMessages.$inferSelect;

export const STAFF_NAMES: Record<Exclude<Author, 'customer'>, string> = {
  writer: 'Автор работы',
  manager: 'Менеджер',
};

/** LISTEN/NOTIFY carries at most 8000 bytes; a bigger message goes as a stub the client fetches. */
const MAX_EVENT_BYTES = 7000;

export function toChatMessage(row: MessageRow, files: OrderFileRow[]): ChatMessage {
  return {
    id: row.id,
    order_id: row.orderId,
    author: row.author,
    author_name: row.authorName,
    text: row.text,
    files: files.map(toOrderFile),
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    client_id: row.clientId,
  };
}

async function withFiles(db: Executor, rows: MessageRow[]): Promise<ChatMessage[]> {
  const ids = rows.map((r) => r.id);
  const files = ids.length
    ? await db.select().from(orderFiles).where(inArray(orderFiles.messageId, ids)).orderBy(asc(orderFiles.id))
    : [];
  return rows.map((r) =>
    toChatMessage(
      r,
      files.filter((f) => f.messageId === r.id),
    ),
  );
}

export function chatMessageEvent(userId: number, message: ChatMessage): PendingEvent {
  const event: RealtimeEvent = { type: 'chat.message', orderId: message.order_id, message };
  if (Buffer.byteLength(JSON.stringify(event)) <= MAX_EVENT_BYTES) return { userId, event };
  return {
    userId,
    event: {
      type: 'chat.message',
      orderId: message.order_id,
      message: { ...message, text: '', files: [] },
      partial: true,
    },
  };
}

export async function unreadCount(db: Executor, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.orderId, orderId),
        isNull(chatMessages.readAt),
        sql`${chatMessages.author} <> 'customer'`,
      ),
    );
  return row?.n ?? 0;
}

/** Ascending by id. No cursor: the latest `limit`; `before`: the `limit` older ones; `after`: the newer ones. */
export async function listMessages(
  db: Executor,
  orderId: number,
  q: { after?: number | undefined; before?: number | undefined; limit: number },
): Promise<{ results: ChatMessage[]; has_more: boolean }> {
  const conds = [eq(chatMessages.orderId, orderId)];
  if (q.after !== undefined) conds.push(gt(chatMessages.id, q.after));
  if (q.before !== undefined) conds.push(lt(chatMessages.id, q.before));
  const ascending = q.after !== undefined && q.before === undefined;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(...conds))
    .orderBy(ascending ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(q.limit + 1);
  const has_more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  if (!ascending) page.reverse();
  return { results: await withFiles(db, page), has_more };
}

const MAX_ID = 2_147_483_647;
/** The page's messages, each with its files, newest `limit + 1` (or oldest after `after`), as JSON. */
const chatPageSql = (direction: 'asc' | 'desc') =>
  `select o.id::text,
     (select count(*) from chat_messages m
       where m.order_id = o.id and m.read_at is null and m.author <> 'customer')::text,
     (select coalesce(json_agg(x order by x.id), '[]')::text from (
        select m.*, (select coalesce(json_agg(f order by f.id), '[]') from order_files f where f.message_id = m.id)
          as files
        from chat_messages m
        where m.order_id = o.id and m.id > $3 and m.id < $4
        order by m.id ${direction} limit $5) x)
   from orders o where o.id = $1 and o.user_id = $2`;

/**
 * GET the chat page: the customer's order (another's, or none, is null: a 404), its unread count and the page of
 * messages with their files, in one prepared statement — one round trip. Ascending by id, as listMessages.
 */
export async function readChatPage(
  deps: Pick<Deps, 'database'>,
  userId: number,
  orderId: number,
  q: { after?: number | undefined; before?: number | undefined; limit: number },
): Promise<{ results: ChatMessage[]; has_more: boolean; unread: number } | null> {
  const ascending = q.after !== undefined && q.before === undefined;
  const query = ascending
    ? deps.database.prepared('chat_page_asc', chatPageSql('asc'))
    : deps.database.prepared('chat_page_desc', chatPageSql('desc'));
  const [found] = await query([
    String(orderId),
    String(userId),
    String(q.after ?? 0),
    String(q.before ?? MAX_ID),
    String(q.limit + 1),
  ]);
  if (!found) return null;
  const [, unread, page] = found as [string, string, string];
  const rows = JSON.parse(page) as (Record<string, unknown> & { files: Record<string, unknown>[] })[];
  const has_more = rows.length > q.limit;
  // Ascending: the oldest `limit` after the cursor; otherwise the newest `limit` (the page is sorted ascending).
  const kept = has_more ? (ascending ? rows.slice(0, q.limit) : rows.slice(1)) : rows;
  return {
    results: kept.map((r) => toChatMessage(fromJsonRow(chatMessages, r), fromJsonRows(orderFiles, r.files))),
    has_more,
    unread: Number(unread),
  };
}

/**
 * The customer's text message (no files) in one statement: the order's ownership, the author's name, the insert
 * (idempotent on client_id). Answers null when the order is not the customer's, 'exists' when the client_id was
 * stored before (the caller then answers that message), or the new row.
 */
export async function insertCustomerText(
  deps: Pick<Deps, 'database' | 'now'>,
  userId: number,
  orderId: number,
  input: { text: string; clientId: string },
): Promise<MessageRow | 'exists' | null> {
  const [found] = await deps.database.prepared(
    'chat_post_text',
    `with o as (select id from orders where id = $1 and user_id = $2),
     ins as (
       insert into chat_messages (order_id, author, author_name, text, client_id, created_at)
       select o.id, 'customer', coalesce(nullif((select fio from users where id = $2), ''), 'Заказчик'), $3, $4, $5
       from o
       on conflict (order_id, client_id) do nothing
       returning *)
     select (select count(*) from o)::text, (select row_to_json(ins)::text from ins)`,
  )([String(orderId), String(userId), input.text, input.clientId, deps.now().toISOString()]);
  const [owned, row] = found as [string, string | null];
  if (owned === '0') return null;
  if (!row) return 'exists';
  return fromJsonRow(chatMessages, JSON.parse(row) as Record<string, unknown>);
}

export async function messageByClientId(db: Executor, orderId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.orderId, orderId), eq(chatMessages.clientId, clientId)));
  return row ? (await withFiles(db, [row]))[0] : undefined;
}

/**
 * The customer's message. The same client_id again answers the message already stored (a retry after a lost
 * answer must not post twice); `created` tells which.
 */
export async function sendCustomerMessage(
  deps: Deps,
  order: OrderRow,
  input: { text: string; clientId: string; fileIds: number[] },
): Promise<{ message: ChatMessage; created: boolean }> {
  const existing = await messageByClientId(deps.db, order.id, input.clientId);
  if (existing) return { message: existing, created: false };
  const [user] = await deps.db.select({ fio: users.fio }).from(users).where(eq(users.id, order.userId));
  const result = await deps.db.transaction(async (tx) => {
    await lockOrderChat(tx, order.id);
    const [row] = await tx
      .insert(chatMessages)
      .values({
        orderId: order.id,
        author: 'customer',
        authorName: user?.fio || 'Заказчик',
        text: input.text,
        clientId: input.clientId,
        createdAt: deps.now(),
      })
      .onConflictDoNothing({ target: [chatMessages.orderId, chatMessages.clientId] })
      .returning();
    if (!row) return null;
    const files = await claimUploads(tx, order.userId, input.fileIds, {
      orderId: order.id,
      messageId: row.id,
    });
    return toChatMessage(row, files);
  });
  if (!result) {
    // A concurrent retry won the insert.
    const again = await messageByClientId(deps.db, order.id, input.clientId);
    if (!again) throw new Error('chat message vanished');
    return { message: again, created: false };
  }
  await publishEvents(deps, [
    chatMessageEvent(order.userId, result),
    ...result.files.map((file) => ({
      userId: order.userId,
      event: { type: 'order.file', orderId: order.id, file } as RealtimeEvent,
    })),
  ]);
  return { message: result, created: true };
}

export async function sendStaffMessage(
  deps: Deps,
  order: OrderRow,
  input: { author: Exclude<Author, 'customer'>; text: string; authorName?: string | undefined },
  alsoInTx?: AlsoInTx,
): Promise<ChatMessage> {
  const row = await deps.db.transaction(async (tx) => {
    await lockOrderChat(tx, order.id);
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        orderId: order.id,
        author: input.author,
        authorName: input.authorName || STAFF_NAMES[input.author],
        text: input.text,
        createdAt: deps.now(),
      })
      .returning();
    if (!inserted) throw new Error('message not inserted');
    // The customer hears of it by letter unless they read it first (docs/notifications.md).
    await queueChatLetter({ db: tx, now: deps.now }, order.id, deps.config.notifyBatchSeconds);
    await alsoInTx?.(tx);
    return inserted;
  });
  const message = toChatMessage(row, []);
  await publishEvents(deps, [chatMessageEvent(order.userId, message)]);
  return message;
}

/** Benchmarks: many messages at once, alternating writer and manager, in chunks. */
export async function bulkStaffMessages(
  deps: { db: Executor; now: () => Date },
  order: OrderRow,
  total: number,
): Promise<number> {
  const now = deps.now().getTime();
  for (let start = 0; start < total; start += 1000) {
    const n = Math.min(1000, total - start);
    await deps.db.insert(chatMessages).values(
      Array.from({ length: n }, (_, i) => {
        const k = start + i;
        const author = k % 2 === 0 ? ('writer' as const) : ('manager' as const);
        return {
          orderId: order.id,
          author,
          authorName: STAFF_NAMES[author],
          text: `Сообщение №${k + 1}: рабочий вопрос по заказу.`,
          createdAt: new Date(now - (total - k) * 1000),
        };
      }),
    );
  }
  return total;
}

/** Marks the writer's and the manager's messages up to `upToId` read; answers how many stay unread. */
export async function markRead(deps: Deps, order: OrderRow, upToId: number): Promise<number> {
  await deps.db
    .update(chatMessages)
    .set({ readAt: deps.now() })
    .where(
      and(
        eq(chatMessages.orderId, order.id),
        lte(chatMessages.id, upToId),
        isNull(chatMessages.readAt),
        sql`${chatMessages.author} <> 'customer'`,
      ),
    );
  const unread = await unreadCount(deps.db, order.id);
  await publishEvents(deps, [
    { userId: order.userId, event: { type: 'chat.read', orderId: order.id, upToId, unread } },
  ]);
  return unread;
}
