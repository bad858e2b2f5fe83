// The client, the token machine and the cross-tab sync working together: many 401s → one refresh; a refused
// refresh ends the session; two tabs → one refresh.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { tokenMachine } from '../../machines/token/token.machine';
import { refreshThrough } from '../../src/actors/token-refresh';
import { createTokenSync, NEWS_WAIT_MS, type TokenSync } from '../../src/app/token-sync';
import type { AuthTokens } from '../../contract/auth.api';
import { memoryStorage } from '../support/memory-storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function startToken(refreshRequest: () => Promise<AuthTokens>) {
  const token = createActor(
    tokenMachine.provide({ actors: { refreshTokens: fromPromise(refreshRequest) } }),
    { input: {} },
  ).start();
  token.send({ type: 'token.set', access: 'old', expires_in: 300 });
  return token;
}

/** A server whose resources want the current token `valid`. */
function server(state: { valid: string }) {
  return vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization');
    return auth === `Bearer ${state.valid}` ? json(200, { ok: true }) : json(401, { detail: 'expired' });
  }) as unknown as typeof fetch;
}

const syncs: TokenSync[] = [];
afterEach(() => {
  for (const s of syncs.splice(0)) s.close();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('refresh through the token machine', () => {
  it('five calls failing with 401 at once cause one refresh, then all succeed', async () => {
    const state = { valid: 'new' };
    let resolveRefresh!: (t: AuthTokens) => void;
    const refreshRequest = vi.fn(() => new Promise<AuthTokens>((r) => (resolveRefresh = r)));
    const token = startToken(refreshRequest);
    const client = createApiClient({
      getAccessToken: () => token.getSnapshot().context.access,
      refresh: refreshThrough(token),
      onSessionExpired: vi.fn(),
      navigateHard: vi.fn(),
      fetch: server(state),
    });
    const calls = Array.from({ length: 5 }, (_, i) => client.api(`/api/client/orders/${i + 1}/`));
    await vi.waitFor(() => expect(refreshRequest).toHaveBeenCalled());
    resolveRefresh({ access: 'new', expires_in: 300 });
    await expect(Promise.all(calls)).resolves.toEqual(Array(5).fill({ ok: true }));
    expect(refreshRequest).toHaveBeenCalledTimes(1);
  });

  it('a refused refresh ends the session once and sends to /login with the page', async () => {
    const refreshRequest = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 401, message: 'Токен недействителен.' });
    });
    const token = startToken(refreshRequest);
    const expired = vi.fn();
    token.on('session.expired', expired);
    const onSessionExpired = vi.fn();
    const client = createApiClient({
      getAccessToken: () => token.getSnapshot().context.access,
      refresh: refreshThrough(token),
      onSessionExpired,
      navigateHard: vi.fn(),
      currentLocation: () => ({ pathname: '/payments/history', search: '?page=2&al=x' }),
      fetch: server({ valid: 'never' }),
    });
    const results = await Promise.allSettled([client.api('/a/'), client.api('/b/')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(refreshRequest).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledWith('/payments/history?page=2');
    expect(token.getSnapshot().value).toBe('expired');
  });

  it('a refresh without an answer keeps the session and reports "Сервер не отвечает"', async () => {
    const token = startToken(async () => {
      throw new ApiError({ kind: 'network', message: 'Сервер не отвечает' });
    });
    const onSessionExpired = vi.fn();
    const client = createApiClient({
      getAccessToken: () => token.getSnapshot().context.access,
      refresh: refreshThrough(token),
      onSessionExpired,
      navigateHard: vi.fn(),
      fetch: server({ valid: 'never' }),
    });
    await expect(client.api('/a/')).rejects.toMatchObject({ message: 'Сервер не отвечает' });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(token.getSnapshot().value).toBe('unavailable');
  });
});

/** Two tabs: A's refresh waits for `release()` and answers 'from-A'; B's would answer 'from-B'. */
function twoTabs() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const requestA = vi.fn(async () => {
    await gate;
    return { access: 'from-A', expires_in: 300 };
  });
  const requestB = vi.fn(async () => ({ access: 'from-B', expires_in: 300 }));
  const tabA = createTokenSync({ refreshRequest: requestA, onTokens: vi.fn(), onSignedOut: vi.fn() });
  const tabB = createTokenSync({ refreshRequest: requestB, onTokens: vi.fn(), onSignedOut: vi.fn() });
  syncs.push(tabA, tabB);
  return { release, requestA, requestB, tabA, tabB };
}

describe('token sync between tabs (BroadcastChannel cabinet-auth)', () => {
  it('shares a refreshed token with the other tab', async () => {
    const received = vi.fn();
    const tabA = createTokenSync({
      refreshRequest: async () => ({ access: 'fresh', expires_in: 300 }),
      onTokens: vi.fn(),
      onSignedOut: vi.fn(),
    });
    const tabB = createTokenSync({ refreshRequest: vi.fn(), onTokens: received, onSignedOut: vi.fn() });
    syncs.push(tabA, tabB);
    await expect(tabA.refresh()).resolves.toEqual({ access: 'fresh', expires_in: 300 });
    await vi.waitFor(() => expect(received).toHaveBeenCalledWith({ access: 'fresh', expires_in: 300 }));
  });

  it('a tab that asks while another tab refreshes takes its token instead of refreshing again', async () => {
    const { release, requestB, tabA, tabB } = twoTabs();

    // A Web Lock stand-in: tab B's refresh runs once tab A's is done (what navigator.locks does in a browser).
    const first = tabA.refresh();
    const askedAt = Date.now();
    release();
    await first;
    await new Promise((r) => setTimeout(r, 10)); // the broadcast arrives
    vi.spyOn(Date, 'now').mockReturnValue(askedAt);
    await expect(tabB.refresh()).resolves.toEqual({ access: 'from-A', expires_in: 300 });
    vi.restoreAllMocks();
    expect(requestB).not.toHaveBeenCalled();
  });

  it('a tab granted the lock before the message arrives takes the token from the shared record', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const tabA = createTokenSync({
      refreshRequest: async () => ({ access: 'from-A', expires_in: 300 }),
      onTokens: vi.fn(),
      onSignedOut: vi.fn(),
    });
    // Tab B hears nothing on the channel: only the record can tell it about A's refresh.
    vi.stubGlobal('BroadcastChannel', undefined);
    const requestB = vi.fn(async () => ({ access: 'from-B', expires_in: 300 }));
    const tabB = createTokenSync({ refreshRequest: requestB, onTokens: vi.fn(), onSignedOut: vi.fn() });
    syncs.push(tabA, tabB);

    const askedAt = Date.now(); // B asks while A refreshes
    await tabA.refresh();
    vi.spyOn(Date, 'now').mockReturnValue(askedAt);
    await expect(tabB.refresh()).resolves.toEqual({ access: 'from-A', expires_in: 300 });
    expect(requestB).not.toHaveBeenCalled();

    // After a sign-out the record is gone: the next refresh asks the server.
    tabA.shareSignOut();
    await expect(tabB.refresh()).resolves.toEqual({ access: 'from-B', expires_in: 300 });
  });

  it("a tab whose 401 comes back after another tab's refresh, before its message, takes that token", async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('BroadcastChannel', undefined); // no message ever arrives: only the record tells
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const requestA = vi.fn(async () => ({ access: 'second', expires_in: 300 }));
    const requestB = vi.fn(async () => ({ access: 'first', expires_in: 300 }));
    const tabA = createTokenSync({ refreshRequest: requestA, onTokens: vi.fn(), onSignedOut: vi.fn() });
    const tabB = createTokenSync({ refreshRequest: requestB, onTokens: vi.fn(), onSignedOut: vi.fn() });
    syncs.push(tabA, tabB);

    await tabB.refresh(); // B holds 'first'
    now += 60_000;
    await tabA.refresh(); // A refreshed: 'second'
    now += 1_000; // B asks after A is done
    await expect(tabB.refresh()).resolves.toEqual({ access: 'second', expires_in: 300 });
    expect(requestB).toHaveBeenCalledTimes(1);

    // A record that B already holds, or one past 80 % of its life, is no reason to skip a refresh.
    now += 1_000;
    await expect(tabB.refresh()).resolves.toEqual({ access: 'first', expires_in: 300 });
    await tabA.refresh();
    now += 241_000;
    requestB.mockResolvedValueOnce({ access: 'third', expires_in: 300 });
    await expect(tabB.refresh()).resolves.toEqual({ access: 'third', expires_in: 300 });
  });

  it('a tab granted the lock just before the message of the tab it waited behind takes that token', async () => {
    vi.stubGlobal('navigator', { locks: queuedLocks() });
    const { release, requestA, requestB, tabA, tabB } = twoTabs();

    const first = tabA.refresh();
    await vi.waitFor(() => expect(requestA).toHaveBeenCalled());
    const second = tabB.refresh(); // its 401 came back while A refreshes: it waits behind A's lock
    release();
    // The stand-in grants B the lock in a microtask, before the channel's message (a task) can land.
    await expect(first).resolves.toEqual({ access: 'from-A', expires_in: 300 });
    await expect(second).resolves.toEqual({ access: 'from-A', expires_in: 300 });
    expect(requestB).not.toHaveBeenCalled();
  });

  it('a tab that waited behind a lock holder that did not refresh asks the server after the pause', async () => {
    vi.stubGlobal('navigator', { locks: queuedLocks() });
    const requestB = vi.fn(async () => ({ access: 'from-B', expires_in: 300 }));
    const tabA = createTokenSync({ refreshRequest: vi.fn(), onTokens: vi.fn(), onSignedOut: vi.fn() });
    const tabB = createTokenSync({ refreshRequest: requestB, onTokens: vi.fn(), onSignedOut: vi.fn() });
    syncs.push(tabA, tabB);
    let release!: () => void;
    const otherWork = tabA.afterRefresh(() => new Promise<void>((r) => (release = r)));
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    const started = Date.now();
    const second = tabB.refresh();
    release();
    await otherWork;
    await expect(second).resolves.toEqual({ access: 'from-B', expires_in: 300 });
    expect(requestB).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(NEWS_WAIT_MS - 20);
  });

  it('is single-flight within a tab', async () => {
    const request = vi.fn(async () => ({ access: 'x', expires_in: 300 }));
    const tab = createTokenSync({ refreshRequest: request, onTokens: vi.fn(), onSignedOut: vi.fn() });
    syncs.push(tab);
    await Promise.all([tab.refresh(), tab.refresh(), tab.refresh()]);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('a sign-out waits for the refresh running in the tab, so it presents the rotated cookie', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const tab = createTokenSync({
      refreshRequest: async () => {
        await gate;
        order.push('refreshed');
        return { access: 'x', expires_in: 300 };
      },
      onTokens: vi.fn(),
      onSignedOut: vi.fn(),
    });
    syncs.push(tab);
    const refreshing = tab.refresh();
    const logout = vi.fn(async () => {
      order.push('logout');
      return 'signed out';
    });
    const signingOut = tab.afterRefresh(logout);
    expect(logout).not.toHaveBeenCalled();
    release();
    await expect(signingOut).resolves.toBe('signed out');
    await refreshing;
    expect(order).toEqual(['refreshed', 'logout']);
  });

  it('a sign-out after a failed refresh still runs, and one with nothing running runs at once', async () => {
    const tab = createTokenSync({
      refreshRequest: async () => {
        throw new ApiError({ kind: 'http', status: 401, message: 'expired' });
      },
      onTokens: vi.fn(),
      onSignedOut: vi.fn(),
    });
    syncs.push(tab);
    const refreshing = tab.refresh().catch(() => 'refused');
    await expect(tab.afterRefresh(async () => 'signed out')).resolves.toBe('signed out');
    expect(await refreshing).toBe('refused');
    await expect(tab.afterRefresh(async () => 'again')).resolves.toBe('again');
  });

  it('shares a sign-out', async () => {
    const signedOut = vi.fn();
    const tabA = createTokenSync({ refreshRequest: vi.fn(), onTokens: vi.fn(), onSignedOut: vi.fn() });
    const tabB = createTokenSync({ refreshRequest: vi.fn(), onTokens: vi.fn(), onSignedOut: signedOut });
    syncs.push(tabA, tabB);
    tabA.shareSignOut();
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
  });
});

/**
 * A Web Lock stand-in with a queue and `ifAvailable`, as navigator.locks behaves in a browser: the next holder is
 * granted in a microtask after the last one is done, so before any channel message (a task) lands.
 */
function queuedLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  let held = false;
  type Granted = (lock: { name: string } | null) => unknown;
  return {
    request(name: string, a: { ifAvailable?: boolean } | Granted, b?: Granted) {
      const options = typeof a === 'function' ? {} : a;
      const granted = (typeof a === 'function' ? a : b) as Granted;
      if (options.ifAvailable && held) return Promise.resolve().then(() => granted(null));
      const run = tail.then(async () => {
        held = true;
        try {
          return await granted({ name });
        } finally {
          held = false;
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
