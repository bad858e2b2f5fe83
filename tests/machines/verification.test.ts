import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { retryAfterMs, verificationMachine } from '../../machines/verification/verification.machine';
import {
  selectCanResend,
  selectError,
  selectIsBusy,
  selectResendDelayMs,
  selectView,
} from '../../machines/verification/verification.selectors';
import type { VerificationStatus } from '../../contract/payments';
import { describeModel } from './coverage';
import { never } from './never';

const model = verificationMachine.provide({
  actors: { loadStatus: never(), requestCode: never(), checkCode: never() },
});
type Snap = SnapshotFrom<typeof model>;

const wrong = { status: 400, message: 'Неверный код.', fields: { code: ['Неверный код.'] } };
const limited = { status: 429, message: 'Код уже отправлен.', retryAfterSec: 42 };
const noPhone = { status: 400, message: 'Укажите телефон в профиле.' };

const events = [
  { type: 'verification.request' },
  { type: 'verification.submit', code: '123456' },
  { type: 'verification.recheck' },
  { type: 'xstate.after.resendDelay.verification.requested.cooldown' },
  ...(['unverified', 'requested', 'verified'] as VerificationStatus[]).flatMap((status) => [
    { type: 'xstate.done.actor.loadStatus', output: status },
    { type: 'xstate.done.actor.requestCode', output: status },
    { type: 'xstate.done.actor.checkCode', output: status },
  ]),
  { type: 'xstate.error.actor.loadStatus', error: { message: 'Сервер не отвечает' } },
  { type: 'xstate.error.actor.requestCode', error: limited },
  { type: 'xstate.error.actor.requestCode', error: noPhone },
  { type: 'xstate.error.actor.checkCode', error: wrong },
];

function assertInvariants(s: Snap) {
  const busy = s.matches('checking') || s.matches('requesting') || s.matches('verifying');
  expect(selectIsBusy(s)).toBe(busy);
  expect(selectCanResend(s)).toBe(s.matches({ requested: 'ready' }));
  if (s.matches('verified')) expect(selectView(s)).toBe('verified');
  if (s.matches('requested') || s.matches('verifying')) expect(selectView(s)).toBe('requested');
  if (s.matches('unverified')) expect(selectView(s)).toBe('unverified');
  if (s.matches('checkFailed')) expect(selectError(s)?.message).toBe('Сервер не отвечает');
}

describeModel(model, {
  name: 'verification machine (model-based)',
  events,
  inputs: (['repayment', 'bonus'] as const).map((kind) => ({ name: `kind ${kind}`, input: { kind } })),
  // Bounded: at most three sends (each one adds to the counter in the context).
  filterEvents: (s) => s.context.sends < 3,
  agreeOn: (s) => s.context,
  invariants: (final, _, input) => {
    expect(final.context.kind).toBe(input?.kind);
    assertInvariants(final);
  },
});

describe('verification machine (scenarios)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(io: {
    status?: VerificationStatus;
    request?: () => Promise<VerificationStatus>;
    check?: (code: string) => Promise<VerificationStatus>;
  }) {
    const calls: string[] = [];
    const actor = createActor(
      verificationMachine.provide({
        actors: {
          loadStatus: fromPromise(async ({ input }) => {
            calls.push(`status ${input.kind}`);
            return io.status ?? 'unverified';
          }),
          requestCode: fromPromise(async ({ input }) => {
            calls.push(`request ${input.kind}`);
            return io.request ? io.request() : 'requested';
          }),
          checkCode: fromPromise(async ({ input }) => {
            calls.push(`check ${input.kind} ${input.code}`);
            return io.check ? io.check(input.code) : 'verified';
          }),
        },
      }),
      { input: { kind: 'repayment' } },
    ).start();
    return { actor, calls };
  }

  it('unverified → requested → verified, with a wrong code in between', async () => {
    const { actor, calls } = start({
      check: async (code) => {
        if (code !== '111111') throw wrong;
        return 'verified';
      },
    });
    await waitFor(actor, (s) => s.matches('unverified'));
    actor.send({ type: 'verification.request' });
    await waitFor(actor, (s) => s.matches('requested'));
    expect(selectCanResend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'verification.submit', code: '000000' });
    await waitFor(actor, (s) => selectError(s)?.message === 'Неверный код.');
    expect(selectView(actor.getSnapshot())).toBe('requested');
    actor.send({ type: 'verification.submit', code: '111111' });
    await waitFor(actor, (s) => s.matches('verified'));
    expect(calls).toEqual([
      'status repayment',
      'request repayment',
      'check repayment 000000',
      'check repayment 111111',
    ]);
  });

  it('the resend waits 60 s after a send', async () => {
    const { actor, calls } = start({});
    await waitFor(actor, (s) => s.matches('unverified'));
    actor.send({ type: 'verification.request' });
    await waitFor(actor, (s) => s.matches('requested'));
    actor.send({ type: 'verification.request' });
    expect(calls.filter((c) => c.startsWith('request'))).toHaveLength(1);
    vi.advanceTimersByTime(59_999);
    expect(selectCanResend(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(selectCanResend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'verification.request' });
    await waitFor(actor, (s) => s.matches('requested'));
    expect(calls.filter((c) => c.startsWith('request'))).toHaveLength(2);
  });

  it('a 429 honours Retry-After and keeps the code form (the earlier code is alive)', async () => {
    const { actor } = start({
      request: async () => {
        throw limited;
      },
    });
    await waitFor(actor, (s) => s.matches('unverified'));
    actor.send({ type: 'verification.request' });
    await waitFor(actor, (s) => s.matches({ requested: 'cooldown' }));
    expect(selectResendDelayMs(actor.getSnapshot())).toBe(42_000);
    expect(selectError(actor.getSnapshot())?.message).toBe('Код уже отправлен.');
    vi.advanceTimersByTime(42_000);
    expect(selectCanResend(actor.getSnapshot())).toBe(true);
  });

  it('recheck (a 403 on a repayment call) asks the server again', async () => {
    let status: VerificationStatus = 'verified';
    const { actor, calls } = start({});
    actor.stop();
    const a2 = createActor(
      verificationMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => {
            calls.push('status');
            return status;
          }),
        },
      }),
      { input: { kind: 'repayment' } },
    ).start();
    await waitFor(a2, (s) => s.matches('verified'));
    status = 'unverified';
    a2.send({ type: 'verification.recheck' });
    await waitFor(a2, (s) => s.matches('unverified'));
  });

  it.each([
    [{ status: 429, retryAfterSec: 5 }, 5000],
    [{ status: 429 }, 60_000],
    [{ status: 400 }, null],
    [null, null],
  ])('retryAfterMs(%j) = %j', (error, ms) => {
    expect(retryAfterMs(error)).toBe(ms);
  });
});
