import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import {
  credit,
  customer,
  finances,
  get,
  lastSmsCode,
  order,
  phoneOf,
  post,
  sandbox,
  STAFF,
  verify,
  type Customer,
} from './payments-fixtures';
import type { Harness } from './harness';
import { seedOrderPayments, seedPayments } from '../../server/db/seed/payments';

const status = async (h: Harness, c: Customer, kind = 'repayment') =>
  ((await (await get(h, c, `verification-status/${kind}/`)).json()) as { status: string }).status;
const sendCode = async (h: Harness, c: Customer, kind = 'repayment') =>
  h.request(`/api/client/payments/verificate-code/${kind}/`, { method: 'POST', token: await c.token() });
const checkCode = async (h: Harness, c: Customer, code: string, kind = 'repayment') =>
  h.request(`/api/client/payments/verificate-code/${kind}/`, {
    method: 'PATCH',
    token: await c.token(),
    json: { code },
  });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('verification, withdrawals and refunds', () => {
  const h = useHarness();

  it('unverified → requested → verified with the SMS code; the code is single-use', async () => {
    const c = await customer(h);
    expect(await status(h, c)).toBe('unverified');
    const sent = await sendCode(h, c);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: 'requested' });
    expect(await status(h, c)).toBe('requested');
    const code = await lastSmsCode(h, await phoneOf(h, c.id));
    expect(code).toMatch(/^\d{6}$/);
    const ok = await checkCode(h, c, code);
    expect(await ok.json()).toEqual({ status: 'verified' });
    expect(await status(h, c)).toBe('verified');
    expect(await status(h, c, 'bonus')).toBe('unverified');
    // Staff reset → the old code does not work again.
    await h.request(`/api/staff/verification/${encodeURIComponent(c.email)}/repayment/`, {
      method: 'PATCH',
      token: STAFF,
      json: {},
    });
    expect(await status(h, c)).toBe('unverified');
    expect((await checkCode(h, c, code)).status).toBe(400);
  });

  it('one send per minute (429 + Retry-After), codes expire after 10 minutes', async () => {
    const c = await customer(h);
    await sendCode(h, c);
    const again = await sendCode(h, c);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const code = await lastSmsCode(h, await phoneOf(h, c.id));
    h.clock.advance(10 * 60_000 + 1);
    expect(await status(h, c)).toBe('unverified');
    const late = await checkCode(h, c, code);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ code: ['Код устарел или не запрошен. Запросите новый код.'] });
    expect((await sendCode(h, c)).status).toBe(200);
  });

  it('five wrong tries kill the code', async () => {
    const c = await customer(h);
    await sendCode(h, c);
    const code = await lastSmsCode(h, await phoneOf(h, c.id));
    for (let i = 1; i <= 4; i++) {
      const res = await checkCode(h, c, wrong(code));
      expect(await res.json()).toEqual({ code: ['Неверный код.'] });
    }
    const fifth = await checkCode(h, c, wrong(code));
    expect(await fifth.json()).toEqual({ code: ['Слишком много неверных попыток. Запросите новый код.'] });
    expect((await checkCode(h, c, code)).status).toBe(400);
    expect(await status(h, c)).toBe('unverified');
  });

  it('no phone → 400; unknown type → 404; malformed code → 400', async () => {
    const c = await customer(h, { phone: null });
    const res = await sendCode(h, c);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Укажите телефон в профиле.' });
    expect((await sendCode(h, c, 'gift')).status).toBe(404);
    expect((await get(h, c, 'verification-status/gift/')).status).toBe(404);
    expect((await checkCode(h, c, '12ab')).status).toBe(400);
  });

  it('repayment calls answer 403 until verified', async () => {
    const c = await customer(h);
    await credit(h, c, 2000);
    const o = await order(h, c.id, { price: 1000, paid: 1000, statusId: 4 });
    const claim = {
      order_id: o.id,
      reason: 'Не нужен',
      amount: 500,
      recipient: { fio: 'Иван', country: 'RU', account: '40817810000000000001' },
    };
    for (const [path, body] of [
      ['repayment/', { amount: 600, method: 'card', requisites: { card_number: '4111111111111111' } }],
      ['refund-storno/', { refund_sum: 100 }],
      ['refund-claim/', claim],
    ] as const) {
      const res = await post(h, c, path, body);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ detail: 'Подтвердите вывод средств кодом из SMS.' });
    }
    expect(await finances(h, c)).toEqual({ money: 2000, bonus: 0 });
    await verify(h, c);
    const ok = await post(h, c, 'refund-claim/', claim);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ order_id: o.id, amount: 500, status: 'new' });
    expect((await post(h, c, 'refund-claim/', { ...claim, amount: 1001 })).status).toBe(400);
    expect(
      (await post(h, c, 'refund-claim/', { ...claim, recipient: { ...claim.recipient, country: 'XX' } }))
        .status,
    ).toBe(400);
    const stranger = await customer(h);
    await verify(h, stranger);
    expect((await post(h, stranger, 'refund-claim/', claim)).status).toBe(404);
  });

  it('storno: card payments listed and returned from the money balance', async () => {
    const c = await customer(h);
    await verify(h, c);
    const pay = (await (
      await post(h, c, 'pay/', { purpose: 'topup', amount: 3000, method: 'card' })
    ).json()) as { redirect_url: string; payment_id: number };
    await sandbox(h, pay.redirect_url, 'pay');
    const list = (await (await get(h, c, 'refund-storno/')).json()) as { results: unknown[] };
    expect(list.results).toEqual([
      {
        pay_id: pay.payment_id,
        checked: false,
        refund_mode: 'storno',
        payment_method: 'card',
        amount: 3000,
        created_at: expect.any(String),
      },
    ]);
    const res = await post(h, c, 'refund-storno/', { refund_sum: 1000, pay_ids: [pay.payment_id] });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      money: 2000,
      refunds: [{ pay_id: pay.payment_id, amount: 1000 }],
    });
    const rest = (await (await get(h, c, 'refund-storno/')).json()) as { results: { amount: number }[] };
    expect(rest.results[0]!.amount).toBe(2000);
    expect((await post(h, c, 'refund-storno/', { refund_sum: 2001 })).status).toBe(400);
    expect(await finances(h, c)).toEqual({ money: 2000, bonus: 0 });
  });

  it('staff: withdrawals listed; rejected returns the money with a ledger row; decided only once', async () => {
    const c = await customer(h);
    await credit(h, c, 1500);
    await verify(h, c);
    const w = (await (
      await post(h, c, 'repayment/', { amount: 1000, method: 'sbp', requisites: { phone: '+79990001122' } })
    ).json()) as { id: number };
    const list = (await (
      await h.request('/api/staff/withdrawals/?status=processing', { token: STAFF })
    ).json()) as { count: number; results: { id: number; email: string }[] };
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ id: w.id, email: c.email });
    const rejected = await h.request(`/api/staff/withdrawals/${w.id}/`, {
      method: 'PATCH',
      token: STAFF,
      json: { status: 'rejected' },
    });
    expect(await rejected.json()).toMatchObject({ status: 'rejected' });
    expect(await finances(h, c)).toEqual({ money: 1500, bonus: 0 });
    expect(h.published).toContainEqual({ userId: c.id, event: { type: 'finances', money: 1500, bonus: 0 } });
    const twice = await h.request(`/api/staff/withdrawals/${w.id}/`, {
      method: 'PATCH',
      token: STAFF,
      json: { status: 'done' },
    });
    expect(twice.status).toBe(409);
    expect((await h.request('/api/staff/withdrawals/', { token: 'nope' })).status).toBe(401);
    expect(
      (await h.request('/api/staff/payments/credit/', { method: 'POST', token: await c.token(), json: {} }))
        .status,
    ).toBe(401);
  });

  it('the demo seed: 2 450 ₽ and 700 bonus built through the ledger, history, repayment unverified', async () => {
    const c = await customer(h);
    await seedPayments(h.deps, c.id);
    const o = await order(h, c.id, { price: 3000, paid: 3000, statusId: 4 });
    await seedOrderPayments(h.deps, c.id);
    expect(await finances(h, c)).toEqual({ money: 2450, bonus: 700 });
    const hist = (await (await get(h, c, 'history/')).json()) as {
      count: number;
      results: { order_id: number | null }[];
    };
    expect(hist.count).toBe(11);
    expect(hist.results.some((r) => r.order_id === o.id)).toBe(true);
    expect(await status(h, c)).toBe('unverified');
    const storno = (await (await get(h, c, 'refund-storno/')).json()) as { count: number };
    expect(storno.count).toBe(4);
  });

  it('profile/status answers the finances; refund reference data is there', async () => {
    const c = await customer(h);
    await credit(h, c, 2450, 700);
    const res = await h.request('/api/client/profile/status/', { method: 'PATCH', token: await c.token() });
    expect(await res.json()).toEqual({ money: 2450, bonus: 700 });
    const countries = (await (await get(h, c, 'refund-recipient-countries/')).json()) as { code: string }[];
    expect(countries).toContainEqual({ code: 'RU', title: 'Россия' });
    expect(await (await get(h, c, 'refund-extra/')).json()).toMatchObject({ min_withdrawal_sum: 100 });
    expect((await h.request('/api/client/profile/status/', { method: 'PATCH' })).status).toBe(401);
  });
});
