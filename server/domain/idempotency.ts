import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../env';
import type { Executor } from './orders-db';
import { idempotencyKeys } from '../db/tables';
import { badRequest, mismatch } from './errors';
import type { Tx } from './ledger';

export const IDEMPOTENCY_MESSAGES = {
  missing: 'Нужен заголовок Idempotency-Key.',
  bad: 'Idempotency-Key: от 8 до 200 видимых символов.',
  mismatch: 'Этот Idempotency-Key уже использован с другим запросом.',
} as const;

const KEY = /^[\x21-\x7e]{8,200}$/;

/** Validates the header value; 400 when it is missing or malformed. */
export function requireIdempotencyKey(header: string | undefined): string {
  if (header === undefined || header.trim() === '') throw badRequest(IDEMPOTENCY_MESSAGES.missing);
  const key = header.trim();
  if (!KEY.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.bad);
  return key;
}

/** JSON with sorted keys, so `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest('hex');
}

export interface IdempotentResult<T> {
  status: 200 | 201;
  body: T;
  /** False when this is the stored answer of an earlier request with the same key (no effect happened now). */
  fresh: boolean;
}

/**
 * Runs `effect` at most once per (customer, key). The key row is inserted FIRST, in the same transaction as the
 * effect (INSERT … ON CONFLICT DO NOTHING): a concurrent request with the same key waits on the unique index until
 * the first commits, then finds the row and returns its stored answer. When the effect throws, the transaction
 * rolls back together with the key row: a refused request moved nothing and can be retried with the same key.
 */
export async function withIdempotency<T>(
  deps: Pick<Deps, 'db' | 'now'>,
  req: { userId: number; key: string; fingerprint: string },
  effect: (tx: Tx) => Promise<{ status: 200 | 201; body: T }>,
): Promise<IdempotentResult<T>> {
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ userId: req.userId, key: req.key, requestHash: req.fingerprint, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, req.userId), eq(idempotencyKeys.key, req.key)));
      if (!stored) throw new Error('idempotency row vanished');
      if (stored.requestHash !== req.fingerprint) throw mismatch(IDEMPOTENCY_MESSAGES.mismatch);
      return {
        status: stored.responseStatus as 200 | 201,
        body: JSON.parse(stored.responseBody) as T,
        fresh: false,
      };
    }
    const result = await effect(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: JSON.stringify(result.body) })
      .where(and(eq(idempotencyKeys.userId, req.userId), eq(idempotencyKeys.key, req.key)));
    return { ...result, fresh: true };
  });
}

/**
 * How long a key replays its answer. A key is the customer's attempt: the page that made it sends it again only for
 * a retry of the same request after a failure, while it stays open (machines/submission), so a retry comes seconds
 * or minutes later, at most hours. A week, as long as the job runner keeps its own keys (done jobs), is far past any
 * retry and costs a week of money-moving calls' rows (docs/scaling.md "Recurring jobs at size").
 */
export const IDEMPOTENCY_KEEP_MS = 7 * 86_400_000;
/** Keys deleted per clean-up pass at most (a pass every minute: server/jobs/tasks.ts). */
export const IDEMPOTENCY_PRUNE_BATCH = 1_000;

/**
 * Deletes keys made before `before`, the oldest first and at most `limit` of them; returns how many went (`limit`
 * means there may be more). `idempotency_keys_created_idx` gives the oldest in order and its scan stops at the
 * limit, so a pass costs its batch whatever the backlog. The table has no id: the batch's row addresses (ctid) go to
 * the delete as an array, each a direct read (a row moved by an update meanwhile no longer matches, and waits for
 * the next pass).
 */
export async function pruneIdempotencyKeys(
  db: Executor,
  opts: { before: Date; limit?: number },
): Promise<number> {
  const res = await db.execute(idempotencyPruneSql(opts.before, opts.limit ?? IDEMPOTENCY_PRUNE_BATCH));
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** The clean-up's one statement (its plan is checked by tests/server/idempotency-prune.test.ts). */
export function idempotencyPruneSql(before: Date, limit: number) {
  return sql`with gone as (delete from idempotency_keys where ctid = any(array(
      select ctid from idempotency_keys where created_at < ${before.toISOString()}::timestamptz
      order by created_at
      limit ${limit})) returning 1)
    select count(*)::int as n from gone`;
}
