import { confirmPhone } from './notifications/settings';
import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '../env';
import type { Executor } from './orders-db';
import { oneTimeTokens } from '../db/tables';
import { sha256 } from './sessions';
import { SECOND_FACTOR_TICKET_TTL_MS } from '../../contract/two-factor';

export type OneTimeKind = (typeof oneTimeTokens.$inferSelect)['kind'];
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

export const TTL_MS: Record<OneTimeKind, number> = {
  login_code: 10 * 60_000,
  password_reset: 60 * 60_000,
  auto_login: 15 * 60_000,
  social: 30 * 60_000,
  second_factor: SECOND_FACTOR_TICKET_TTL_MS,
};

/** A sign-in code dies after this many wrong tries. */
export const MAX_CODE_ATTEMPTS = 5;

type D = Pick<Deps, 'db' | 'now'>;

/** Issues a random single-use token (256 bits, URL-safe); only its sha256 is stored. */
export async function issueToken(
  deps: { db: Executor; now: () => Date },
  kind: Exclude<OneTimeKind, 'login_code'>,
  opts: { userId?: number | null; subject?: string; payload?: Record<string, unknown> } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.insert(oneTimeTokens).values({
    kind,
    secretHash: sha256(token),
    userId: opts.userId ?? null,
    subject: opts.subject ?? '',
    payload: opts.payload ?? {},
    createdAt: now,
    expiresAt: new Date(now.getTime() + TTL_MS[kind]),
  });
  return token;
}

const live = (deps: D) => and(isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, deps.now()));

/** The live token without using it (a page asking whether its link still works). */
export async function peekToken(deps: D, kind: OneTimeKind, token: string): Promise<OneTimeToken | null> {
  if (!token) return null;
  const [row] = await deps.db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.kind, kind), eq(oneTimeTokens.secretHash, sha256(token)), live(deps)))
    .limit(1);
  return row ?? null;
}

/** Uses the token up: of two concurrent calls exactly one gets the row; a dead or unknown token gives null. */
export async function consumeToken(deps: D, kind: OneTimeKind, token: string): Promise<OneTimeToken | null> {
  if (!token) return null;
  const [row] = await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: deps.now() })
    .where(and(eq(oneTimeTokens.kind, kind), eq(oneTimeTokens.secretHash, sha256(token)), live(deps)))
    .returning();
  return row ?? null;
}

/** Kills every live token of a kind for a customer (older restore links once the password is set). */
export async function retireTokens(deps: D, kind: OneTimeKind, userId: number): Promise<void> {
  await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: deps.now() })
    .where(and(eq(oneTimeTokens.kind, kind), eq(oneTimeTokens.userId, userId), live(deps)));
}

/**
 * A 6-digit sign-in code for a login; a new code replaces the previous one. The hash is salted with the row's
 * id so equal codes of two customers never share a hash.
 */
export async function issueLoginCode(deps: D, userId: number, login: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = deps.now();
  await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.kind, 'login_code'), eq(oneTimeTokens.subject, login), live(deps)));
  const id = crypto.randomUUID();
  await deps.db.insert(oneTimeTokens).values({
    id,
    kind: 'login_code',
    secretHash: sha256(`${id}:${code}`),
    userId,
    subject: login,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TTL_MS.login_code),
  });
  return code;
}

export type CodeCheck = { ok: true; userId: number } | { ok: false; reason: 'none' | 'wrong' | 'exhausted' };

/** Checks a code for a login: right → used up; wrong → one try fewer, and dead after MAX_CODE_ATTEMPTS. */
export async function verifyLoginCode(deps: D, login: string, code: string): Promise<CodeCheck> {
  const [row] = await deps.db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.kind, 'login_code'), eq(oneTimeTokens.subject, login), live(deps)))
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  if (!row || row.userId === null) return { ok: false, reason: 'none' };
  if (row.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: 'exhausted' };
  if (sha256(`${row.id}:${code}`) === row.secretHash) {
    const [used] = await deps.db
      .update(oneTimeTokens)
      .set({ usedAt: deps.now() })
      .where(
        and(
          eq(oneTimeTokens.id, row.id),
          isNull(oneTimeTokens.usedAt),
          lt(oneTimeTokens.attempts, MAX_CODE_ATTEMPTS),
        ),
      )
      .returning({ id: oneTimeTokens.id });
    if (!used) return { ok: false, reason: 'none' };
    // A code sent to a phone and entered proves the phone the customer's: SMS notifications may go to it.
    if (login.startsWith('+')) await confirmPhone(deps.db, row.userId, login, deps.now());
    return { ok: true, userId: row.userId };
  }
  const [after] = await deps.db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(eq(oneTimeTokens.id, row.id))
    .returning({ attempts: oneTimeTokens.attempts });
  return {
    ok: false,
    reason: (after?.attempts ?? MAX_CODE_ATTEMPTS) >= MAX_CODE_ATTEMPTS ? 'exhausted' : 'wrong',
  };
}
