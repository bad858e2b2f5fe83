import { and, eq, gt } from 'drizzle-orm';
import type { Deps } from '../env';
import { rateLimitEvents } from '../db/tables';
import type { DomainError } from './errors';
import { isFailure } from './errors';
import { assertWithinLimit, clearBucket, recordEvent, type Limit } from './rate-limit';

// The lockout of failed sign-ins (password or one-time code). The tight limit counts one login from one IP, so
// whoever guesses locks out only themselves; the looser ones catch one host trying many logins and many hosts
// trying one login.

/** One login from one IP: 10 failures in 15 minutes lock that login for that IP (the honest typo allowance). */
export const FAILURES_PER_LOGIN_AND_IP: Limit = { max: 10, windowMs: 15 * 60_000 };
/** One IP across logins (credential stuffing from one host); a campus or office NAT still fits under it. */
export const FAILURES_PER_IP: Limit = { max: 30, windowMs: 15 * 60_000 };
/**
 * One login across every IP (a guess spread over a botnet): 100 failures in an hour lock that login, but only for
 * IPs it has not signed in from lately, so the customer's own devices keep working during such an attack.
 */
export const FAILURES_PER_LOGIN: Limit = { max: 100, windowMs: 60 * 60_000 };
/** How long an IP the login signed in from stays exempt from FAILURES_PER_LOGIN. */
export const FAMILIAR_IP: Limit = { max: 1, windowMs: 30 * 24 * 3600_000 };

export interface SignInAttempt {
  /** The normalised login (e-mail or phone), else the text as typed, lower-cased. */
  login: string;
  ip: string;
}

const buckets = ({ login, ip }: SignInAttempt) => ({
  loginAndIp: `login-ip:${login}|${ip}`,
  ip: `ip:${ip}`,
  login: `login:${login}`,
  familiar: `signed-in:${login}|${ip}`,
});

async function isFamiliarIp(deps: Pick<Deps, 'db' | 'now'>, bucket: string): Promise<boolean> {
  const since = new Date(deps.now().getTime() - FAMILIAR_IP.windowMs);
  const [row] = await deps.db
    .select({ id: rateLimitEvents.id })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, bucket), gt(rateLimitEvents.at, since)))
    .limit(1);
  return !!row;
}

const retryAfter = (err: DomainError) => err.retryAfterSeconds ?? 0;

/** 429 with the longest Retry-After of the limits this attempt is over; nothing is recorded for it. */
export async function assertSignInAllowed(
  deps: Pick<Deps, 'db' | 'now'>,
  attempt: SignInAttempt,
): Promise<void> {
  const b = buckets(attempt);
  const checks: [string, Limit][] = [
    [b.loginAndIp, FAILURES_PER_LOGIN_AND_IP],
    [b.ip, FAILURES_PER_IP],
  ];
  if (!(await isFamiliarIp(deps, b.familiar))) checks.push([b.login, FAILURES_PER_LOGIN]);
  let worst: DomainError | null = null;
  for (const [bucket, limit] of checks) {
    try {
      await assertWithinLimit(deps, [bucket], limit);
    } catch (err) {
      if (!isFailure(err, 'tooMany')) throw err;
      if (!worst || retryAfter(err) > retryAfter(worst)) worst = err;
    }
  }
  if (worst) throw worst;
}

export async function recordSignInFailure(
  deps: Pick<Deps, 'db' | 'now'>,
  attempt: SignInAttempt,
): Promise<void> {
  const b = buckets(attempt);
  await recordEvent(deps, [b.loginAndIp], FAILURES_PER_LOGIN_AND_IP);
  await recordEvent(deps, [b.ip], FAILURES_PER_IP);
  await recordEvent(deps, [b.login], FAILURES_PER_LOGIN);
}

/**
 * A success forgives this IP's failures for the login and makes the IP familiar; the IP's count across logins and
 * the login's count across IPs keep running (a thief's one right guess must not reset them).
 */
export async function recordSignInSuccess(
  deps: Pick<Deps, 'db' | 'now'>,
  attempt: SignInAttempt,
): Promise<void> {
  const b = buckets(attempt);
  await clearBucket(deps, b.loginAndIp);
  await clearBucket(deps, b.familiar);
  await recordEvent(deps, [b.familiar], FAMILIAR_IP);
}
