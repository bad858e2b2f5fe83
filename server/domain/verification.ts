import { confirmPhone } from './notifications/settings';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Deps } from '../env';
import { outbox, users, verifications } from '../db/tables';
import { badRequest, DomainError, forbidden, tooManyRequests } from './errors';
import { sendToOutbox } from './outbox';
import type { DbOrTx, Tx } from './ledger';
import {
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_MAX_TRIES,
  VERIFICATION_RESEND_MS,
  VERIFICATION_SENDS_PER_HOUR,
  VERIFICATION_VALID_DAYS,
  type VerificationKind,
  type VerificationStatus,
} from '../../contract/payments';

export const VERIFICATION_MESSAGES = {
  noPhone: 'Укажите телефон в профиле.',
  wrongCode: 'Неверный код.',
  noCode: 'Код устарел или не запрошен. Запросите новый код.',
  tooManyTries: 'Слишком много неверных попыток. Запросите новый код.',
  resend: 'Код уже отправлен. Повторная отправка возможна через минуту.',
  hourly: `Отправлено ${VERIFICATION_SENDS_PER_HOUR} кодов за час. Попробуйте позже.`,
  notVerified: 'Подтвердите вывод средств кодом из SMS.',
} as const;

type Row = typeof verifications.$inferSelect;

const VALID_MS = VERIFICATION_VALID_DAYS * 24 * 3600_000;
const HOUR_MS = 3600_000;

/** When a verification made at `verifiedAt` runs out. */
const verifiedUntil = (verifiedAt: Date) => new Date(verifiedAt.getTime() + VALID_MS);

function statusOf(row: Row | undefined, now: Date): VerificationStatus {
  if (!row) return 'unverified';
  if (row.verifiedAt && verifiedUntil(row.verifiedAt) > now) return 'verified';
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

/** `+7 ••• •••-45-67`: the country digit and the last four, the rest hidden. */
export function maskPhone(phone: string | null): string | null {
  const d = phone?.replace(/\D/g, '') ?? '';
  if (d.length < 6) return null;
  const hidden = '•'.repeat(d.length - 5);
  const groups = hidden.length > 3 ? `${hidden.slice(0, 3)} ${hidden.slice(3)}` : hidden;
  return `+${d[0]} ${groups}-${d.slice(-4, -2)}-${d.slice(-2)}`;
}

/** GET verification-status/{type}/: the status, the masked phone the SMS goes to, and until when it is valid. */
export async function verificationDetails(
  deps: { db: DbOrTx; now: () => Date },
  userId: number,
  kind: VerificationKind,
) {
  const [user] = await deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  const [row] = await deps.db
    .select()
    .from(verifications)
    .where(and(eq(verifications.userId, userId), eq(verifications.kind, kind)));
  const status = statusOf(row, deps.now());
  return {
    status,
    phone: maskPhone(user?.phone ?? null),
    verified_until:
      status === 'verified' && row?.verifiedAt ? verifiedUntil(row.verifiedAt).toISOString() : null,
  };
}

/** The profile phone changed: every verification of the customer is void, and so is a code sent to the old phone. */
export async function resetVerifications(db: DbOrTx, userId: number) {
  await db
    .update(verifications)
    .set({ verifiedAt: null, codeHash: null, expiresAt: null, attempts: 0 })
    .where(eq(verifications.userId, userId));
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

/**
 * POST verificate-code/{type}/: a new 6-digit code by SMS through the outbox, at most one per minute and
 * VERIFICATION_SENDS_PER_HOUR per hour to one phone (counted in the outbox); 429 + Retry-After otherwise.
 */
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
    if (statusOf(row, now) === 'verified') return 'verified';
    if (row.lastSentAt) {
      const wait = row.lastSentAt.getTime() + VERIFICATION_RESEND_MS - now.getTime();
      if (wait > 0) throw tooManyRequests(wait / 1000, VERIFICATION_MESSAGES.resend);
    }
    const smsKind = `verification_${kind}`;
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const recent = and(
      eq(outbox.recipient, user.phone),
      eq(outbox.kind, smsKind),
      gt(outbox.createdAt, hourAgo),
    );
    const [sent] = await tx.select({ n: count() }).from(outbox).where(recent);
    if ((sent?.n ?? 0) >= VERIFICATION_SENDS_PER_HOUR) {
      // The next send is allowed once the oldest of the last hour's sends is an hour old.
      const [oldest] = await tx
        .select({ at: outbox.createdAt })
        .from(outbox)
        .where(recent)
        .orderBy(outbox.createdAt)
        .limit(1);
      const wait = (oldest?.at.getTime() ?? now.getTime()) + HOUR_MS - now.getTime();
      throw tooManyRequests(Math.max(1, wait / 1000), VERIFICATION_MESSAGES.hourly);
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
        kind: smsKind,
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
    if (statusOf(row, deps.now()) === 'verified') return { status: 'verified' as const };
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
    // The code went to the customer's phone: it is theirs (SMS notifications may go to it).
    const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    if (user?.phone) await confirmPhone(tx, userId, user.phone, deps.now());
    return { status: 'verified' as const };
  });
  if ('error' in outcome) throw new DomainError('invalid', { code: [outcome.error] });
  return outcome.status;
}

/** Staff: set a customer's verification back to unverified (or straight to verified, for demos and tests). */
export async function setVerification(
  deps: { db: DbOrTx; now: () => Date },
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
