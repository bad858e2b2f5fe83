import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { ORDER_STATUSES, type OrderTab } from '../../../contract/order-status';
import { SEARCH_FOLD } from '../../../contract/order-query';

/** The tab of /home/{tab} an order shows in: the trash and cancelled orders are the archive. */
const TAB_SQL = sql.raw(
  `case when is_trash or status_id = ${ORDER_STATUSES.cancelled.id} then 'archive' ` +
    `when status_id = ${ORDER_STATUSES.done.id} then 'done' else 'active' end`,
);

/** What the list's search compares: topic and subject folded as contract/order-query.ts normalizeSearch does. */
const SEARCH_SQL = sql.raw(`translate(topic || ' ' || subject, '${SEARCH_FOLD.from}', '${SEARCH_FOLD.to}')`);

/**
 * An order. Money is in whole roubles everywhere (integers). `statusId` is one of ORDER_STATUSES
 * (contract/order-status.ts); `isTrash` is the customer's archive (shown as status 16).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    statusId: integer('status_id').notNull().default(1),
    isTrash: boolean('is_trash').notNull().default(false),
    workType: text('work_type').notNull(),
    subject: text('subject').notNull().default(''),
    topic: text('topic').notNull(),
    pages: integer('pages').notNull().default(1),
    originality: integer('originality').notNull().default(60),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    requirements: text('requirements').notNull().default(''),
    link: text('link').notNull().default(''),
    /** Full price and what has been paid so far (money + bonus); the order waits for payment while paid < price. */
    price: integer('price').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    guaranteeUntil: timestamp('guarantee_until', { withTimezone: true }),
    filesWithoutQc: boolean('files_without_qc').notNull().default(false),
    /** Derived by the database from isTrash and statusId, so lists and counters read one index. */
    tab: text('tab').$type<OrderTab>().notNull().generatedAlwaysAs(TAB_SQL),
    /** Derived by the database: topic and subject, folded for the list's search (any case, ё = е). */
    searchText: text('search_text').notNull().generatedAlwaysAs(SEARCH_SQL),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_status_idx').on(t.userId, t.isTrash, t.statusId, t.id),
    // Lists are newest first per customer (and tab): a page is read backwards from these indexes, no sort.
    index('orders_user_id_idx').on(t.userId, t.id),
    index('orders_user_tab_idx').on(t.userId, t.tab, t.id),
    // The list's sorts other than the order number (contract/order-query.ts ORDER_SORTS).
    index('orders_user_deadline_idx').on(t.userId, t.deadline, t.id),
    index('orders_user_updated_idx').on(t.userId, t.updatedAt, t.id),
    index('orders_user_price_idx').on(t.userId, t.price, t.id),
    // The search (`search_text like '%…%'`): a trigram index finds the rows holding a rare term without reading
    // the customer's every order (pg_trgm: migration 0018 creates the extension, PGlite loads its contrib build).
    // user_id is its first column (btree_gin, migration 0021): a scan reads the customer's entries, not every
    // order of the table that holds the term's trigrams (docs/scaling.md "Data growth").
    index('orders_user_search_trgm_idx').using('gin', t.userId, t.searchText.op('gin_trgm_ops')),
    // The staff funnel (server/domain/analytics-reports.ts) reads the orders of its days, across customers.
    index('orders_created_idx').on(t.createdAt),
    // The guarantee sweep (server/jobs/tasks.ts) finds the guarantees that ran out, across customers.
    index('orders_guarantee_running_idx')
      .on(t.guaranteeUntil)
      .where(sql`${t.statusId} = 5`),
    // The dashboard's earliest running guarantee of one customer (read-model.ts): the customer's entries only, where
    // the index above would be read across customers (migration 0024, docs/scaling.md).
    index('orders_user_guarantee_idx')
      .on(t.userId, t.guaranteeUntil)
      .where(sql`${t.statusId} = 5`),
  ],
);

/** A draft order ('fake' in the spec's paths): whatever the customer typed so far, kept as typed. */
export const orderDrafts = pgTable(
  'order_drafts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_drafts_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * Every stored file of the orders domain. A file uploaded before it belongs anywhere (ajax-files) has neither
 * orderId nor draftId; a draft's file has draftId; an order's file has orderId (and messageId / reworkId when it
 * came with a chat message or a rework request). `storageName` is the server-made name under DATA_DIR/files/.
 */
export const orderFiles = pgTable(
  'order_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    draftId: integer('draft_id').references(() => orderDrafts.id, { onDelete: 'set null' }),
    messageId: integer('message_id'),
    reworkId: integer('rework_id'),
    kind: text('kind').$type<'customer' | 'intermediate' | 'final'>().notNull().default('customer'),
    author: text('author').$type<'customer' | 'writer' | 'manager'>().notNull().default('customer'),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    storageName: text('storage_name').notNull(),
    isReviewed: boolean('is_reviewed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_files_order_idx').on(t.orderId, t.id),
    index('order_files_draft_idx').on(t.draftId),
    index('order_files_user_pending_idx')
      .on(t.userId)
      .where(sql`${t.orderId} is null and ${t.draftId} is null`),
    index('order_files_message_idx').on(t.messageId),
    index('order_files_rework_idx').on(t.reworkId),
  ],
);

/** A customer's request to rework a delivered order, and the writer's answer. */
export const reworks = pgTable(
  'reworks',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<'new' | 'in_progress' | 'done'>().notNull().default('new'),
    comment: text('comment').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reworks_order_idx').on(t.orderId, t.id)],
);

/** The order's chat with the writer and the manager. `clientId` makes a customer's retry idempotent. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    author: text('author').$type<'customer' | 'writer' | 'manager'>().notNull(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    clientId: uuid('client_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('chat_messages_order_idx').on(t.orderId, t.id),
    uniqueIndex('chat_messages_client_key').on(t.orderId, t.clientId),
    // Unread counters (list badges) read only this small partial index.
    index('chat_messages_unread_idx')
      .on(t.orderId)
      .where(sql`${t.readAt} is null and ${t.author} <> 'customer'`),
  ],
);

/**
 * A change stamp of each customer's orders: database triggers (migration 0008) set `version` to the next value of
 * `order_list_version_seq` whenever a statement writes the customer's orders or their chat messages, whichever
 * code path or server instance wrote them. The order list is cached per customer under this stamp.
 */
export const orderListVersions = pgTable('order_list_versions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});
