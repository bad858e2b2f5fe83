import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { useHarness, type Harness } from './harness';
import { createSignedInCustomer, refreshCookieOf, signIn } from './helpers/auth';
import type { AppEnv } from '../../server/env';
import { DomainError } from '../../server/domain/errors';
import { HTTP_STATUS } from '../../server/errors';
import { requireCustomer } from '../../server/middleware/auth';
import { isSessionActive, REUSE_GRACE_MS } from '../../server/domain/sessions';
import { verifyAccessToken } from '../../server/domain/tokens';
import { moveMoney } from '../../server/domain/ledger';

const REFRESH = '/api/client/auth/token/refresh/';
const LOGOUT = '/api/client/auth/logout/';

/** A tiny protected app with the harness' deps: what every cabinet route sees through requireCustomer. */
function protectedCall(h: Harness, token?: string) {
  const app = new Hono<AppEnv>();
  app.get('/me', requireCustomer(h.deps), (c) => c.json({ userId: c.get('userId') }));
  app.onError((err, c) =>
    err instanceof DomainError ? c.json(err.body, HTTP_STATUS[err.kind]) : c.json({}, 500),
  );
  return app.request('/me', { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

const refresh = (h: Harness, cookie?: string, json?: unknown) =>
  h.request(REFRESH, { method: 'POST', headers: cookie ? { cookie } : {}, json });

describe('refresh, reuse detection, logout', () => {
  const h = useHarness();

  it('access tokens open protected routes until they expire (300 s)', async () => {
    const c = await createSignedInCustomer(h);
    const ok = await protectedCall(h, c.access);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ userId: c.id });
    expect((await protectedCall(h)).status).toBe(401);
    expect((await protectedCall(h, 'garbage')).status).toBe(401);

    h.clock.advance(301_000);
    const expired = await protectedCall(h, c.access);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ detail: 'Токен недействителен или просрочен.' });
  });

  it('rotates the refresh token: new access, new cookie, old token spent', async () => {
    const c = await createSignedInCustomer(h);
    await h.deps.db.transaction((tx) => moveMoney({ db: tx, now: h.deps.now }, c.id, 'money', 1500, 'topup'));
    h.clock.advance(240_000);
    const res = await refresh(h, c.refreshCookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    // The handover carries the balances as they are now, not as they were at sign-in.
    expect(body).toMatchObject({
      access: expect.any(String),
      expires_in: 300,
      user: { id: c.id },
      finances: { money: 1500, bonus: 0 },
    });
    const next = refreshCookieOf(res);
    expect(next).toBeDefined();
    expect(next).not.toBe(c.refreshCookie);
    expect(res.headers.getSetCookie()[0]).toMatch(
      /HttpOnly.*Secure.*SameSite=Strict|SameSite=Strict.*Secure/,
    );

    h.clock.advance(200_000); // the first access token is past 300 s now, the new one is not
    expect((await protectedCall(h, c.access)).status).toBe(401);
    expect((await protectedCall(h, body.access)).status).toBe(200);

    const again = await refresh(h, next);
    expect(again.status).toBe(200);
  });

  it('takes the refresh token only from its cookie: one in the body is refused and stays unspent', async () => {
    const c = await createSignedInCustomer(h);
    const token = c.refreshCookie.split('=')[1];
    const inBody = await refresh(h, undefined, { refresh: token });
    expect(inBody.status).toBe(400);
    expect(await inBody.json()).toEqual({ refresh: ['Токен обновления передаётся только в cookie.'] });
    expect(refreshCookieOf(inBody)).toBeUndefined();
    const beside = await refresh(h, c.refreshCookie, { refresh: token });
    expect(beside.status).toBe(400);
    // Neither call spent the token: the cookie still refreshes (a spent one would end the session).
    expect((await refresh(h, c.refreshCookie, {})).status).toBe(200);
  });

  it('a reused refresh token revokes the whole family', async () => {
    const c = await createSignedInCustomer(h);
    const first = await refresh(h, c.refreshCookie);
    const { access } = await first.json();
    const current = refreshCookieOf(first)!;

    h.clock.advance(REUSE_GRACE_MS + 1); // past the moment a lost answer could explain it
    const reuse = await refresh(h, c.refreshCookie);
    expect(reuse.status).toBe(401);
    expect((await reuse.json()).detail).toMatch(/Войдите снова/);
    // the cookie is cleared
    expect(
      reuse.headers.getSetCookie().some((s) => /^cabinet_refresh=;/.test(s) && /Max-Age=0/.test(s)),
    ).toBe(true);

    // the thief's and the owner's tokens are both dead now
    expect((await refresh(h, current)).status).toBe(401);
    expect((await protectedCall(h, access)).status).toBe(401);
    expect((await protectedCall(h, c.access)).status).toBe(401);
    const claims = await verifyAccessToken(h.deps, access);
    expect(await isSessionActive(h.deps, claims!.sessionId)).toBe(false);
  });

  it('a retry right after a rotation whose answer was lost (a reload) gets new tokens; the lost ones are dead', async () => {
    const c = await createSignedInCustomer(h);
    const lost = refreshCookieOf(await refresh(h, c.refreshCookie))!; // rotated; the browser never stored it

    h.clock.advance(3_000);
    const retry = await refresh(h, c.refreshCookie);
    expect(retry.status).toBe(200);
    const { access } = await retry.json();
    const current = refreshCookieOf(retry)!;
    expect(current).not.toBe(lost);
    expect((await protectedCall(h, access)).status).toBe(200);

    // The family goes on from the retry's token.
    const next = await refresh(h, current);
    expect(next.status).toBe(200);
    // The lost token turning up later is reuse: the family ends.
    h.clock.advance(REUSE_GRACE_MS + 1);
    const late = await refresh(h, lost);
    expect(late.status).toBe(401);
    expect((await late.json()).detail).toMatch(/Войдите снова/);
    expect((await refresh(h, refreshCookieOf(next)!)).status).toBe(401);
  });

  it('no grace once the family has moved on, or after the grace period', async () => {
    // The rotated token's successor was already used: the old one presented again is a second holder.
    const a = await createSignedInCustomer(h);
    const a1 = refreshCookieOf(await refresh(h, a.refreshCookie))!;
    expect((await refresh(h, a1)).status).toBe(200);
    const moved = await refresh(h, a.refreshCookie);
    expect(moved.status).toBe(401);
    expect((await moved.json()).detail).toMatch(/соображений безопасности/);
    expect(await isSessionActive(h.deps, (await verifyAccessToken(h.deps, a.access))!.sessionId)).toBe(false);

    // Presented again after the grace period, even with the successor unused.
    const b = await createSignedInCustomer(h);
    await refresh(h, b.refreshCookie);
    h.clock.advance(REUSE_GRACE_MS + 1);
    expect((await refresh(h, b.refreshCookie)).status).toBe(401);
    expect(await isSessionActive(h.deps, (await verifyAccessToken(h.deps, b.access))!.sessionId)).toBe(false);

    // Two retries of the same lost rotation: the first gets through, the second is reuse.
    const c = await createSignedInCustomer(h);
    await refresh(h, c.refreshCookie);
    expect((await refresh(h, c.refreshCookie)).status).toBe(200);
    expect((await refresh(h, c.refreshCookie)).status).toBe(401);
  });

  it('other sessions of the same customer survive a reuse in one family', async () => {
    const a = await createSignedInCustomer(h);
    const b = await signIn(h, a.email, a.password);
    await refresh(h, a.refreshCookie);
    h.clock.advance(REUSE_GRACE_MS + 1);
    await refresh(h, a.refreshCookie); // reuse → family a revoked
    expect((await protectedCall(h, b.access)).status).toBe(200);
    expect((await refresh(h, b.refreshCookie)).status).toBe(200);
  });

  it('missing, unknown and expired refresh tokens are 401', async () => {
    const missing = await refresh(h);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ detail: 'Токен обновления не передан.' });
    expect((await refresh(h, 'cabinet_refresh=unknown-token')).status).toBe(401);

    const c = await createSignedInCustomer(h);
    h.clock.advance(31 * 24 * 3600_000);
    const expired = await refresh(h, c.refreshCookie);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ detail: 'Сессия истекла. Войдите снова.' });
  });

  it('keeps a used session alive for 30 days after its last refresh', async () => {
    const c = await createSignedInCustomer(h);
    let cookie = c.refreshCookie;
    for (let i = 0; i < 3; i++) {
      h.clock.advance(20 * 24 * 3600_000);
      const res = await refresh(h, cookie);
      expect(res.status).toBe(200);
      cookie = refreshCookieOf(res)!;
    }
  });

  it('bad refresh bodies are 400, not 500', async () => {
    const res = await h.request(REFRESH, {
      method: 'POST',
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect((await refresh(h, undefined, 'a string')).status).toBe(400);
    expect((await refresh(h, undefined, [])).status).toBe(400);
  });

  it('logout revokes the session: old access and refresh fail, sockets are closed, cookie cleared', async () => {
    const c = await createSignedInCustomer(h);
    const closed: string[] = [];
    const original = h.deps.realtime.closeSession;
    h.deps.realtime.closeSession = async (id) => {
      closed.push(id);
      await original.call(h.deps.realtime, id);
    };
    try {
      const res = await h.request(LOGOUT, { method: 'POST', token: c.access });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ detail: 'Вы вышли из кабинета.' });
      expect(res.headers.getSetCookie().some((s) => s.startsWith('cabinet_refresh=;'))).toBe(true);
      expect(res.headers.getSetCookie().some((s) => s.startsWith('cabinet_signed_in=;'))).toBe(true);
      const claims = await verifyAccessToken(h.deps, c.access);
      expect(closed).toEqual([claims!.sessionId]);
    } finally {
      h.deps.realtime.closeSession = original;
    }
    expect((await protectedCall(h, c.access)).status).toBe(401);
    expect((await refresh(h, c.refreshCookie)).status).toBe(401);
    expect((await h.request(LOGOUT, { method: 'POST', token: c.access })).status).toBe(401);
  });

  it.each([
    ['an expired bearer', (access: string) => access],
    ['an invalid bearer', () => 'garbage'],
    ['no bearer', () => undefined],
  ])('logout with %s ends the session the refresh cookie names', async (_, bearer) => {
    const c = await createSignedInCustomer(h);
    h.clock.advance(600_000); // the access token is past its 300 s
    const res = await h.request(LOGOUT, {
      method: 'POST',
      headers: { cookie: c.refreshCookie },
      token: bearer(c.access),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ detail: 'Вы вышли из кабинета.' });
    const gone = await refresh(h, c.refreshCookie);
    expect(gone.status).toBe(401);
    expect(await gone.json()).toEqual({ detail: 'Сессия истекла. Войдите снова.' });
    expect((await h.request(LOGOUT, { method: 'POST' })).status).toBe(401);
  });

  it('logout with a cookie another tab already rotated still ends the session', async () => {
    const c = await createSignedInCustomer(h);
    const rotated = await refresh(h, c.refreshCookie);
    const current = refreshCookieOf(rotated)!;
    const { access } = await rotated.json();
    const res = await h.request(LOGOUT, { method: 'POST', headers: { cookie: c.refreshCookie } });
    expect(res.status).toBe(200);
    expect((await refresh(h, current)).status).toBe(401);
    expect((await protectedCall(h, access)).status).toBe(401);
  });

  it('logout with a live bearer of one session and the cookie of another ends both', async () => {
    const a = await createSignedInCustomer(h);
    const b = await signIn(h, a.email, a.password);
    const res = await h.request(LOGOUT, {
      method: 'POST',
      token: a.access,
      headers: { cookie: b.refreshCookie },
    });
    expect(res.status).toBe(200);
    expect((await protectedCall(h, a.access)).status).toBe(401);
    expect((await protectedCall(h, b.access)).status).toBe(401);
  });

  it('logout with neither a live bearer nor a known cookie is 401 and clears the cookies', async () => {
    const res = await h.request(LOGOUT, {
      method: 'POST',
      token: 'garbage',
      headers: { cookie: 'cabinet_refresh=unknown' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((s) => s.startsWith('cabinet_refresh=;'))).toBe(true);
  });

  it('isSessionActive is false for ids that are not sessions', async () => {
    expect(await isSessionActive(h.deps, 'not-a-uuid')).toBe(false);
    expect(await isSessionActive(h.deps, '00000000-0000-4000-8000-000000000000')).toBe(false);
  });
});
