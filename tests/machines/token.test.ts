import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { RETRY_AFTER_MS, tokenMachine } from '../../machines/token/token.machine';
import {
  selectAccessToken,
  selectExpiresAt,
  selectIsRefreshing,
  selectRefreshOutcome,
} from '../../machines/token/token.selectors';
import type { TokenPair } from '../../machines/token/token.types';
import { describeModel } from './coverage';
import { never } from './never';

const rejected = { status: 401, message: 'Токен недействителен или просрочен.' };
const notAuthorized = { status: 403, message: 'User not authorized' };
const unreachable = { message: 'Сервер не отвечает' };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const model = tokenMachine.provide({ actors: { refreshTokens: never() } });
type Snap = SnapshotFrom<typeof model>;
const events = [
  { type: 'token.set', access: 'signed-in', expires_in: 300 },
  { type: 'token.received', access: 'from-other-tab', expires_in: 300 },
  { type: 'token.refresh' },
  { type: 'token.clear' },
  { type: 'xstate.done.actor.refreshTokens', output: { access: 'refreshed', expires_in: 300 } },
  { type: 'xstate.error.actor.refreshTokens', error: rejected },
  { type: 'xstate.error.actor.refreshTokens', error: notAuthorized },
  { type: 'xstate.error.actor.refreshTokens', error: unreachable },
  { type: 'xstate.after.refreshDelay.token.active' },
  { type: 'xstate.after.retryDelay.token.unavailable' },
];
// The expiry is a clock reading: two snapshots differing only in it are the same state of the model.
const serializeState = (s: Snap) =>
  JSON.stringify({ value: s.value, access: s.context.access, error: s.context.error });

describeModel(model, {
  name: 'token machine (model-based)',
  events,
  serializeState,
  agreeOn: selectAccessToken,
  invariants: (final) => {
    const state = final.value as string;
    expect(selectIsRefreshing(final)).toBe(state === 'refreshing');
    if (state === 'active') {
      expect(selectAccessToken(final)).not.toBeNull();
      expect(selectExpiresAt(final)).toBe(Date.now() + 300_000);
      expect(selectRefreshOutcome(final)).toBe('refreshed');
    }
    if (state === 'empty' || state === 'expired') {
      expect(selectAccessToken(final)).toBeNull();
      expect(selectExpiresAt(final)).toBeNull();
    }
    if (state === 'expired') expect([401, 403]).toContain(final.context.error?.status);
    if (state === 'unavailable') expect(final.context.error).toEqual(unreachable);
  },
});

/** A refresh the test settles by hand, counting the calls. */
function controlledRefresh() {
  const calls: { resolve: (t: TokenPair) => void; reject: (e: unknown) => void }[] = [];
  const logic = fromPromise<TokenPair>(
    () =>
      new Promise<TokenPair>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { logic, calls };
}

function startToken(refresh = controlledRefresh()) {
  const storeAccessCookie = vi.fn();
  const removeAccessCookie = vi.fn();
  const broadcastTokens = vi.fn();
  const actor = createActor(
    tokenMachine.provide({
      actors: { refreshTokens: refresh.logic },
      actions: {
        storeAccessCookie: (_, access) => storeAccessCookie(access),
        removeAccessCookie: () => removeAccessCookie(),
        broadcastTokens: (_, tokens) => broadcastTokens(tokens),
      },
    }),
    { input: {} },
  ).start();
  const expired = vi.fn();
  actor.on('session.expired', expired);
  return { actor, refresh, storeAccessCookie, removeAccessCookie, broadcastTokens, expired };
}

describe('token machine (timing and IO)', () => {
  it('refreshes at 80 % of the lifetime (240 s of the default 300 s)', async () => {
    const { actor, refresh, storeAccessCookie, broadcastTokens } = startToken();
    actor.send({ type: 'token.set', access: 'a1', expires_in: 300 });
    expect(storeAccessCookie).toHaveBeenCalledWith('a1');
    expect(broadcastTokens).toHaveBeenCalledWith({ access: 'a1', expires_in: 300 });

    await vi.advanceTimersByTimeAsync(239_999);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(refresh.calls).toHaveLength(1);

    refresh.calls[0]!.resolve({ access: 'a2', expires_in: 100 });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectAccessToken(actor.getSnapshot())).toBe('a2');
    expect(storeAccessCookie).toHaveBeenLastCalledWith('a2');
    // Tokens from a refresh are shared by the refresh itself (inside the cross-tab lock), not again here.
    expect(broadcastTokens).toHaveBeenCalledTimes(1);
    // The next refresh follows the new lifetime: 80 s.
    await vi.advanceTimersByTimeAsync(80_000);
    expect(refresh.calls).toHaveLength(2);
  });

  it('falls back to 300 s when the server gives no usable lifetime', async () => {
    const { actor, refresh } = startToken();
    actor.send({ type: 'token.set', access: 'a1', expires_in: 0 });
    expect(selectExpiresAt(actor.getSnapshot())).toBe(Date.now() + 300_000);
    await vi.advanceTimersByTimeAsync(240_000);
    expect(refresh.calls).toHaveLength(1);
  });

  it("counts the expiry on the input's clock", () => {
    const actor = createActor(model, { input: { now: () => 1_000_000 } }).start();
    actor.send({ type: 'token.set', access: 'a1', expires_in: 60 });
    expect(selectExpiresAt(actor.getSnapshot())).toBe(1_060_000);
    actor.stop();
  });

  it('is single-flight: many 401s while refreshing start one refresh', async () => {
    const { actor, refresh } = startToken();
    actor.send({ type: 'token.set', access: 'a1', expires_in: 300 });
    actor.send({ type: 'token.refresh' });
    actor.send({ type: 'token.refresh' });
    actor.send({ type: 'token.refresh' });
    expect(refresh.calls).toHaveLength(1);
    expect(selectRefreshOutcome(actor.getSnapshot())).toBe('pending');
    refresh.calls[0]!.resolve({ access: 'a2', expires_in: 300 });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectRefreshOutcome(actor.getSnapshot())).toBe('refreshed');
  });

  it('takes the token another tab refreshed and reschedules instead of refreshing itself', async () => {
    const { actor, refresh, broadcastTokens } = startToken();
    actor.send({ type: 'token.set', access: 'a1', expires_in: 300 });
    await vi.advanceTimersByTimeAsync(200_000);
    actor.send({ type: 'token.received', access: 'other', expires_in: 300 });
    expect(broadcastTokens).toHaveBeenCalledTimes(1); // not echoed back
    await vi.advanceTimersByTimeAsync(200_000); // 400 s: the first schedule (240 s) is gone
    expect(refresh.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(40_000); // 200 + 240 s
    expect(refresh.calls).toHaveLength(1);
  });

  it('ends the session when the refresh is refused (400/401/not authorized)', async () => {
    for (const error of [rejected, { status: 400, message: 'bad' }, notAuthorized]) {
      const { actor, refresh, removeAccessCookie, expired } = startToken();
      actor.send({ type: 'token.set', access: 'a1', expires_in: 300 });
      actor.send({ type: 'token.refresh' });
      refresh.calls[0]!.reject(error);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('expired');
      expect(selectRefreshOutcome(actor.getSnapshot())).toBe('expired');
      expect(selectAccessToken(actor.getSnapshot())).toBeNull();
      expect(removeAccessCookie).toHaveBeenCalled();
      // The server's words go along: /login shows them when they say the session was ended elsewhere.
      expect(expired).toHaveBeenCalledWith({ type: 'session.expired', message: error.message });
      // No refresh loop once the session is over; a new sign-in starts again.
      actor.send({ type: 'token.refresh' });
      expect(refresh.calls).toHaveLength(1);
      actor.send({ type: 'token.set', access: 'again', expires_in: 300 });
      expect(actor.getSnapshot().value).toBe('active');
    }
  });

  it('keeps the session when the refresh gets no answer and retries later', async () => {
    const { actor, refresh, expired } = startToken();
    actor.send({ type: 'token.set', access: 'a1', expires_in: 300 });
    actor.send({ type: 'token.refresh' });
    refresh.calls[0]!.reject(unreachable);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectRefreshOutcome(actor.getSnapshot())).toBe('unavailable');
    expect(expired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    expect(refresh.calls).toHaveLength(2);
  });

  it('forgets the token on sign-out', () => {
    const { actor, removeAccessCookie } = startToken();
    actor.send({ type: 'token.set', access: 'a1', expires_in: 300 });
    actor.send({ type: 'token.clear' });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(selectAccessToken(actor.getSnapshot())).toBeNull();
    expect(removeAccessCookie).toHaveBeenCalledTimes(1);
  });
});
