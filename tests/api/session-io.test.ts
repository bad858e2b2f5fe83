// The IO behind the session machine, against a stubbed fetch through the app's configured client.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../src/api/client';
import { ERROR_MESSAGES } from '../../src/api/errors';
import * as io from '../../src/app/session-io';
import { hasSessionHint } from '../../src/lib/cookies';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const access = `h.${b64({ sub: '42' })}.s`;
const tokens = { access, expires_in: 300 };
const profile = { id: 42, email: 'demo@example.com', fio: 'Иванов Иван', phone: '+7999' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (body: unknown, headers: Headers) => Response;
let routes: Record<string, Route>;
let seen: { method: string; path: string; body: unknown; auth: string | null }[];

beforeEach(() => {
  seen = [];
  routes = {};
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    seen.push({ method, path, body, auth: headers.get('authorization') });
    const route = routes[`${method} ${path}`];
    if (!route) throw new TypeError('Failed to fetch');
    return route(body, headers);
  });
  configureApi({
    getAccessToken: () => null,
    refresh: async () => false,
    onSessionExpired: vi.fn(),
    navigateHard: vi.fn(),
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
});

const refresh = vi.fn(() => io.postRefresh());
/** The readable hint cookie beside the refresh cookie is there (a customer who signed in before). */
const hinted = () => true;

describe('start-up (restoreSession)', () => {
  it('without the session hint cookie the visitor is anonymous at once: no refresh call is made', async () => {
    await expect(io.restoreSession({ autoLoginToken: null }, refresh, () => false)).rejects.toMatchObject({
      status: 401,
    });
    expect(seen).toEqual([]);
  });

  it('signs in with al first, then loads the profile with the new token', async () => {
    routes['POST /api/client/auth/al/'] = () => json(200, tokens);
    routes['GET /api/client/profile/'] = () => json(200, profile);
    routes['PATCH /api/client/profile/status/'] = () => json(200, { money: 2450, bonus: 700 });
    const result = await io.restoreSession({ autoLoginToken: 'al-1' }, refresh, hinted);
    expect(result).toEqual({
      tokens,
      user: { id: 42, email: 'demo@example.com', fio: 'Иванов Иван' },
      finances: { money: 2450, bonus: 700 },
    });
    expect(seen.map((s) => `${s.method} ${s.path}`).sort()).toEqual([
      'GET /api/client/profile/',
      'PATCH /api/client/profile/status/',
      'POST /api/client/auth/al/',
    ]);
    expect(seen[0]!.body).toEqual({ token: 'al-1' });
    expect(seen.filter((s) => s.path !== '/api/client/auth/al/').map((s) => s.auth)).toEqual([
      `Bearer ${access}`,
      `Bearer ${access}`,
    ]);
  });

  it('a dead al falls back to the refresh cookie', async () => {
    routes['POST /api/client/auth/al/'] = () => json(400, { detail: 'Ссылка для входа устарела.' });
    routes['POST /api/client/auth/token/refresh/'] = () => json(200, tokens);
    routes['GET /api/client/profile/'] = () => json(200, profile);
    await expect(io.restoreSession({ autoLoginToken: 'used' }, refresh, hinted)).resolves.toMatchObject({
      tokens,
    });
  });

  it('al without an answer is a failure, not a fallback', async () => {
    await expect(io.restoreSession({ autoLoginToken: 'al' }, refresh, hinted)).rejects.toMatchObject({
      message: 'Сервер не отвечает',
    });
  });

  it('without al: the refresh cookie', async () => {
    routes['POST /api/client/auth/token/refresh/'] = () => json(200, tokens);
    routes['GET /api/client/profile/'] = () => json(200, profile);
    await expect(io.restoreSession({ autoLoginToken: null }, refresh, hinted)).resolves.toMatchObject({
      user: { id: 42 },
    });
    expect(seen[0]!.body).toEqual({});
  });

  it('the start-up refresh that gets 503 waits for the Retry-After and goes again: the cabinet opens, no error page', async () => {
    vi.useFakeTimers();
    try {
      let refreshes = 0;
      routes['POST /api/client/auth/token/refresh/'] = () =>
        ++refreshes === 1
          ? new Response(JSON.stringify({ detail: 'database unavailable' }), {
              status: 503,
              headers: { 'content-type': 'application/json', 'retry-after': '2' },
            })
          : json(200, tokens);
      routes['GET /api/client/profile/'] = () => json(200, profile);
      const started = io.restoreSession({ autoLoginToken: null }, refresh, hinted);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(refreshes).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(started).resolves.toMatchObject({ user: { id: 42 } });
      expect(refreshes).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refresh answer with the handover opens the session at once: no profile or balance call', async () => {
    const handover = {
      user: { id: 42, email: 'demo@example.com', fio: 'Иванов Иван' },
      finances: { money: 2450, bonus: 700 },
    };
    routes['POST /api/client/auth/token/refresh/'] = () => json(200, { ...tokens, ...handover });
    await expect(io.restoreSession({ autoLoginToken: null }, refresh, hinted)).resolves.toEqual({
      tokens,
      ...handover,
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/client/auth/token/refresh/']);
  });

  it('a malformed handover is ignored: the profile is asked for as before', async () => {
    routes['POST /api/client/auth/token/refresh/'] = () =>
      json(200, { ...tokens, user: { id: '42' }, finances: { money: 'lots' } });
    routes['GET /api/client/profile/'] = () => json(200, profile);
    routes['PATCH /api/client/profile/status/'] = () => json(200, { money: 1, bonus: 2 });
    await expect(io.restoreSession({ autoLoginToken: null }, refresh, hinted)).resolves.toEqual({
      tokens,
      user: { id: 42, email: 'demo@example.com', fio: 'Иванов Иван' },
      finances: { money: 1, bonus: 2 },
    });
  });

  it('a refused refresh rejects with its status (→ authError)', async () => {
    routes['POST /api/client/auth/token/refresh/'] = () => json(401, { detail: 'Сессия завершена.' });
    await expect(io.restoreSession({ autoLoginToken: null }, refresh, hinted)).rejects.toMatchObject({
      status: 401,
    });
  });

  it('a 404 on the profile still signs in, with the id from the token', async () => {
    routes['POST /api/client/auth/token/refresh/'] = () => json(200, tokens);
    routes['GET /api/client/profile/'] = () => json(404, { detail: 'Не найдено.' });
    // No finances route either: the balances are optional, the sign-in still succeeds.
    await expect(io.restoreSession({ autoLoginToken: null }, refresh, hinted)).resolves.toEqual({
      tokens,
      user: { id: 42, email: '', fio: '' },
      finances: null,
    });
  });

  it('no answer at all starts the offline cabinet when it can (the last customer, read-only), else fails', async () => {
    // No route for the refresh: the stubbed fetch throws as a browser without a network does.
    const kept = { tokens, user: { id: 42, email: 'demo@example.com', fio: 'Иванов Иван' }, finances: null };
    await expect(
      io.restoreSession({ autoLoginToken: null }, refresh, hinted, async () => kept),
    ).resolves.toEqual(kept);
    await expect(
      io.restoreSession({ autoLoginToken: null }, refresh, hinted, async () => null),
    ).rejects.toMatchObject({ kind: 'network' });
    // A refusal is never answered from what was kept: it signs out.
    routes['POST /api/client/auth/token/refresh/'] = () => json(401, { detail: 'Сессия завершена.' });
    const offline = vi.fn(async () => kept);
    await expect(io.restoreSession({ autoLoginToken: null }, refresh, hinted, offline)).rejects.toMatchObject(
      {
        status: 401,
      },
    );
    expect(offline).not.toHaveBeenCalled();
  });

  it('a 500 on the profile is a failure (→ initFailed)', async () => {
    routes['POST /api/client/auth/token/refresh/'] = () => json(200, tokens);
    routes['GET /api/client/profile/'] = () => json(500, {});
    await expect(io.restoreSession({ autoLoginToken: null }, refresh, hinted)).rejects.toMatchObject({
      status: 500,
    });
  });
});

describe('sign-in calls', () => {
  it('password sign-in', async () => {
    routes['POST /api/client/auth/login/'] = () => json(200, tokens);
    routes['GET /api/client/profile/'] = () => json(200, profile);
    await expect(io.signIn({ login: 'demo@example.com', password: 'pw' })).resolves.toMatchObject({ tokens });
    expect(seen[0]!.body).toEqual({ login: 'demo@example.com', password: 'pw' });
  });

  it('an answer without an access token: "Access token should be defined"', async () => {
    routes['POST /api/client/auth/login/'] = () => json(200, { expires_in: 300 });
    await expect(io.signIn({ login: 'a', password: 'b' })).rejects.toMatchObject({
      message: ERROR_MESSAGES.noAccessToken,
    });
  });

  it('wrong password: the server detail', async () => {
    routes['POST /api/client/auth/login/'] = () => json(400, { detail: 'Неверный логин или пароль.' });
    await expect(io.signIn({ login: 'a', password: 'b' })).rejects.toMatchObject({
      status: 400,
      message: 'Неверный логин или пароль.',
    });
  });

  it('one-time code: request, then verify', async () => {
    routes['POST /api/client/auth/login/'] = () => json(200, { detail: 'Код отправлен.', verify: true });
    routes['POST /api/client/auth/login/verify/'] = () => json(200, tokens);
    routes['GET /api/client/profile/'] = () => json(200, profile);
    await io.requestCode({ login: '+79991234567' });
    await expect(io.verifyCode({ login: '+79991234567', code: '123456' })).resolves.toMatchObject({ tokens });
    expect(seen[0]!.body).toEqual({ login: '+79991234567', method: 'code' });
    expect(seen[1]!.body).toEqual({ login: '+79991234567', code: '123456' });
  });

  it('sign-out posts to logout without refreshing on 401', async () => {
    routes['POST /api/client/auth/logout/'] = () => json(401, {});
    await expect(io.signOut()).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
  });
});

describe('sign-out and the session hint cookie', () => {
  /** A document whose cookie jar holds the hint, as after a sign-in (js-cookie reads and writes document.cookie). */
  function withHintCookie() {
    let jar = new Map([['cabinet_signed_in', '1']]);
    const doc = {
      get cookie() {
        return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      },
      set cookie(line: string) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        const expired = attributes.some(
          (a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now(),
        );
        jar = new Map(jar);
        if (expired) jar.delete(name);
        else jar.set(name, value);
      },
    };
    vi.stubGlobal('document', doc);
    return () => jar.has('cabinet_signed_in');
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a logout without an answer still drops the hint: a reload then asks for no refresh', async () => {
    const hintLeft = withHintCookie();
    expect(hasSessionHint()).toBe(true);
    await expect(io.signOut()).rejects.toMatchObject({ message: ERROR_MESSAGES.noResponse });
    expect(hintLeft()).toBe(false);
    await expect(io.restoreSession({ autoLoginToken: null }, refresh)).rejects.toMatchObject({ status: 401 });
    expect(seen.map((c) => c.path)).toEqual(['/api/client/auth/logout/']);
  });

  it('a refused logout drops it too', async () => {
    const hintLeft = withHintCookie();
    routes['POST /api/client/auth/logout/'] = () => json(500, {});
    await expect(io.signOut()).rejects.toMatchObject({ status: 500 });
    expect(hintLeft()).toBe(false);
  });
});
