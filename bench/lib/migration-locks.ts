// What a migration locks (issue 37 part 2; docs/operations.md "Upgrading a big database"). The server applies all
// pending migrations in one transaction (server/db/client.ts), so a lock that blocks writes, once taken, stays until
// the last pending migration ends. These helpers apply migrations as the server does, statement by statement on one
// connection, and after each statement read which big tables the transaction holds in a mode that blocks writes; for
// a statement that runs while such a lock is held, they read its plan first (a scan of a big table then would block
// writes for that scan's time). tests/server/migration-locks.test.ts holds the rules; the `scale` bench measures the
// writes' stalls on a filled database.
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../../server/db/client';

/** Tables that grow with the customers: a write-blocking lock on one of them stops the service's writes. */
export const BIG_TABLES = [
  'users',
  'orders',
  'chat_messages',
  'payments',
  'page_views',
  'ledger_entries',
  'jobs',
  'outbox',
  'auth_sessions',
  'customer_origins',
  'order_origins',
  'customer_firsts',
  'idempotency_keys',
] as const;

/** Lock modes that conflict with ROW EXCLUSIVE (INSERT, UPDATE, DELETE). */
export const WRITE_BLOCKING = ['ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock'];

/** From this migration on, the rules hold (the earlier ones were written before them). */
export const RULES_SINCE = '0021_growth_indexes';

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function migrationTags(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  return journal.entries.map((e) => e.tag);
}

/** A migration's statements, split where the server splits them. */
export function migrationStatements(tag: string): string[] {
  return readFileSync(join(migrationsFolder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A statement without its leading comment lines. */
export const withoutComments = (s: string) =>
  s
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n')
    .trim();

/** The SQL an operator runs before upgrading a big database: the first sql block under its heading. */
export function preUpgradeStatements(): string[] {
  const doc = readFileSync(join(migrationsFolder, '../../../docs/operations.md'), 'utf8');
  const at = doc.indexOf('### Upgrading a big database');
  if (at < 0) throw new Error('docs/operations.md has no "Upgrading a big database" section');
  const block = /```sql\n([\s\S]*?)```/.exec(doc.slice(at));
  if (!block) throw new Error('docs/operations.md "Upgrading a big database" has no sql block');
  return block[1]!.split(';').map(withoutComments).filter(Boolean);
}

export interface StatementRun {
  tag: string;
  /** The statement's first line, to name it. */
  head: string;
  /** The statement without its comments. */
  body: string;
  ms: number;
  /** Big tables this statement newly locked against writes, with the mode. */
  locked: { table: string; mode: string }[];
  /** Big tables already locked against writes when it started. */
  heldBefore: string[];
  /** For a statement that reads rows while a write-blocking lock was held: the big tables its plan reads whole. */
  seqScans: string[];
}

const DML = /^(insert|update|delete|with|select)\b/i;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** The tables a plan reads whole: a sequential scan, or an index scan with no condition on the index (all of it). */
function wholeScans(node: PlanNode): string[] {
  const here =
    node['Relation Name'] &&
    (node['Node Type'] === 'Seq Scan' ||
      (/^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond']))
      ? [node['Relation Name']]
      : [];
  return [...here, ...(node.Plans ?? []).flatMap(wholeScans)];
}

/**
 * Applies the migrations `tags` in one transaction on `client`, as the server does, watching locks and plans; commits
 * when `commit`, else rolls back. Plans are read with sequential scans discouraged (enable_seqscan off), so a scan
 * of a whole table left in a plan is one no index can avoid, whatever the table's size.
 */
export async function applyWatched(
  client: pg.Client,
  tags: string[],
  opts: { commit: boolean },
): Promise<StatementRun[]> {
  const runs: StatementRun[] = [];
  const held = new Map<string, string>();
  // A table these migrations create is new: no one writes it yet.
  const created = new Set(
    tags.flatMap((tag) =>
      migrationStatements(tag).flatMap((st) => [...st.matchAll(/CREATE TABLE "(\w+)"/g)].map((m) => m[1]!)),
    ),
  );
  const watched: string[] = BIG_TABLES.filter((t) => !created.has(t));
  await client.query('begin');
  try {
    for (const tag of tags)
      for (const statement of migrationStatements(tag)) {
        const body = withoutComments(statement);
        const heldBefore = [...held.keys()];
        let seqScans: string[] = [];
        if (heldBefore.length && DML.test(body)) {
          await client.query('set local enable_seqscan = off');
          const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `explain (format json) ${body}`,
          );
          await client.query('set local enable_seqscan = on');
          seqScans = wholeScans(rows[0]!['QUERY PLAN'][0].Plan).filter((t) => watched.includes(t));
        }
        const t = performance.now();
        await client.query(statement);
        const ms = performance.now() - t;
        const { rows } = await client.query<{ relname: string; mode: string }>(
          `select c.relname, l.mode from pg_locks l join pg_class c on c.oid = l.relation
           where l.pid = pg_backend_pid() and l.mode = any($1) and c.relname = any($2)`,
          [WRITE_BLOCKING, watched],
        );
        const locked: { table: string; mode: string }[] = [];
        for (const r of rows)
          if (!held.has(r.relname)) {
            held.set(r.relname, r.mode);
            locked.push({ table: r.relname, mode: r.mode });
          }
        runs.push({ tag, head: body.split('\n')[0]!.slice(0, 100), body, ms, locked, heldBefore, seqScans });
      }
    await client.query(opts.commit ? 'commit' : 'rollback');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
  return runs;
}

/** What undoes each measured migration on a filled database, so that it can be applied again (the bench only). */
export const UNDO: Record<string, string[]> = {
  '0020_notifications': [
    'drop table notification_chat_marks, notification_settings, push_subscriptions',
    'alter table outbox drop column dedupe_key',
  ],
  // The old trigram index it drops is not built again (minutes on a big table): its DROP then finds nothing.
  '0021_growth_indexes': [
    'drop index orders_user_search_trgm_idx, orders_created_idx, payments_paid_completed_idx, payments_user_paid_idx, jobs_finished_idx',
  ],
  '0022_funnel_firsts': [
    'drop trigger orders_customer_firsts on orders',
    'drop trigger orders_funnel_reprice on orders',
    'drop trigger payments_customer_firsts_ins on payments',
    'drop trigger payments_customer_firsts_upd on payments',
    'drop function customer_firsts_orders(), customer_firsts_payments(), funnel_days_reprice()',
    'drop table customer_firsts, funnel_days, funnel_rolled',
  ],
  '0023_funnel_sources': [
    'drop trigger funnel_days_sources_ins on funnel_days',
    'drop trigger funnel_days_sources_upd on funnel_days',
    'drop trigger funnel_days_sources_del on funnel_days',
    'drop function funnel_source_days_sync()',
    'drop table funnel_source_days',
  ],
  '0024_user_guarantee_index': ['drop index orders_user_guarantee_idx'],
  '0025_idempotency_prune_index': ['drop index idempotency_keys_created_idx'],
  '0026_page_views_rolled': ['drop table page_views_rolled'],
  // The reprice trigger's function as 0022 made it (the trigger stays; the writers' updates of orders call it).
  '0027_funnel_day_in_progress': [
    withoutComments(
      migrationStatements('0022_funnel_firsts').find((st) =>
        st.includes('CREATE FUNCTION "funnel_days_reprice"'),
      )!,
    ).replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'),
    'alter table funnel_rolled drop column until',
  ],
  '0028_funnel_source_index': ['drop index funnel_days_source_idx'],
  '0029_orders_user_statistics': ['alter table orders alter column user_id set statistics -1'],
};

/** The small writes a live service keeps making, one connection per table. */
const WRITES: Record<string, (n: number) => string> = {
  users: (n) => `update users set fio = fio where id = ${1 + (n % 1000)}`,
  orders: (n) => `insert into orders (user_id, work_type, topic, deadline, created_at, updated_at)
    values (${1 + (n % 1000)}, 'Реферат', 'Заказ во время миграции', now() + interval '14 days', now(), now())`,
  chat_messages: (n) => `insert into chat_messages (order_id, author, author_name, text, created_at)
    values (${1 + (n % 1000)}, 'customer', 'Клиент', 'Сообщение во время миграции', now())`,
  payments: (n) => `insert into payments (user_id, purpose, method, amount, provider_payment_id, created_at)
    values (${1 + (n % 1000)}, 'topup', 'card', 100, 'migration-' || gen_random_uuid(), now())`,
  page_views: () => `insert into page_views (at, kind, name) values (now(), 'view', 'Home')`,
};

export interface Stalls {
  /** The longest single write per table while the work ran (ms). */
  longest: Record<string, number>;
  writes: number;
}

/** Runs `work` while a writer per table writes every ~10 ms; reports each table's longest write. */
export async function underWrites<T>(
  url: string,
  work: () => Promise<T>,
): Promise<{ result: T; stalls: Stalls }> {
  const clients = await Promise.all(
    Object.keys(WRITES).map(async (table) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return { table, c };
    }),
  );
  let running = true;
  let writes = 0;
  const longest: Record<string, number> = {};
  const loops = clients.map(async ({ table, c }) => {
    longest[table] = 0;
    for (let n = 0; running; n++) {
      const t = performance.now();
      await c.query(WRITES[table]!(n));
      longest[table] = Math.max(longest[table], performance.now() - t);
      writes++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 200)); // the writers are under way
    const result = await work();
    return { result, stalls: { longest, writes } };
  } finally {
    running = false;
    await Promise.all(loops);
    await Promise.all(clients.map(({ c }) => c.end()));
  }
}

export interface MigrationLockRow {
  name: string;
  ms: number;
  /** Big tables locked against writes, and by which statement (its first line). */
  locked: string[];
  stalls: Stalls;
}

/**
 * On a filled database at the latest schema: each migration in `tags` is undone (newest first), then applied again
 * in order, each in its transaction as the server would, while writers write; and for 0021 once more, after the
 * docs' CONCURRENTLY statements (as an operator upgrades a big database).
 */
export async function measureMigrationLocks(url: string, tags: string[]): Promise<MigrationLockRow[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const out: MigrationLockRow[] = [];
  try {
    const undo = async (tag: string) => {
      for (const s of UNDO[tag] ?? []) await admin.query(s);
    };
    for (const tag of [...tags].reverse()) await undo(tag);
    const apply = async (name: string, tag: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const t = performance.now();
        const { result, stalls } = await underWrites(url, () =>
          applyWatched(client, [tag], { commit: true }),
        );
        out.push({
          name,
          ms: performance.now() - t,
          locked: result.flatMap((r) => r.locked.map((l) => `${l.table} ${l.mode} (${r.head.slice(0, 60)})`)),
          stalls,
        });
      } finally {
        await client.end();
      }
    };
    for (const tag of tags) await apply(tag, tag);
    if (tags.includes('0021_growth_indexes')) {
      // Again, the operator's way: its indexes built CONCURRENTLY first (and the later migrations' as well), then
      // the migrations from 0021 on.
      const since = tags.slice(tags.indexOf('0021_growth_indexes'));
      for (const tag of [...since].reverse()) await undo(tag);
      const t = performance.now();
      const { stalls } = await underWrites(url, async () => {
        for (const s of preUpgradeStatements()) await admin.query(s);
      });
      out.push({
        name: 'the indexes CONCURRENTLY (docs/operations.md)',
        ms: performance.now() - t,
        locked: [],
        stalls,
      });
      const short = (tag: string) => tag.slice(0, 4);
      await apply('0021 after them', '0021_growth_indexes');
      for (let i = 1; i < since.length; i++)
        await apply(`${short(since[i]!)} after ${short(since[i - 1]!)}`, since[i]!);
    }
  } finally {
    await admin.end();
  }
  return out;
}
