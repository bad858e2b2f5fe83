import { createHash, randomBytes } from 'node:crypto';
import { refuseIfClosed } from './account-closed';
import { and, desc, eq, gt, gte, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Deps } from '../env';
import { authSessions, refreshTokens } from '../db/tables';
import type { SessionEndReason } from '../db/schema/auth';
import { conflict, notFound, unauthorized } from './errors';
import { signAccessToken } from './tokens';
import type { DbOrTx } from './outbox';
import { maskIp, parseUserAgent, USER_AGENT_MAX } from './user-agent';
import { SESSIONS_MESSAGES } from '../../contract/auth';
import { AUTH_MESSAGES } from '../../contract/auth-messages';
import type { DeviceSession, EndedSessions } from '../../contract/auth.api';

/** A refresh token (and so a sign-in session) lives 30 days from its last use. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

const USED_TOKEN_RETENTION_MS = 24 * 3600_000;

/**
 * How long a just-rotated token may be presented again as a retry rather than a theft: a reload or a dropped
 * connection can cancel a refresh after the server rotated the token but before the browser stored the new cookie,
 * and the next page presents the old one.
 */
export const REUSE_GRACE_MS = 20_000;

export const SESSION_MESSAGES = {
  missing: 'Токен обновления не передан.',
  expired: 'Сессия истекла. Войдите снова.',
  reused: 'Сессия завершена из соображений безопасности. Войдите снова.',
  endedElsewhere: AUTH_MESSAGES.sessionEndedElsewhere,
} as const;

/** Where a sign-in or refresh came from: the raw user agent and the caller's IP (stored masked, see maskIp). */
export interface ClientMeta {
  userAgent: string;
  ip: string;
}

const metaColumns = (meta: ClientMeta | undefined) =>
  meta ? { userAgent: meta.userAgent.slice(0, USER_AGENT_MAX), ip: maskIp(meta.ip) } : {};

/** What a successful sign-in gives: the access JWT for the body and the opaque refresh token for the cookie. */
export interface SignInTokens {
  access: string;
  expires_in: number;
  refresh: string;
  sessionId: string;
  userId: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function issueRefresh(deps: { db: DbOrTx; now: () => Date }, sessionId: string): Promise<string> {
  const refresh = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.insert(refreshTokens).values({
    tokenHash: sha256(refresh),
    sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
  });
  return refresh;
}

/** Starts a new sign-in session (a new refresh-token family) for the customer. */
export async function createSession(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  userId: number,
  meta?: ClientMeta,
): Promise<SignInTokens> {
  await refuseIfClosed(deps, userId);
  const now = deps.now();
  const [session] = await deps.db
    .insert(authSessions)
    .values({ userId, createdAt: now, lastUsedAt: now, ...metaColumns(meta) })
    .returning({ id: authSessions.id });
  if (!session) throw new Error('session insert returned nothing');
  // What the devices list keeps of a session (its browser, its network) goes 30 days after the session ended or was
  // last used: swept at the customer's next sign-in.
  await deps.db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        lt(
          sql`coalesce(${authSessions.revokedAt}, ${authSessions.lastUsedAt}, ${authSessions.createdAt})`,
          new Date(now.getTime() - REFRESH_TTL_SECONDS * 1000),
        ),
      ),
    );
  const refresh = await issueRefresh(deps, session.id);
  const { access, expires_in } = await signAccessToken(deps, { userId, sessionId: session.id });
  return { access, expires_in, refresh, sessionId: session.id, userId };
}

/**
 * Rotation with reuse detection: the presented token is marked used and a new one of the same family issued.
 * A token that was already rotated means two parties hold it (one of them a thief): the family is revoked — unless
 * it was rotated moments ago (REUSE_GRACE_MS) and what it was rotated into was never used: then the answer of that
 * rotation was lost on the way, and this is the same browser asking again. The unused successor is retired and a
 * new one issued, so the family still has one live token, and that lost one, if it ever turns up, counts as reuse.
 */
export async function rotateRefresh(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'realtime'>,
  refresh: string | undefined,
  meta?: ClientMeta,
): Promise<SignInTokens> {
  if (!refresh) throw unauthorized(SESSION_MESSAGES.missing);
  const now = deps.now();
  const tokenHash = sha256(refresh);
  // The conditional update is the single-flight point: of two concurrent uses, exactly one gets the row.
  let [claimed] = await deps.db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId, expiresAt: refreshTokens.expiresAt });
  if (!claimed) {
    const [known] = await deps.db
      .select({
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!known) throw unauthorized(SESSION_MESSAGES.expired);
    if (await retryOfLostRotation(deps, { ...known, tokenHash }, now)) claimed = known;
    else {
      await revokeSession(deps, known.sessionId, 'reuse');
      throw unauthorized(SESSION_MESSAGES.reused);
    }
  }
  if (claimed.expiresAt.getTime() <= now.getTime()) throw unauthorized(SESSION_MESSAGES.expired);
  const [session] = await deps.db
    .select({
      userId: authSessions.userId,
      revokedAt: authSessions.revokedAt,
      revokedReason: authSessions.revokedReason,
    })
    .from(authSessions)
    .where(eq(authSessions.id, claimed.sessionId));
  if (session?.revokedAt && session.revokedReason === 'ended')
    throw unauthorized(SESSION_MESSAGES.endedElsewhere);
  if (!session || session.revokedAt) throw unauthorized(SESSION_MESSAGES.expired);
  // The devices list's "last used": every refresh (a tab refreshes every 4 minutes), from where it came.
  await deps.db
    .update(authSessions)
    .set({ lastUsedAt: now, ...metaColumns(meta) })
    .where(eq(authSessions.id, claimed.sessionId));
  const next = await issueRefresh(deps, claimed.sessionId);
  // Rotated tokens are kept a day for reuse detection, then dropped (a tab refreshes every 4 minutes).
  await deps.db
    .delete(refreshTokens)
    .where(
      and(
        eq(refreshTokens.sessionId, claimed.sessionId),
        lt(refreshTokens.usedAt, new Date(now.getTime() - USED_TOKEN_RETENTION_MS)),
      ),
    );
  const { access, expires_in } = await signAccessToken(deps, {
    userId: session.userId,
    sessionId: claimed.sessionId,
  });
  return { access, expires_in, refresh: next, sessionId: claimed.sessionId, userId: session.userId };
}

/**
 * Whether presenting this already-rotated token again is a retry after a lost answer (see rotateRefresh): it was
 * rotated within REUSE_GRACE_MS and no token issued since in its family has been used. If so, the unused ones are
 * retired here — a conditional update, so of two such retries only one gets through.
 */
async function retryOfLostRotation(
  deps: Pick<Deps, 'db'>,
  token: { tokenHash: string; sessionId: string; usedAt: Date | null },
  now: Date,
): Promise<boolean> {
  const rotatedAt = token.usedAt;
  if (!rotatedAt || now.getTime() - rotatedAt.getTime() > REUSE_GRACE_MS) return false;
  // Issued at or after the rotation (the same millisecond, too), the presented token itself aside.
  const since = and(
    eq(refreshTokens.sessionId, token.sessionId),
    gte(refreshTokens.createdAt, rotatedAt),
    ne(refreshTokens.tokenHash, token.tokenHash),
  );
  const [movedOn] = await deps.db
    .select({ tokenHash: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(and(since, isNotNull(refreshTokens.usedAt)))
    .limit(1);
  if (movedOn) return false;
  const retired = await deps.db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(since, isNull(refreshTokens.usedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return retired.length > 0;
}

/**
 * The session a refresh token names, for logout: also a token already rotated or past its lifetime (kept a day
 * after use), since a tab may sign out with the cookie it had before another tab's refresh landed. Ending a
 * session is all it allows, which presenting a rotated token at refresh does anyway.
 */
export async function sessionOfRefresh(deps: Pick<Deps, 'db'>, refresh: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refresh)));
  return row?.sessionId ?? null;
}

/** Signs one session out everywhere: its refresh tokens, its access tokens and its open sockets. */
export async function revokeSession(
  deps: Pick<Deps, 'db' | 'now' | 'realtime'>,
  sessionId: string,
  reason: SessionEndReason = 'signed_out',
): Promise<void> {
  await deps.db
    .update(authSessions)
    .set({ revokedAt: deps.now(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await deps.realtime.closeSession(sessionId, reason === 'ended' ? 'endedElsewhere' : 'signedOut');
}

/** Signs the customer out of every session (after a password reset). */
export async function revokeUserSessions(
  deps: Pick<Deps, 'db' | 'now' | 'realtime'>,
  userId: number,
): Promise<void> {
  const revoked = await deps.db
    .update(authSessions)
    .set({ revokedAt: deps.now(), revokedReason: 'password' })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  for (const s of revoked) await deps.realtime.closeSession(s.id, 'signedOut');
}

// ---- Devices and sessions (Профиль → Устройства и сеансы) ------------------------------------------------------

/** A session is live while not revoked and used within the refresh token's lifetime. */
const liveSessionsOf = (deps: Pick<Deps, 'now'>, userId: number) =>
  and(
    eq(authSessions.userId, userId),
    isNull(authSessions.revokedAt),
    gt(
      sql`coalesce(${authSessions.lastUsedAt}, ${authSessions.createdAt})`,
      new Date(deps.now().getTime() - REFRESH_TTL_SECONDS * 1000),
    ),
  );

/** The customer's live sessions, the caller's (`currentId`) first, then by last use. */
export async function listSessions(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
  currentId: string,
): Promise<DeviceSession[]> {
  const rows = await deps.db
    .select({
      id: authSessions.id,
      createdAt: authSessions.createdAt,
      lastUsedAt: authSessions.lastUsedAt,
      userAgent: authSessions.userAgent,
      ip: authSessions.ip,
    })
    .from(authSessions)
    .where(liveSessionsOf(deps, userId))
    .orderBy(
      desc(sql`coalesce(${authSessions.lastUsedAt}, ${authSessions.createdAt})`),
      desc(authSessions.id),
    );
  return rows
    .map((row) => ({
      id: row.id,
      current: row.id === currentId,
      ...parseUserAgent(row.userAgent),
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
      last_used_at: (row.lastUsedAt ?? row.createdAt).toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends another live session of the customer: its refresh answers 'ended from another device' from now on and its
 * sockets close on every instance. The caller's own session is refused (409: that is sign-out, which also clears
 * this browser's cookies); an unknown, ended or another customer's session is 404 alike, so ids tell nothing.
 */
export async function endSession(
  deps: Pick<Deps, 'db' | 'now' | 'realtime'>,
  userId: number,
  currentId: string,
  sessionId: string,
): Promise<EndedSessions> {
  if (sessionId === currentId) throw conflict(SESSIONS_MESSAGES.current);
  if (!UUID.test(sessionId)) throw notFound(SESSIONS_MESSAGES.notFound);
  const [ended] = await deps.db
    .update(authSessions)
    .set({ revokedAt: deps.now(), revokedReason: 'ended' })
    .where(and(eq(authSessions.id, sessionId), liveSessionsOf(deps, userId)))
    .returning({ id: authSessions.id });
  if (!ended) throw notFound(SESSIONS_MESSAGES.notFound);
  await deps.realtime.closeSession(ended.id, 'endedElsewhere');
  return { detail: SESSIONS_MESSAGES.ended, ended: 1 };
}

/** Ends every live session of the customer but the caller's. */
export async function endOtherSessions(
  deps: Pick<Deps, 'db' | 'now' | 'realtime'>,
  userId: number,
  currentId: string,
): Promise<EndedSessions> {
  const ended = await deps.db
    .update(authSessions)
    .set({ revokedAt: deps.now(), revokedReason: 'ended' })
    .where(and(liveSessionsOf(deps, userId), ne(authSessions.id, currentId)))
    .returning({ id: authSessions.id });
  for (const s of ended) await deps.realtime.closeSession(s.id, 'endedElsewhere');
  return {
    detail: ended.length ? SESSIONS_MESSAGES.endedOthers : SESSIONS_MESSAGES.noOthers,
    ended: ended.length,
  };
}

/**
 * Called on every authenticated request and socket upgrade, so it stays one primary-key lookup. Access tokens
 * expire on their own after 300 s; this check makes logout and reuse detection take effect at once.
 */
export async function isSessionActive(deps: Pick<Deps, 'db'>, sessionId: string): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  const [row] = await deps.db
    .select({ revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return !!row && row.revokedAt === null;
}

const LIVE_SESSION_SQL =
  'select coalesce(v.version, 0)::text from auth_sessions s ' +
  'left join order_list_versions v on v.user_id = s.user_id where s.id = $1 and s.revoked_at is null';

/**
 * The check of every authenticated request: the live session, joined in the same primary-key lookup with its
 * customer's change stamp of orders ('0' before the first order), which the order list is cached under.
 * Null when the session is unknown or revoked. A prepared statement: this runs on every call.
 */
export async function liveSession(
  deps: Pick<Deps, 'database'>,
  sessionId: string,
): Promise<{ ordersVersion: string } | null> {
  if (!UUID.test(sessionId)) return null;
  const [row] = await deps.database.prepared('live_session', LIVE_SESSION_SQL)([sessionId]);
  return row ? { ordersVersion: row[0] ?? '0' } : null;
}
