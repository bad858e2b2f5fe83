import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Deps } from '../env';
import type { Executor } from './orders-db';
import { staffMembers, staffRefreshTokens, staffSessions } from '../db/tables';
import { badRequest, conflict, notFound, unauthorized } from './errors';
import { hashPassword, verifyPassword } from './passwords';
import { sha256, type ClientMeta } from './sessions';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';
import { maskIp, USER_AGENT_MAX } from './user-agent';
import { assertSignInAllowed, recordSignInFailure, recordSignInSuccess } from './sign-in-limits';
import type { StaffCaller } from './staff-keys';
import type { StaffRole } from '../../contract/http';
import { STAFF_DOOR_MESSAGES as M, type StaffMember, type StaffTokens } from '../../contract/staff-door.api';

// Staff people (docs/staff.md "People" and "Sign-in"): made by the CLI or an admin with a one-time setup code; the
// first sign-in sets the password and enrols TOTP (mandatory); then password + code → an access JWT of audience
// 'staff' (never 'cabinet', so neither door takes the other's token) and a refresh token used once.

type D = Pick<Deps, 'db' | 'now'>;
/** The staff API's writes run in the door's audited transaction: on the database or a transaction. */
type W = { db: Executor; now: () => Date };
type DC = Pick<Deps, 'db' | 'now' | 'config'>;

export const STAFF_AUDIENCE = 'staff';
/** An access token lives 5 minutes: the door reads the session on every call anyway. */
export const STAFF_ACCESS_TTL_SECONDS = 300;
/** A refresh token (and a session left alone) lives 12 hours: a working day. */
export const STAFF_REFRESH_TTL_MS = 12 * 3600_000;
/** A setup code is good for 7 days. */
export const SETUP_TTL_MS = 7 * 24 * 3600_000;

const TOTP_ISSUER = 'Кабинет — сотрудники';

type MemberRow = typeof staffMembers.$inferSelect;

export const memberView = (m: MemberRow): StaffMember => ({
  id: m.id,
  login: m.login,
  role: m.role,
  enrolled: m.totpEnabledAt !== null && m.passwordHash !== null,
  disabled: m.disabledAt !== null,
  created_at: m.createdAt.toISOString(),
});

const newSetupCode = () => randomBytes(15).toString('base64url');

/** A person with a role and a one-time setup code (returned this once). */
export async function createMember(deps: W, login: string, role: StaffRole) {
  const setupCode = newSetupCode();
  const now = deps.now();
  const [row] = await deps.db
    .insert(staffMembers)
    .values({
      login: login.toLowerCase(),
      role,
      setupCodeHash: sha256(setupCode),
      setupExpiresAt: new Date(now.getTime() + SETUP_TTL_MS),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(M.memberExists);
  return { ...memberView(row), setup_code: setupCode };
}

export async function listMembers(deps: Pick<Deps, 'db'>) {
  return (await deps.db.select().from(staffMembers).orderBy(asc(staffMembers.login))).map(memberView);
}

export async function memberByLogin(deps: Pick<Deps, 'db'>, login: string) {
  const [row] = await deps.db.select().from(staffMembers).where(eq(staffMembers.login, login.toLowerCase()));
  return row ?? null;
}

/** Ends every live session of a person (a role change, disabling, a reset): the door refuses them on the next call. */
async function endSessionsOf(deps: W, memberId: number) {
  await deps.db
    .update(staffSessions)
    .set({ endedAt: deps.now() })
    .where(and(eq(staffSessions.memberId, memberId), isNull(staffSessions.endedAt)));
}

/** A new role, or disabled / enabled again; either ends every session of the person. */
export async function updateMember(deps: W, id: number, change: { role?: StaffRole; disabled?: boolean }) {
  const set: Partial<MemberRow> = {};
  if (change.role) set.role = change.role;
  if (change.disabled !== undefined) set.disabledAt = change.disabled ? deps.now() : null;
  const [row] = Object.keys(set).length
    ? await deps.db.update(staffMembers).set(set).where(eq(staffMembers.id, id)).returning()
    : await deps.db.select().from(staffMembers).where(eq(staffMembers.id, id));
  if (!row) throw notFound(M.memberNotFound);
  if (Object.keys(set).length) await endSessionsOf(deps, id);
  return memberView(row);
}

/** Password and second factor gone, sessions ended, a new setup code (returned this once). */
export async function resetMember(deps: W, id: number) {
  const setupCode = newSetupCode();
  const [row] = await deps.db
    .update(staffMembers)
    .set({
      passwordHash: null,
      totpSecret: null,
      totpEnabledAt: null,
      lastStep: null,
      setupCodeHash: sha256(setupCode),
      setupExpiresAt: new Date(deps.now().getTime() + SETUP_TTL_MS),
    })
    .where(eq(staffMembers.id, id))
    .returning();
  if (!row) throw notFound(M.memberNotFound);
  await endSessionsOf(deps, id);
  return { ...memberView(row), setup_code: setupCode };
}

// ----- sign-in -----

const attemptOf = (login: string, ip: string) => ({ login: `staff:${login.trim().toLowerCase()}`, ip });

/** A member who may use the setup code now. */
async function setupMember(deps: D, login: string, setupCode: string) {
  const m = await memberByLogin(deps, login);
  const ok =
    !!m &&
    !m.disabledAt &&
    !!m.setupCodeHash &&
    !!m.setupExpiresAt &&
    m.setupExpiresAt > deps.now() &&
    m.setupCodeHash === sha256(setupCode);
  return ok ? m : null;
}

/** The first sign-in, step one: a TOTP secret to enrol (pending until a code from it is confirmed). */
export async function startEnrolment(deps: D, login: string, setupCode: string, ip: string) {
  const attempt = attemptOf(login, ip);
  await assertSignInAllowed(deps, attempt);
  const m = await setupMember(deps, login, setupCode);
  if (!m) {
    await recordSignInFailure(deps, attempt);
    throw badRequest(M.setupWrong);
  }
  const secret = newTotpSecret();
  await deps.db
    .update(staffMembers)
    .set({ totpSecret: secret, totpEnabledAt: null })
    .where(eq(staffMembers.id, m.id));
  return { secret, otpauth_url: otpauthUrl(secret, m.login, TOTP_ISSUER) };
}

/** Raises the person's last accepted step to this code's: of two uses of one code, one wins (the replay guard). */
async function acceptCode(deps: D, m: MemberRow, code: string): Promise<boolean> {
  if (!m.totpSecret) return false;
  const step = matchTotp(m.totpSecret, code.trim(), deps.now(), m.lastStep);
  if (step === null) return false;
  const [won] = await deps.db
    .update(staffMembers)
    .set({ lastStep: step })
    .where(and(eq(staffMembers.id, m.id), or(isNull(staffMembers.lastStep), lt(staffMembers.lastStep, step))))
    .returning({ id: staffMembers.id });
  return !!won;
}

/** Step two: the password chosen and a code from the app: enrolled and signed in. */
export async function confirmEnrolment(
  deps: DC,
  input: { login: string; setupCode: string; password: string; code: string },
  meta: ClientMeta,
): Promise<StaffTokens> {
  const attempt = attemptOf(input.login, meta.ip);
  await assertSignInAllowed(deps, attempt);
  const m = await setupMember(deps, input.login, input.setupCode);
  if (!m || !m.totpSecret || !(await acceptCode(deps, m, input.code))) {
    await recordSignInFailure(deps, attempt);
    throw badRequest(M.setupWrong);
  }
  const [done] = await deps.db
    .update(staffMembers)
    .set({
      passwordHash: await hashPassword(input.password),
      totpEnabledAt: deps.now(),
      setupCodeHash: null,
      setupExpiresAt: null,
    })
    .where(and(eq(staffMembers.id, m.id), eq(staffMembers.setupCodeHash, m.setupCodeHash!)))
    .returning();
  if (!done) throw badRequest(M.setupWrong);
  await recordSignInSuccess(deps, attempt);
  return startSession(deps, done, meta);
}

let dummyHash: Promise<string> | undefined;

/** Password and code; one answer for every wrong part, so a caller never learns which was wrong. */
export async function signInStaff(
  deps: DC,
  input: { login: string; password: string; code: string },
  meta: ClientMeta,
): Promise<StaffTokens> {
  const attempt = attemptOf(input.login, meta.ip);
  await assertSignInAllowed(deps, attempt);
  const m = await memberByLogin(deps, input.login.trim());
  const usable = !!m && !m.disabledAt && !!m.passwordHash && !!m.totpEnabledAt;
  // An unknown login costs the same scrypt as a known one.
  const passwordOk = usable
    ? await verifyPassword(input.password, m.passwordHash!)
    : (await verifyPassword(input.password, await (dummyHash ??= hashPassword('no such person'))), false);
  // The code is tried only after the right password, so a wrong password never spends a code.
  if (!usable || !passwordOk || !(await acceptCode(deps, m, input.code))) {
    await recordSignInFailure(deps, attempt);
    throw badRequest(M.wrongCredentials);
  }
  await recordSignInSuccess(deps, attempt);
  return startSession(deps, m, meta);
}

async function signAccess(deps: DC, sessionId: string, memberId: number) {
  const iat = Math.floor(deps.now().getTime() / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(memberId))
    .setJti(randomBytes(12).toString('base64url'))
    .setIssuedAt(iat)
    .setExpirationTime(iat + STAFF_ACCESS_TTL_SECONDS)
    .setAudience(STAFF_AUDIENCE)
    .sign(deps.config.jwtSecret);
}

async function issueRefresh(deps: D, sessionId: string) {
  const refresh = `sr_${randomBytes(32).toString('base64url')}`;
  const now = deps.now();
  await deps.db.insert(staffRefreshTokens).values({
    tokenHash: sha256(refresh),
    sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STAFF_REFRESH_TTL_MS),
  });
  return refresh;
}

async function startSession(deps: DC, m: MemberRow, meta: ClientMeta): Promise<StaffTokens> {
  const now = deps.now();
  const [s] = await deps.db
    .insert(staffSessions)
    .values({
      memberId: m.id,
      role: m.role,
      createdAt: now,
      lastUsedAt: now,
      ip: maskIp(meta.ip),
      userAgent: meta.userAgent.slice(0, USER_AGENT_MAX),
    })
    .returning({ id: staffSessions.id });
  return {
    access: await signAccess(deps, s!.id, m.id),
    expires_in: STAFF_ACCESS_TTL_SECONDS,
    refresh: await issueRefresh(deps, s!.id),
  };
}

/** A live session of a person still enabled and in the role the session began with. */
async function liveStaffSession(deps: D, sessionId: string) {
  const [row] = await deps.db
    .select({ session: staffSessions, member: staffMembers })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.memberId))
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)));
  if (!row || row.member.disabledAt || row.member.role !== row.session.role) return null;
  return row;
}

/** A used refresh token gives a new pair; one presented again (a thief's or a stale copy) ends its session. */
export async function refreshStaff(deps: DC, refresh: string): Promise<StaffTokens> {
  const now = deps.now();
  const [token] = await deps.db
    .select()
    .from(staffRefreshTokens)
    .where(eq(staffRefreshTokens.tokenHash, sha256(refresh)));
  if (!token || token.expiresAt <= now) throw unauthorized(M.refreshDead);
  const [used] = await deps.db
    .update(staffRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(staffRefreshTokens.tokenHash, token.tokenHash), isNull(staffRefreshTokens.usedAt)))
    .returning({ sessionId: staffRefreshTokens.sessionId });
  if (!used) {
    await deps.db.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.id, token.sessionId));
    throw unauthorized(M.refreshDead);
  }
  const live = await liveStaffSession(deps, token.sessionId);
  if (!live) throw unauthorized(M.refreshDead);
  await deps.db.update(staffSessions).set({ lastUsedAt: now }).where(eq(staffSessions.id, token.sessionId));
  return {
    access: await signAccess(deps, token.sessionId, live.member.id),
    expires_in: STAFF_ACCESS_TTL_SECONDS,
    refresh: await issueRefresh(deps, token.sessionId),
  };
}

/** The person behind an access token, read from the database on every call (so a disabled person stops at once). */
export async function personCaller(deps: DC, token: string): Promise<StaffCaller | null> {
  let sessionId: string;
  try {
    const { payload } = await jwtVerify(token, deps.config.jwtSecret, {
      audience: STAFF_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: deps.now(),
    });
    if (typeof payload.sid !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sid)) return null;
    sessionId = payload.sid;
  } catch {
    return null;
  }
  const live = await liveStaffSession(deps, sessionId);
  if (!live) return null;
  return {
    kind: 'person',
    id: live.member.id,
    name: live.member.login,
    roles: [live.member.role],
    sessionId,
  };
}

export async function listStaffSessions(deps: D, caller: StaffCaller) {
  if (caller.kind !== 'person') return [];
  const rows = await deps.db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.memberId, caller.id!),
        isNull(staffSessions.endedAt),
        gt(staffSessions.lastUsedAt, new Date(deps.now().getTime() - STAFF_REFRESH_TTL_MS)),
      ),
    )
    .orderBy(desc(staffSessions.lastUsedAt));
  return rows.map((s) => ({
    id: s.id,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
    current: s.id === caller.sessionId,
  }));
}

/** Ends one of the caller's own sessions (404 for another's or an ended one). */
export async function endStaffSession(deps: W, caller: StaffCaller, sessionId: string) {
  if (caller.kind !== 'person' || !/^[0-9a-f-]{36}$/i.test(sessionId)) throw notFound(M.sessionNotFound);
  const [ended] = await deps.db
    .update(staffSessions)
    .set({ endedAt: deps.now() })
    .where(
      and(
        eq(staffSessions.id, sessionId),
        eq(staffSessions.memberId, caller.id!),
        isNull(staffSessions.endedAt),
      ),
    )
    .returning({ id: staffSessions.id });
  if (!ended) throw notFound(M.sessionNotFound);
}
