// One tab refreshes for all (spec point 4, contract auth.ts): refresh tokens rotate with reuse detection, so two
// tabs must never refresh at once. A Web Lock serialises the refreshes of all tabs; the BroadcastChannel
// 'cabinet-auth' shares the new access token with the other tabs, and a record in localStorage, written under the
// lock, lets a tab that waited for the lock take the fresh token instead of refreshing again (the lock may be
// granted before the channel's message arrives). Sign-outs are shared the same way.
import type { AuthTokens } from '../../contract/auth.api';
import { REFRESH_AT } from '../../machines/token/token.machine';

export const AUTH_CHANNEL = 'cabinet-auth';
export const REFRESH_LOCK = 'cabinet-auth-refresh';
/** The last refresh of any tab: its tokens and when it landed (the access token is in a readable cookie anyway). */
export const LAST_REFRESH_KEY = 'cabinet.auth.lastRefresh';
/**
 * How long a tab that waited behind another tab's lock listens for that tab's news before refreshing itself. The
 * lock may be granted before the channel's message lands, and another renderer's localStorage write may not be
 * visible yet: without the pause both tabs would refresh (measured: the message lands within a few ms, under load
 * in ~100 ms).
 */
export const NEWS_WAIT_MS = 300;

type Refreshed = { tokens: AuthTokens; at: number };

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled: the channel alone shares tokens
  }
}

function recallRefresh(): Refreshed | null {
  try {
    const r = JSON.parse(storage()?.getItem(LAST_REFRESH_KEY) ?? 'null') as Partial<Refreshed> | null;
    const t = r?.tokens;
    if (!t || typeof t.access !== 'string' || typeof t.expires_in !== 'number' || typeof r.at !== 'number')
      return null;
    return { tokens: { access: t.access, expires_in: t.expires_in }, at: r.at };
  } catch {
    return null;
  }
}

function rememberRefresh(value: Refreshed | null): void {
  try {
    if (value) storage()?.setItem(LAST_REFRESH_KEY, JSON.stringify(value));
    else storage()?.removeItem(LAST_REFRESH_KEY);
  } catch {
    // a full or disabled storage only costs a second refresh
  }
}

type AuthMessage = { type: 'tokens'; access: string; expires_in: number } | { type: 'signedOut' };

function isAuthMessage(data: unknown): data is AuthMessage {
  const m = data as Partial<AuthMessage & { access: unknown; expires_in: unknown }> | null;
  if (!m || typeof m !== 'object') return false;
  if (m.type === 'signedOut') return true;
  return m.type === 'tokens' && typeof m.access === 'string' && typeof m.expires_in === 'number';
}

export interface TokenSyncOptions<T extends AuthTokens = AuthTokens> {
  /** The actual POST …/token/refresh/. */
  refreshRequest: () => Promise<T>;
  /**
   * The start-up refresh src/boot.js already made under the same lock, before the app ran (null when it made
   * none or it failed): the first refresh answers with it instead of asking again.
   */
  early?: Promise<T | null> | null;
  /** Another tab obtained tokens. */
  onTokens: (tokens: AuthTokens) => void;
  /** Another tab signed out. */
  onSignedOut: () => void;
}

export interface TokenSync<T extends AuthTokens = AuthTokens> {
  /** Single-flight within the tab, serialised across tabs. */
  refresh: () => Promise<T>;
  shareTokens: (tokens: AuthTokens) => void;
  shareSignOut: () => void;
  /**
   * Runs `task` once no refresh runs in this tab or any other (under the same lock): a logout then presents the
   * refresh cookie as the last refresh left it, so the token it revokes is the live one.
   */
  afterRefresh: <T>(task: () => Promise<T>) => Promise<T>;
  close: () => void;
}

export function createTokenSync<T extends AuthTokens = AuthTokens>(
  options: TokenSyncOptions<T>,
): TokenSync<T> {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);
  let lastShared: Refreshed | null = null;
  /** The tokens this tab holds, as far as the sync knows: its own refresh, a sign-in here, another tab's message. */
  let held: Refreshed | null = null;
  let inflight: Promise<T> | null = null;
  let early = options.early ?? null;
  /** Refreshes waiting for another tab's news (see NEWS_WAIT_MS). */
  const listeners: Array<() => void> = [];
  function news(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        const i = listeners.indexOf(done);
        if (i >= 0) listeners.splice(i, 1);
        resolve();
      }
      listeners.push(done);
    });
  }
  early?.catch(() => undefined); // a refusal is reported by the refresh that takes it, not as unhandled

  if (channel) {
    channel.onmessage = (e: MessageEvent) => {
      if (!isAuthMessage(e.data)) return;
      if (e.data.type === 'signedOut') {
        lastShared = held = null;
        options.onSignedOut();
        for (const heard of listeners.splice(0)) heard();
        return;
      }
      const tokens = { access: e.data.access, expires_in: e.data.expires_in };
      lastShared = held = { tokens, at: Date.now() };
      options.onTokens(tokens);
      for (const heard of listeners.splice(0)) heard();
    };
  }

  const post = (message: AuthMessage) => channel?.postMessage(message);

  /**
   * Another tab's tokens this tab may take instead of refreshing: still short of their refresh time, and got after
   * this tab asked, or newer than the tokens it holds (its 401 came back before that tab's message did).
   */
  function takeable(shared: Refreshed | null, askedAt: number): shared is Refreshed {
    if (!shared || Date.now() >= shared.at + shared.tokens.expires_in * 1000 * REFRESH_AT) return false;
    if (shared.at >= askedAt) return true;
    return !!held && shared.at > held.at && shared.tokens.access !== held.tokens.access;
  }

  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;

  /** Kept and shared before the lock is released, so a waiting tab finds it. */
  function keep(tokens: AuthTokens) {
    held = { tokens: { access: tokens.access, expires_in: tokens.expires_in }, at: Date.now() };
    rememberRefresh(held);
    post({ type: 'tokens', access: tokens.access, expires_in: tokens.expires_in });
  }

  function refresh(): Promise<T> {
    if (inflight) return inflight;
    const askedAt = Date.now();
    const takeShared = (): T | null => {
      for (const shared of [lastShared, recallRefresh()]) {
        if (!takeable(shared, askedAt)) continue;
        held = shared;
        return shared.tokens as T;
      }
      return null;
    };
    const run = async (waitedBehindAnotherTab: boolean): Promise<T> => {
      // The start-up refresh boot.js made while the scripts loaded: this tab's own, so taken first and once.
      // Its refusal is this refresh's refusal (nothing is asked twice); with no answer, ask now.
      const started = early;
      early = null;
      const answer = started ? await started : null;
      if (answer) {
        keep(answer);
        return answer;
      }
      // Another tab refreshed while this one waited for the lock, or before its message got here: its token is as
      // good as a new one. Having waited behind that tab, give its message a moment to land.
      let shared = takeShared();
      if (!shared && waitedBehindAnotherTab && channel) {
        await news(NEWS_WAIT_MS);
        shared = takeShared();
      }
      if (shared) return shared;
      const tokens = await options.refreshRequest();
      keep(tokens);
      return tokens;
    };
    // Asked first without waiting, to learn whether another tab holds the lock.
    const flight: Promise<T> = locks
      ? locks
          .request(REFRESH_LOCK, { ifAvailable: true }, (lock) =>
            lock ? run(false) : locks.request(REFRESH_LOCK, () => run(true)).then((t) => t),
          )
          .then((t) => t)
      : run(false);
    const shared = flight.finally(() => {
      inflight = null;
    });
    inflight = shared;
    return shared;
  }

  async function afterRefresh<T>(task: () => Promise<T>): Promise<T> {
    // This tab's own refresh first (it holds the lock, and without Web Locks nothing else orders the two).
    if (inflight) await inflight.catch(() => undefined);
    return locks ? locks.request(REFRESH_LOCK, task) : task();
  }

  return {
    refresh,
    afterRefresh,
    shareTokens: (tokens) => {
      held = { tokens, at: Date.now() };
      post({ type: 'tokens', access: tokens.access, expires_in: tokens.expires_in });
    },
    shareSignOut: () => {
      held = null;
      rememberRefresh(null);
      post({ type: 'signedOut' });
    },
    close: () => channel?.close(),
  };
}
