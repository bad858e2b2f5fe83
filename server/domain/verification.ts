import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../env';
import { users, verifications } from '../db/tables';
import { ApiError, badRequest, forbidden, tooManyRequests } from '../errors';
import { sendToOutbox } from './outbox';
import type { DbOrTx, Tx } from './ledger';
import {
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_MAX_TRIES,
  VERIFICATION_RESEND_MS,
  type VerificationKind,
  type VerificationStatus,
} from '../../src/api/contract/payments';

export const VERIFICATION_KINDS: readonly VerificationKind[] = ['repayment', 'bonus'];

export const VERIFICATION_MESSAGES = {
  noPhone: 'Укажите телефон в профиле.',
  wrongCode: 'Неверный код.',
  noCode: 'Код устарел или не запрошен. Запросите новый код.',
  tooManyTries: 'Слишком много неверных попыток. Запросите новый код.',
  resend: 'Код уже отправлен. Повторная отправка возможна через минуту.',
  notVerified: 'Подтвердите вывод средств кодом из SMS.',
} as const;

type Row = typeof verifications.$inferSelect;

function statusOf(row: Row | undefined, now: Date): VerificationStatus {
  if (!row) return 'unverified';
  if (row.verifiedAt) return 'verified';
  if (row.codeHash && row.expiresAt && row.expiresAt > now && row.attempts < VERIFICATION_MAX_TRIES)
    return 'requested';
  return 'unverified';
}

function codeHash(deps: Pick<Deps, 'config'>, userId: number, kind: VerificationKind, code: string) {
  return createHmac('sha256', deps.config.jwtSecret).update(`${userId}:${kind}:${code}`).digest('hex');
}

export async function verificationStatus(
  deps: { db: DbOrTx; now: () => Date },
  userId: number,
  kind: VerificationKind,
): Promise<VerificationStatus> {
  const [row] = await deps.db
    .select()
    .from(verifications)
    .where(and(eq(verifications.userId, userId), eq(verifications.kind, kind)));
  return statusOf(row, deps.now());
}

/** Repayment calls answer 403 unless the repayment verification is done (spec 8: the SPA then re-checks it). */
export async function assertVerified(
  deps: { db: DbOrTx; now: () => Date },
  userId: number,
  kind: VerificationKind,
) {
  if ((await verificationStatus(deps, userId, kind)) !== 'verified')
    throw forbidden(VERIFICATION_MESSAGES.notVerified);
}

async function lockRow(tx: Tx, userId: number, kind: VerificationKind): Promise<Row> {
  await tx.insert(verifications).values({ userId, kind }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(verifications)
    .where(and(eq(verifications.userId, userId), eq(verifications.kind, kind)))
    .for('update');
  if (!row) throw new Error('verification row missing after insert');
  return row;
}

/** POST verificate-code/{type}/: a new 6-digit code by SMS through the outbox, at most one per minute. */
export async function requestCode(
  deps: Deps,
  userId: number,
  kind: VerificationKind,
): Promise<VerificationStatus> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    if (!user?.phone) throw badRequest(VERIFICATION_MESSAGES.noPhone);
    const row = await lockRow(tx, userId, kind);
    if (row.verifiedAt) return 'verified';
    if (row.lastSentAt) {
      const wait = row.lastSentAt.getTime() + VERIFICATION_RESEND_MS - now.getTime();
      if (wait > 0) throw tooManyRequests(wait / 1000, VERIFICATION_MESSAGES.resend);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx
      .update(verifications)
      .set({
        codeHash: codeHash(deps, userId, kind, code),
        expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
        attempts: 0,
        lastSentAt: now,
      })
      .where(and(eq(verifications.userId, userId), eq(verifications.kind, kind)));
    await sendToOutbox(
      { db: tx, now: deps.now },
      {
        channel: 'sms',
        recipient: user.phone,
        body: `Код подтверждения: ${code}. Никому его не сообщайте.`,
        kind: `verification_${kind}`,
        payload: { code, kind },
      },
    );
    return 'requested';
  });
}

/**
 * PATCH verificate-code/{type}/: checks the code. A wrong try is counted in a committed transaction (the error is
 * thrown after commit), the fifth kills the code; the right one is used up.
 */
export async function checkCode(
  deps: Deps,
  userId: number,
  kind: VerificationKind,
  code: string,
): Promise<VerificationStatus> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockRow(tx, userId, kind);
    if (row.verifiedAt) return { status: 'verified' as const };
    if (statusOf(row, deps.now()) !== 'requested' || !row.codeHash)
      return { error: VERIFICATION_MESSAGES.noCode };
    const given = Buffer.from(codeHash(deps, userId, kind, code));
    if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
      const attempts = row.attempts + 1;
      const dead = attempts >= VERIFICATION_MAX_TRIES;
      await tx
        .update(verifications)
        .set({ attempts, ...(dead ? { codeHash: null, expiresAt: null } : {}) })
        .where(and(eq(verifications.userId, userId), eq(verifications.kind, kind)));
      return { error: dead ? VERIFICATION_MESSAGES.tooManyTries : VERIFICATION_MESSAGES.wrongCode };
    }
    await tx
      .update(verifications)
      .set({ verifiedAt: deps.now(), codeHash: null, expiresAt: null })
      .where(and(eq(verifications.userId, userId), eq(verifications.kind, kind)));
    return { status: 'verified' as const };
  });
  if ('error' in outcome) throw new ApiError(400, { code: [outcome.error] });
  return outcome.status;
}

/** Staff: set a customer's verification back to unverified (or straight to verified, for demos and tests). */
export async function setVerification(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
  kind: VerificationKind,
  status: 'unverified' | 'verified',
) {
  await deps.db
    .delete(verifications)
    .where(and(eq(verifications.userId, userId), eq(verifications.kind, kind)));
  if (status === 'verified')
    await deps.db.insert(verifications).values({ userId, kind, verifiedAt: deps.now() });
}
