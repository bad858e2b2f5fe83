import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { attemptKey, paymentMachine } from '../../machines/payment/payment.machine';
import {
  selectAttemptKey,
  selectError,
  selectIsLocked,
  selectIsPaid,
  selectPaid,
} from '../../machines/payment/payment.selectors';
import type { PayInput } from '../../machines/payment/payment.types';
import type { PayRequest, PayResponse } from '../../contract/payments.api';
import { describeModel } from './coverage';
import { never } from './never';

const byCard: PayRequest = { purpose: 'order', order_id: 5, method: 'card', use_bonus: true };
const bySbp: PayRequest = { purpose: 'order', order_id: 5, method: 'sbp', use_bonus: true };
const paid: PayResponse = { status: 'paid', payment_id: null, money: 100, bonus: 20 };
const redirect: PayResponse = {
  status: 'redirect',
  payment_id: 7,
  redirect_url: '/sandbox/x/',
  amount: 4800,
};
const input = { seed: 'seed' };

const model = paymentMachine.provide({ actors: { pay: never() } });
type Snap = SnapshotFrom<typeof model>;

const events = [
  { type: 'payment.submit', request: byCard },
  { type: 'payment.submit', request: bySbp },
  { type: 'payment.retry' },
  { type: 'xstate.done.actor.pay', output: paid },
  { type: 'xstate.done.actor.pay', output: redirect },
  { type: 'xstate.error.actor.pay', error: { status: 400, message: 'Недостаточно средств на балансе.' } },
];

function assertInvariants(s: Snap) {
  const name = String(s.value);
  expect(selectIsLocked(s)).toBe(name === 'submitting' || name === 'redirecting');
  expect(selectIsPaid(s)).toBe(name === 'paid');
  if (name === 'paid') expect(selectPaid(s)).toEqual(paid);
  if (name === 'redirecting') expect(s.context.redirectUrl).toBe('/sandbox/x/');
  if (name === 'failed') expect(selectError(s)?.message).toBe('Недостаточно средств на балансе.');
  if (name === 'choosing') expect(selectAttemptKey(s)).toBeNull();
  else expect(selectAttemptKey(s)).toBe(attemptKey('seed', s.context.attempt));
}

describeModel(model, {
  name: 'payment machine (model-based)',
  events,
  input,
  // Bounded: at most three attempts, so the graph stays finite.
  filterEvents: (s) => s.context.attempt < 3,
  agreeOn: (s) => s.context,
  invariants: assertInvariants,
});

describe('payment machine (scenarios)', () => {
  function run(pay: (input: PayInput) => Promise<PayResponse>) {
    const calls: PayInput[] = [];
    const urls: string[] = [];
    const finances: unknown[] = [];
    const actor = createActor(
      paymentMachine.provide({
        actors: {
          pay: fromPromise<PayResponse, PayInput>(({ input }) => {
            calls.push(input);
            return pay(input);
          }),
        },
        actions: {
          goToProvider: (_, url) => urls.push(url),
          reportFinances: (_, f) => finances.push(f),
        },
      }),
      { input },
    ).start();
    return { actor, calls, urls, finances };
  }

  it('cannot pay twice: a second click while the call runs is ignored', async () => {
    let resolve!: (r: PayResponse) => void;
    const { actor, calls } = run(() => new Promise((r) => (resolve = r)));
    actor.send({ type: 'payment.submit', request: byCard });
    actor.send({ type: 'payment.submit', request: byCard });
    actor.send({ type: 'payment.submit', request: bySbp });
    expect(calls).toHaveLength(1);
    resolve(redirect);
    await waitFor(actor, (s) => s.matches('redirecting'));
    actor.send({ type: 'payment.submit', request: byCard });
    expect(calls).toHaveLength(1);
  });

  it('a redirect answer sends the browser to the provider', async () => {
    const { actor, urls } = run(async () => redirect);
    actor.send({ type: 'payment.submit', request: byCard });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(urls).toEqual(['/sandbox/x/']);
  });

  it('paid at once from the balances reports the new finances', async () => {
    const { actor, finances } = run(async () => paid);
    actor.send({ type: 'payment.submit', request: { ...byCard, method: 'balance' } });
    await waitFor(actor, (s) => s.matches('paid'));
    expect(finances).toEqual([{ money: 100, bonus: 20 }]);
  });

  it('a retry keeps the key; a changed request gets a new one', async () => {
    let fail = true;
    const { actor, calls } = run(async () => {
      if (fail) throw { message: 'Сервер не отвечает' };
      return redirect;
    });
    actor.send({ type: 'payment.submit', request: byCard });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'payment.submit', request: byCard });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'payment.submit', request: bySbp });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(calls.map((c) => c.idempotencyKey)).toEqual([
      'pay-seed-1',
      'pay-seed-1',
      'pay-seed-1',
      'pay-seed-2',
      'pay-seed-2',
    ]);
    expect(calls.map((c) => c.request.method)).toEqual(['card', 'card', 'card', 'sbp', 'sbp']);
  });

  it('every page visit has its own keys', () => {
    const a = createActor(paymentMachine, { input: {} }).getSnapshot().context.seed;
    const b = createActor(paymentMachine, { input: {} }).getSnapshot().context.seed;
    expect(a).not.toBe(b);
  });
});
