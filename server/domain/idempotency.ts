import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../env';
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
