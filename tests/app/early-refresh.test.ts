// The start-up refresh src/boot.js starts before the app's scripts ran, and how the app takes it: the first
// refresh answers with it (no second request), once; a failed or stale one leaves the app to ask by itself.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE_PATH, SESSION_HINT_COOKIE } from '../../contract/auth';
import { THEME_COOKIE } from '../../contract/theme';
import { THEME_STORAGE_KEY } from '../../machines/theme/theme.machine';
import { EARLY_REFRESH_MAX_AGE_MS, takeEarlyRefresh } from '../../src/app/session-io';
import { LAST_REFRESH_KEY, REFRESH_LOCK, createTokenSync } from '../../src/app/token-sync';

const BOOT = readFileSync(new URL('../../src/boot.js', import.meta.url), 'utf8');

/** Runs boot.js as a browser would, in a window of stand-ins; returns what it did. */
function runBoot({
  cookie,
  search = '',
  pathname = '/home',
  answer,
  started = false,
  theme,
}: {
  cookie: string;
  search?: string;
  pathname?: string;
  answer?: Response;
  /** The app's script already ran (it sets __cabinetStarted first thing). */
  started?: boolean;
  /** localStorage 'cabinet.theme'. */
  theme?: string;
}) {
  const stored = new Map<string, string>(theme ? [[THEME_STORAGE_KEY, theme]] : []);
  const assigned: string[] = [];
  const locks: string[] = [];
  const requests: { url: string; init: RequestInit }[] = [];
  const window: Record<string, unknown> = {
    fetch: (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return answer ? Promise.resolve(answer) : Promise.reject(new TypeError('Failed to fetch'));
    },
    Promise,
    addEventListener: () => {},
    ...(started ? { __cabinetStarted: true } : {}),
  };
  const document = { cookie, documentElement: { dataset: {} as Record<string, string> } };
  runInNewContext(BOOT, {
    setTimeout: () => 0,
    window,
    document,
    RegExp,
    location: { search, pathname, assign: (url: string) => void assigned.push(url) },
    URLSearchParams,
    Promise,
    JSON,
    Date,
    fetch: window.fetch,
    navigator: {
      locks: {
        request: (name: string, task: () => Promise<unknown>) => (locks.push(name), task()),
      },
    },
    localStorage: {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    },
  });
  return { window, stored, locks, requests, assigned, document };
}

const okAnswer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const handover = {
  access: 'early-access',
  expires_in: 300,
  user: { id: 7 },
  finances: { money: 10, bonus: 0 },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('boot.js', () => {
  it('starts the refresh under the app’s lock when the session hint is there, and keeps the tokens for other tabs', async () => {
    const { window, stored, locks, requests } = runBoot({
      cookie: `other=1; ${SESSION_HINT_COOKIE}=1`,
      answer: okAnswer(handover),
    });
    expect(locks).toEqual([REFRESH_LOCK]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`${REFRESH_COOKIE_PATH}token/refresh/`);
    expect(requests[0]!.init).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' });
    const result = (await window.__cabinetEarlyRefresh) as { ok: boolean; body: unknown; at: number };
    expect(result).toMatchObject({ ok: true, status: 200, body: handover });
    expect(JSON.parse(stored.get(LAST_REFRESH_KEY)!)).toMatchObject({
      tokens: { access: 'early-access', expires_in: 300 },
    });
  });

  it('asks nothing for an anonymous visitor or when the URL carries an `al` token', () => {
    expect(runBoot({ cookie: 'other=1' }).requests).toEqual([]);
    expect(runBoot({ cookie: `${SESSION_HINT_COOKIE}=1`, search: '?al=abc' }).requests).toEqual([]);
    expect(runBoot({ cookie: 'other=1' }).window.__cabinetEarlyRefresh).toBeUndefined();
  });

  it('leaves the refresh to the app when the app’s script ran first', () => {
    const late = runBoot({ cookie: `${SESSION_HINT_COOKIE}=1`, answer: okAnswer(handover), started: true });
    expect(late.requests).toEqual([]);
    expect(late.locks).toEqual([]);
    expect(late.window.__cabinetEarlyRefresh).toBeUndefined();
  });

  it('puts the remembered theme into the cookie the server paints the first frame from, when they differ', () => {
    const missing = runBoot({ cookie: 'other=1', theme: 'dark' });
    expect(missing.document.documentElement.dataset.theme).toBe('dark');
    expect(missing.document.cookie).toBe(`${THEME_COOKIE}=dark; path=/; max-age=31536000; samesite=lax`);
    const stale = runBoot({ cookie: `${THEME_COOKIE}=dark`, theme: 'light' });
    expect(stale.document.documentElement.dataset.theme).toBe('light');
    expect(stale.document.cookie).toMatch(new RegExp(`^${THEME_COOKIE}=light;`));
    // In step already, or nothing remembered: the server's theme stays and no cookie is written.
    const same = runBoot({ cookie: `a=1; ${THEME_COOKIE}=dark`, theme: 'dark' });
    expect(same.document.cookie).toBe(`a=1; ${THEME_COOKIE}=dark`);
    expect(same.document.documentElement.dataset.theme).toBeUndefined();
    expect(runBoot({ cookie: 'a=1' }).document.cookie).toBe('a=1');
  });

  it('reports a refusal or no answer without keeping anything', async () => {
    const refused = runBoot({
      cookie: `${SESSION_HINT_COOKIE}=1`,
      answer: new Response(JSON.stringify({ detail: 'no' }), { status: 401 }),
    });
    await expect(refused.window.__cabinetEarlyRefresh).resolves.toMatchObject({
      ok: false,
      status: 401,
      body: { detail: 'no' },
    });
    expect(refused.stored.size).toBe(0);
    expect(refused.assigned).toEqual([]);
    const offline = runBoot({ cookie: `${SESSION_HINT_COOKIE}=1` });
    await expect(offline.window.__cabinetEarlyRefresh).resolves.toMatchObject({ ok: false, status: 0 });
  });

  it('goes to /429 with the wait on a 429 (spec point 8), but never from /429 itself', async () => {
    const limited = () =>
      new Response(JSON.stringify({ detail: 'Слишком много запросов.' }), {
        status: 429,
        headers: { 'Retry-After': '90' },
      });
    const onHome = runBoot({ cookie: `${SESSION_HINT_COOKIE}=1`, answer: limited() });
    await expect(onHome.window.__cabinetEarlyRefresh).resolves.toMatchObject({
      status: 429,
      retryAfter: '90',
    });
    expect(onHome.assigned).toEqual(['/429?retry=90']);
    const on429 = runBoot({ cookie: `${SESSION_HINT_COOKIE}=1`, pathname: '/429', answer: limited() });
    await on429.window.__cabinetEarlyRefresh;
    expect(on429.assigned).toEqual([]);
  });
});

describe('takeEarlyRefresh', () => {
  const scopeWith = (result: unknown) => ({ __cabinetEarlyRefresh: Promise.resolve(result) });

  it('gives the tokens and the handover of a successful early refresh, once', async () => {
    const scope = scopeWith({ ok: true, status: 200, body: handover, at: Date.now() });
    await expect(takeEarlyRefresh(scope)).resolves.toMatchObject(handover);
    expect(takeEarlyRefresh(scope)).toBeNull();
  });

  it("turns a refusal into the client's error, so the app does not ask twice", async () => {
    const refused = takeEarlyRefresh(
      scopeWith({ ok: false, status: 429, body: { detail: 'Подождите' }, retryAfter: '90', at: Date.now() }),
    );
    await expect(refused).rejects.toMatchObject({ status: 429, message: 'Подождите', retryAfter: 90 });
  });

  it('gives nothing for no answer, a malformed or a stale one, or when there was none', async () => {
    await expect(
      takeEarlyRefresh(scopeWith({ ok: false, status: 0, body: null, at: Date.now() })),
    ).resolves.toBeNull();
    await expect(
      takeEarlyRefresh(scopeWith({ ok: true, status: 200, body: {}, at: Date.now() })),
    ).resolves.toBeNull();
    const stale = Date.now() - EARLY_REFRESH_MAX_AGE_MS - 1;
    await expect(
      takeEarlyRefresh(scopeWith({ ok: true, status: 200, body: handover, at: stale })),
    ).resolves.toBeNull();
    expect(takeEarlyRefresh({})).toBeNull();
  });
});

describe('the token sync takes the early answer', () => {
  it('for its first refresh only: no second request at start-up, a real one afterwards', async () => {
    const refreshRequest = vi.fn(async () => ({ access: 'asked', expires_in: 300 }));
    const sync = createTokenSync({
      refreshRequest,
      early: Promise.resolve({ access: 'early-access', expires_in: 300 }),
      onTokens: vi.fn(),
      onSignedOut: vi.fn(),
    });
    await expect(sync.refresh()).resolves.toEqual({ access: 'early-access', expires_in: 300 });
    expect(refreshRequest).not.toHaveBeenCalled();
    await expect(sync.refresh()).resolves.toEqual({ access: 'asked', expires_in: 300 });
    expect(refreshRequest).toHaveBeenCalledTimes(1);
    sync.close();
  });

  it('asks by itself when the early refresh gave nothing', async () => {
    const refreshRequest = vi.fn(async () => ({ access: 'asked', expires_in: 300 }));
    const sync = createTokenSync({
      refreshRequest,
      early: Promise.resolve(null),
      onTokens: vi.fn(),
      onSignedOut: vi.fn(),
    });
    await expect(sync.refresh()).resolves.toEqual({ access: 'asked', expires_in: 300 });
    expect(refreshRequest).toHaveBeenCalledTimes(1);
    sync.close();
  });

  it("rejects with the early refusal without asking (the session then sees the server's answer)", async () => {
    const refreshRequest = vi.fn(async () => ({ access: 'asked', expires_in: 300 }));
    const sync = createTokenSync({
      refreshRequest,
      early: Promise.reject(Object.assign(new Error('refused'), { status: 401 })),
      onTokens: vi.fn(),
      onSignedOut: vi.fn(),
    });
    await expect(sync.refresh()).rejects.toMatchObject({ status: 401 });
    expect(refreshRequest).not.toHaveBeenCalled();
    sync.close();
  });
});
