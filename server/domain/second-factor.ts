import { randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../env';
import { oneTimeTokens, twoFactor, twoFactorRecoveryCodes, users } from '../db/tables';
import { conflict, fieldErrors, notFound } from './errors';
import type { DbOrTx } from './outbox';
import { issueToken, peekToken } from './one-time-tokens';
import { sha256 } from './sessions';
import { verifyPassword } from './passwords';
import { NO_PASSWORD } from './auth';
import { matchTotp, newTotpSecret, otpauthUrl, base32Encode } from './totp';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  SECOND_FACTOR_TICKET_TRIES,
  TOTP_ISSUER,
  TWO_FACTOR_MESSAGES as M,
} from '../../contract/two-factor';
import type { SecondFactorRequired } from '../../contract/auth.api';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../contract/two-factor.api';

// Two-factor sign-in (contract/two-factor.ts): the authenticator's secret, the recovery codes, the ticket between
// the first factor and the code, and the one check other code calls (`checkSecondFactor`).

type D = { db: DbOrTx; now: () => Date };

async function enabledRow(deps: D, userId: number) {
  const [row] = await deps.db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return row ?? null;
}

export async function isTwoFactorOn(deps: D, userId: number): Promise<boolean> {
  return (await enabledRow(deps, userId)) !== null;
}

export async function twoFactorStatus(deps: D, userId: number): Promise<TwoFactorStatus> {
  const row = await enabledRow(deps, userId);
  if (!row) return { enabled: false, enabled_at: null, recovery_codes_left: 0 };
  const [left] = await deps.db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return { enabled: true, enabled_at: row.enabledAt!.toISOString(), recovery_codes_left: left?.n ?? 0 };
}

/** Starts (or restarts) turning it on: a new secret, not in force until a code from it is confirmed. */
export async function startSetup(deps: D, userId: number): Promise<TwoFactorSetup> {
  const [user] = await deps.db
    .select({ email: users.email, phone: users.phone, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound(M.userNotFound);
  if (user.passwordHash === NO_PASSWORD) throw conflict(M.noPassword);
  if (await isTwoFactorOn(deps, userId)) throw conflict(M.alreadyOn);
  const secret = newTotpSecret();
  const now = deps.now();
  await deps.db
    .insert(twoFactor)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, createdAt: now, lastStep: null } });
  return { secret, otpauth_url: otpauthUrl(secret, user.email || user.phone || String(userId), TOTP_ISSUER) };
}

/** A setup left unconfirmed this long is void (the QR code was shown, the customer walked away). */
const SETUP_TTL_MS = 60 * 60_000;

/** Confirms the setup with a code from the app: two-factor is on, and the recovery codes are made (shown once). */
export async function enableTwoFactor(deps: D, userId: number, code: string): Promise<RecoveryCodes> {
  const [row] = await deps.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (row?.enabledAt) throw conflict(M.alreadyOn);
  if (!row || row.createdAt.getTime() + SETUP_TTL_MS < deps.now().getTime()) throw conflict(M.noSetup);
  const step = matchTotp(row.secret, code, deps.now(), null);
  if (step === null) throw fieldErrors({ code: [M.wrongCode] });
  // One conditional update: of two confirmations racing, one turns it on.
  const [won] = await deps.db
    .update(twoFactor)
    .set({ enabledAt: deps.now(), lastStep: step })
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.secret, row.secret), isNull(twoFactor.enabledAt)))
    .returning({ userId: twoFactor.userId });
  if (!won) throw conflict(M.alreadyOn);
  return { detail: M.enabled, recovery_codes: await replaceRecoveryCodes(deps, userId) };
}

/** 80 random bits as `abcd-efgh-ijkl-mnop`. */
function newRecoveryCode(): string {
  const raw = base32Encode(randomBytes(10)).toLowerCase();
  return raw.match(/.{4}/g)!.join('-');
}

async function replaceRecoveryCodes(deps: D, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await deps.db.insert(twoFactorRecoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: sha256(normalizeRecoveryCode(code)),
      createdAt: deps.now(),
    })),
  );
  return codes;
}

export type SecondFactorOutcome = 'ok' | 'wrong' | 'replayed';

/**
 * Checks a code of a customer with two-factor on: an app code of a step later than the last accepted one (the
 * conditional update makes it once only, across instances), else a recovery code (deleted as it is used).
 */
async function verifyCode(deps: D, userId: number, rawCode: string): Promise<SecondFactorOutcome | 'off'> {
  const row = await enabledRow(deps, userId);
  if (!row) return 'off';
  const code = rawCode.trim();
  const now = deps.now();
  const step = matchTotp(row.secret, code, now, row.lastStep);
  if (step !== null) {
    const [won] = await deps.db
      .update(twoFactor)
      .set({ lastStep: step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
      .returning({ userId: twoFactor.userId });
    return won ? 'ok' : 'replayed';
  }
  if (matchTotp(row.secret, code, now, null) !== null) return 'replayed';
  const recovery = normalizeRecoveryCode(code);
  if (RECOVERY_CODE_PATTERN.test(recovery)) {
    const [used] = await deps.db
      .delete(twoFactorRecoveryCodes)
      .where(
        and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, sha256(recovery))),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    if (used) return 'ok';
  }
  return 'wrong';
}

/**
 * The second factor for an action that needs it (closing the account, …): 'ok' when two-factor is off or the code
 * (from the app, or a recovery code — used up) is right; 'required' when it is on and no code was given; 'wrong'
 * for a wrong or already used code. Callers count 'wrong' toward their limits (sign-in lockout).
 */
export async function checkSecondFactor(
  deps: D,
  userId: number,
  code: string | null | undefined,
): Promise<'ok' | 'required' | 'wrong'> {
  if (!code?.trim()) return (await isTwoFactorOn(deps, userId)) ? 'required' : 'ok';
  const outcome = await verifyCode(deps, userId, code);
  return outcome === 'ok' || outcome === 'off' ? 'ok' : 'wrong';
}

/** The message of a refused code. */
export const refusalOf = (outcome: 'wrong' | 'replayed') =>
  outcome === 'replayed' ? M.replayed : M.wrongCode;

/**
 * For turning it off or renewing the codes: the password and a current code must both be right. Returns the field
 * errors of what was wrong (empty when both are right); a used recovery code is gone even when the password was not.
 */
export async function checkPasswordAndCode(
  deps: D,
  userId: number,
  password: string,
  code: string,
): Promise<Record<string, string[]>> {
  if (!(await isTwoFactorOn(deps, userId))) throw conflict(M.notOn);
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  const passwordOk = !!user && (await verifyPassword(password, user.passwordHash));
  const errors: Record<string, string[]> = {};
  if (!passwordOk) errors.password = [M.wrongPassword];
  else {
    // The code is tried only with the right password, so a wrong password never spends a recovery code.
    const outcome = await verifyCode(deps, userId, code);
    if (outcome === 'wrong' || outcome === 'replayed') errors.code = [refusalOf(outcome)];
  }
  return errors;
}

export async function disableTwoFactor(deps: D, userId: number): Promise<void> {
  await deps.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await deps.db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

export async function renewRecoveryCodes(deps: D, userId: number): Promise<RecoveryCodes> {
  return { detail: M.renewed, recovery_codes: await replaceRecoveryCodes(deps, userId) };
}

/**
 * Staff turn it off for a customer who lost the app and the codes; the staff door's audit row keeps who, whom, why
 * (`reason`) and when.
 */
export async function resetByStaff(
  deps: Pick<Deps, 'db' | 'now'>,
  email: string,
  /** Appends the audit row in the reset's transaction (the staff door's `auditIn`). */
  audit: (tx: DbOrTx, userId: number, wasEnabled: boolean) => Promise<void>,
): Promise<{ detail: string; was_enabled: boolean; userId: number }> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw notFound(M.userNotFound);
  return deps.db.transaction(async (tx) => {
    const d = { db: tx, now: deps.now };
    const wasEnabled = await isTwoFactorOn(d, user.id);
    await disableTwoFactor(d, user.id);
    await audit(tx, user.id, wasEnabled);
    return { detail: M.reset, was_enabled: wasEnabled, userId: user.id };
  });
}

// ----- the sign-in's second step -----

/** The first factor was right: the ticket for the second step, or null when the customer has two-factor off. */
export async function secondFactorChallenge(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
  login: string,
): Promise<SecondFactorRequired | null> {
  if (!(await isTwoFactorOn(deps, userId))) return null;
  const ticket = await issueToken(deps, 'second_factor', { userId, subject: login });
  return { detail: M.required, verify: true, second_factor: 'totp', ticket };
}

export type TicketCheck =
  | { ok: true; userId: number; login: string }
  | { ok: false; detail: string; counts: boolean; login: string | null };

/**
 * The second step: the ticket must be live; a right code uses it up (of two racing, one wins), a wrong one costs
 * one of its SECOND_FACTOR_TICKET_TRIES. `counts`: the refusal is a guess, for the sign-in lockout.
 */
export async function completeSecondFactor(
  deps: Pick<Deps, 'db' | 'now'>,
  ticket: string,
  code: string,
): Promise<TicketCheck> {
  const row = await peekToken(deps, 'second_factor', ticket);
  if (!row?.userId) return { ok: false, detail: M.ticketDead, counts: false, login: null };
  if (row.attempts >= SECOND_FACTOR_TICKET_TRIES)
    return { ok: false, detail: M.ticketExhausted, counts: false, login: row.subject };
  const outcome = await verifyCode(deps, row.userId, code);
  if (outcome === 'off') {
    // Staff reset it meanwhile: the first factor was proven, so the sign-in goes on.
  } else if (outcome !== 'ok') {
    const [after] = await deps.db
      .update(oneTimeTokens)
      .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
      .where(eq(oneTimeTokens.id, row.id))
      .returning({ attempts: oneTimeTokens.attempts });
    const exhausted = (after?.attempts ?? SECOND_FACTOR_TICKET_TRIES) >= SECOND_FACTOR_TICKET_TRIES;
    return {
      ok: false,
      detail: exhausted ? M.ticketExhausted : refusalOf(outcome),
      counts: true,
      login: row.subject,
    };
  }
  const [used] = await deps.db
    .update(oneTimeTokens)
    .set({ usedAt: deps.now() })
    .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  if (!used) return { ok: false, detail: M.ticketDead, counts: false, login: row.subject };
  return { ok: true, userId: row.userId, login: row.subject };
}
