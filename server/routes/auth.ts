import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../env';
import { badRequest, fieldErrors, isFailure, notFound, unauthorized } from '../domain/errors';
import { valid } from '../validate';
import {
  checkPassword,
  consumeAutoLogin,
  findUserByLogin,
  parseLogin,
  requestPasswordRestore,
  setPasswordByRestoreLink,
  type Login,
} from '../domain/auth';
import { issueLoginCode, peekToken, verifyLoginCode } from '../domain/one-time-tokens';
import { sendToOutbox } from '../domain/outbox';
import { assertWithinLimit, MESSAGES_PER_ADDRESS, MESSAGES_PER_IP, recordEvent } from '../domain/rate-limit';
import {
  assertSignInAllowed,
  recordSignInFailure,
  recordSignInSuccess,
  type SignInAttempt,
} from '../domain/sign-in-limits';
import {
  endOtherSessions,
  endSession,
  isSessionActive,
  listSessions,
  revokeSession,
  rotateRefresh,
  sessionOfRefresh,
} from '../domain/sessions';
import { requireCustomer } from '../middleware/auth';
import { completeSecondFactor } from '../domain/second-factor';
import { verifyAccessToken } from '../domain/tokens';
import {
  clearRefreshCookie,
  clientIp,
  clientMeta,
  readRefreshCookie,
  respondWithTokens,
  signInAndRespond,
} from '../middleware/sign-in';
import { AUTH_MESSAGES as M } from '../../contract/auth-messages';
import {
  AutoLoginRequest,
  DeviceSessionParams,
  LoginRequest,
  RefreshRequest,
  RestoreRequest,
  SetPasswordRequest,
  VerifyCodeRequest,
  type CodeSent,
  type RestoreLinkStatus,
} from '../../contract/auth.api';

/** POST /api/client/auth/… — sign-in, codes, refresh, logout, restore, auto-login (spec point 7). */
export function authRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  /** Who is signing in from where, for the lockout: the login (as typed when it is no e-mail or phone), the IP. */
  const signInAttempt = (login: Login | null, raw: string, ip: string): SignInAttempt => ({
    login: login?.value ?? raw.trim().toLowerCase(),
    ip,
  });

  async function sendLoginCode(login: Login, ip: string) {
    await assertWithinLimit(deps, [`send:${login.value}`], MESSAGES_PER_ADDRESS);
    await assertWithinLimit(deps, [`send-ip:${ip}`], MESSAGES_PER_IP);
    await recordEvent(deps, [`send:${login.value}`, `send-ip:${ip}`], MESSAGES_PER_ADDRESS);
    const user = await findUserByLogin(deps, login);
    if (!user) return; // the same answer as for a customer: no account enumeration
    const code = await issueLoginCode(deps, user.id, login.value);
    const text = `Код для входа в личный кабинет: ${code}. Он действует 10 минут. Никому его не сообщайте.`;
    await sendToOutbox(
      deps,
      login.kind === 'phone'
        ? { channel: 'sms', recipient: login.value, body: text, kind: 'login_code', payload: { code } }
        : {
            channel: 'email',
            recipient: user.email,
            subject: 'Код для входа',
            body: text,
            kind: 'login_code',
            payload: { code },
          },
    );
  }

  app.post('/login/', valid('json', LoginRequest), async (c) => {
    const body = c.req.valid('json');
    const login = parseLogin(body.login);
    const ip = clientIp(c, deps.config.trustProxy);
    if (body.method === 'code') {
      if (!login) throw fieldErrors({ login: ['Введите e-mail или номер телефона.'] });
      await sendLoginCode(login, ip);
      return c.json({ detail: M.codeSent, verify: true } satisfies CodeSent);
    }
    if (!body.password) throw fieldErrors({ password: [M.required] });
    const attempt = signInAttempt(login, body.login, ip);
    await assertSignInAllowed(deps, attempt);
    const user = await checkPassword(deps, login, body.password);
    if (!user) {
      await recordSignInFailure(deps, attempt);
      throw badRequest(M.wrongCredentials);
    }
    // With two-factor on, the password alone is no success yet: the failures stay counted until the code is right.
    return signInAndRespond(c, deps, user.id, {
      login: attempt.login,
      onSignedIn: () => recordSignInSuccess(deps, attempt),
    });
  });

  app.post('/login/verify/', valid('json', VerifyCodeRequest), async (c) => {
    const body = c.req.valid('json');
    const ip = clientIp(c, deps.config.trustProxy);
    if (body.ticket !== undefined) return verifySecondFactor(c, body.ticket, body.code, ip);
    const raw = body.login ?? '';
    const login = parseLogin(raw);
    const attempt = signInAttempt(login, raw, ip);
    await assertSignInAllowed(deps, attempt);
    const result = login
      ? await verifyLoginCode(deps, login.value, body.code)
      : ({ ok: false, reason: 'none' } as const);
    if (!result.ok) {
      await recordSignInFailure(deps, attempt);
      throw badRequest({ wrong: M.wrongCode, exhausted: M.codeExhausted, none: M.codeDead }[result.reason]);
    }
    return signInAndRespond(c, deps, result.userId, {
      login: attempt.login,
      onSignedIn: () => recordSignInSuccess(deps, attempt),
    });
  });

  /** The second step of a sign-in with two-factor on: the ticket of the first and a code (contract/two-factor.ts). */
  async function verifySecondFactor(c: Context<AppEnv>, ticket: string, code: string, ip: string) {
    const known = await peekToken(deps, 'second_factor', ticket);
    // A wrong code counts toward the lockout of the login the first step named, from this IP.
    if (known) await assertSignInAllowed(deps, { login: known.subject, ip });
    const result = await completeSecondFactor(deps, ticket, code);
    if (!result.ok) {
      if (result.counts && result.login !== null)
        await recordSignInFailure(deps, { login: result.login, ip });
      throw badRequest(result.detail);
    }
    await recordSignInSuccess(deps, { login: result.login, ip });
    return signInAndRespond(c, deps, result.userId, { secondFactorChecked: true });
  }

  app.post('/token/refresh/', valid('json', RefreshRequest), async (c) => {
    try {
      const tokens = await rotateRefresh(deps, readRefreshCookie(c), clientMeta(c, deps));
      return respondWithTokens(c, deps, tokens);
    } catch (err) {
      if (!isFailure(err, 'unauthenticated')) throw err;
      clearRefreshCookie(c); // the browser drops a token that will never work again
      return c.json(err.body, 401);
    }
  });

  // Ends the session the refresh cookie names, whatever the bearer says: an expired or missing access token must not
  // keep a customer signed in. A live bearer of another session ends that one too.
  app.post('/logout/', async (c) => {
    const sessions = new Set<string>();
    const refresh = readRefreshCookie(c);
    const fromCookie = refresh ? await sessionOfRefresh(deps, refresh) : null;
    if (fromCookie) sessions.add(fromCookie);
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const claims = bearer ? await verifyAccessToken(deps, bearer) : null;
    if (claims && (await isSessionActive(deps, claims.sessionId))) sessions.add(claims.sessionId);
    clearRefreshCookie(c);
    if (!sessions.size) throw unauthorized('Токен недействителен или просрочен.');
    for (const sessionId of sessions) await revokeSession(deps, sessionId);
    return c.json({ detail: M.signedOut });
  });

  app.post('/password_change/', valid('json', RestoreRequest), async (c) => {
    const { email } = c.req.valid('json');
    // Counted for every address, registered or not, so the limit itself tells nothing.
    await assertWithinLimit(deps, [`send:${email}`], MESSAGES_PER_ADDRESS);
    const ip = clientIp(c, deps.config.trustProxy);
    await assertWithinLimit(deps, [`send-ip:${ip}`], MESSAGES_PER_IP);
    await recordEvent(deps, [`send:${email}`, `send-ip:${ip}`], MESSAGES_PER_ADDRESS);
    await requestPasswordRestore(deps, email);
    return c.json({ detail: M.restoreSent });
  });

  app.get('/password_change/:id/', async (c) => {
    const row = await peekToken(deps, 'password_reset', c.req.param('id'));
    if (!row) throw notFound(M.restoreLinkDead);
    return c.json({ valid: true, expires_at: row.expiresAt.toISOString() } satisfies RestoreLinkStatus);
  });

  app.patch('/password_change/:id/', valid('json', SetPasswordRequest), async (c) => {
    const body = c.req.valid('json');
    const userId = await setPasswordByRestoreLink(deps, c.req.param('id'), body.password);
    return signInAndRespond(c, deps, userId);
  });

  app.post('/al/', valid('json', AutoLoginRequest), async (c) => {
    const { token } = c.req.valid('json');
    const userId = await consumeAutoLogin(deps, token);
    if (!userId) throw badRequest(M.autoLoginDead);
    return signInAndRespond(c, deps, userId);
  });

  // Devices and sessions: the customer's live sign-ins, and ending the others (contract/auth.ts).
  const customer = requireCustomer(deps);
  app.get('/sessions/', customer, async (c) =>
    c.json({ sessions: await listSessions(deps, c.get('userId'), c.get('sessionId')) }),
  );
  app.delete('/sessions/:id/', customer, valid('param', DeviceSessionParams), async (c) =>
    c.json(await endSession(deps, c.get('userId'), c.get('sessionId'), c.req.valid('param').id)),
  );
  app.post('/sessions/end-others/', customer, async (c) =>
    c.json(await endOtherSessions(deps, c.get('userId'), c.get('sessionId'))),
  );

  return app;
}
