import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import {
  createCustomer,
  createOrder,
  freshToken,
  orderForm,
  staff,
  tempDataDir,
  type Customer,
} from './helpers/orders';
import { PROMO_MESSAGES } from '../../contract/orders';
import type { PromoCode, PromoCodeCreateRequest } from '../../contract/staff.api';
import type { CalculateDiscountResponse, OrderDetail } from '../../contract/orders.api';

const ORDERS = '/api/client/orders/';
const DAY = 86_400_000;

describe('promo codes are data: staff add them, pricing applies them inside their dates and limit', () => {
  const h = useHarness({ dataDir: tempDataDir() });

  const addCode = async (body: Partial<PromoCodeCreateRequest>) => {
    const res = await staff(h, '/promo-codes/', {
      method: 'POST',
      json: { code: 'TEST20', title: 'Тестовая скидка 20 %', percent: 20, ...body },
    });
    return { status: res.status, body: (await res.json()) as PromoCode & Record<string, string[]> };
  };
  const list = async () =>
    ((await (await staff(h, '/promo-codes/')).json()) as { results: PromoCode[] }).results;
  const quote = async (c: Customer, code: string) =>
    (await (
      await h.request(`${ORDERS}calculate-discount/`, {
        method: 'POST',
        token: c.token,
        json: { cost: 5000, promo_code: code },
      })
    ).json()) as CalculateDiscountResponse;
  const order = (c: Customer, code: string) =>
    h.request(ORDERS, { method: 'POST', token: c.token, json: orderForm(h, { promo_code: code }) });
  const iso = (ms: number) => new Date(h.clock.now.getTime() + ms).toISOString();

  it('staff add a code and list it; the code is unique whatever its case; a code can be switched off', async () => {
    const anonymous = await h.request('/api/staff/promo-codes/', {
      method: 'POST',
      json: { code: 'X', title: 'x', percent: 1 },
    });
    expect(anonymous.status).toBe(401);
    expect((await h.request('/api/staff/promo-codes/')).status).toBe(401);

    const added = await addCode({ code: ' spring-26 ', usage_limit: 100, valid_until: iso(30 * DAY) });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      code: 'SPRING-26',
      title: 'Тестовая скидка 20 %',
      percent: 20,
      amount: null,
      usage_limit: 100,
      used_count: 0,
      active: true,
      valid_until: iso(30 * DAY),
    });
    expect(await list()).toEqual([added.body]);

    const again = await addCode({ code: 'Spring-26', amount: 100, percent: undefined });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Такой промокод уже есть.' });

    const off = await staff(h, '/promo-codes/spring-26/', { method: 'PATCH', json: { active: false } });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ code: 'SPRING-26', active: false });
    const missing = await staff(h, '/promo-codes/NOPE/', { method: 'PATCH', json: { active: false } });
    expect(missing.status).toBe(404);
  });

  it('refuses a bad staff body with messages at its fields and adds nothing', async () => {
    const both = await addCode({ amount: 300 });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ percent: ['Укажите либо процент, либо сумму скидки.'] });
    const bad = await addCode({
      code: 'с пробелом',
      percent: 150,
      valid_from: 'завтра',
      usage_limit: 0,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['code', 'percent', 'usage_limit', 'valid_from']);
    expect(bad.body.code).toEqual(['Код — от 3 до 32 латинских букв, цифр, «-» или «_».']);
    const backwards = await addCode({ valid_from: iso(5 * DAY), valid_until: iso(DAY) });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ valid_until: ['Конец действия должен быть позже начала.'] });
    const notObject = await staff(h, '/promo-codes/', { method: 'POST', json: [1] });
    expect(notObject.status).toBe(400);
    expect(await list()).toEqual([]);
  });

  it('applies a code only inside its dates and under its limit; each refusal says why at promo_code', async () => {
    const c = await createCustomer(h);
    await addCode({ code: 'LATER', valid_from: '2099-12-01T00:00:00+03:00' });
    await addCode({ code: 'LATERNOON', valid_from: '2099-12-01T12:30:00+03:00' });
    await addCode({ code: 'SHORT', valid_from: iso(-DAY), valid_until: iso(DAY) });
    await addCode({ code: 'ONCE', usage_limit: 1 });
    await addCode({ code: 'OFF' });
    await staff(h, '/promo-codes/OFF/', { method: 'PATCH', json: { active: false } });

    const refusals: [string, string][] = [
      ['NOPE', PROMO_MESSAGES.unknown],
      ['later', 'Промокод действует с 01.12.2099.'],
      ['LATERNOON', 'Промокод действует с 01.12.2099 12:30 по Москве.'],
      ['OFF', PROMO_MESSAGES.inactive],
    ];
    for (const [code, message] of refusals) {
      expect(await quote(c, code)).toMatchObject({
        promo_valid: false,
        discount: 0,
        total: 5000,
        detail: message,
      });
      const res = await order(c, code);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ promo_code: [message] });
    }

    expect(await quote(c, 'short')).toMatchObject({
      promo_valid: true,
      discount: 1000,
      detail: 'Тестовая скидка 20 %',
    });
    h.clock.advance(DAY);
    await freshToken(h, c);
    expect(await quote(c, 'SHORT')).toMatchObject({ promo_valid: false, detail: PROMO_MESSAGES.expired });
    expect(await (await order(c, 'SHORT')).json()).toEqual({ promo_code: [PROMO_MESSAGES.expired] });

    expect((await order(c, 'ONCE')).status).toBe(201);
    expect(await quote(c, 'ONCE')).toMatchObject({ promo_valid: false, detail: PROMO_MESSAGES.usedUp });
    expect(await (await order(c, 'ONCE')).json()).toEqual({ promo_code: [PROMO_MESSAGES.usedUp] });

    // Only the one order that took ONCE was stored; every refused one stored nothing.
    const orders = (await (await h.request(ORDERS, { token: c.token })).json()) as { count: number };
    expect(orders.count).toBe(1);
    const byCode = Object.fromEntries((await list()).map((p) => [p.code, p.used_count]));
    expect(byCode).toMatchObject({ ONCE: 1, SHORT: 0, LATER: 0, OFF: 0 });
  });

  it('two orders racing for the last use: one wins, the other is refused and stores nothing', async () => {
    await addCode({ code: 'LAST', usage_limit: 2 });
    const first = await createCustomer(h);
    expect((await order(first, 'LAST')).status).toBe(201);
    const a = await createCustomer(h);
    const b = await createCustomer(h);
    const answers = await Promise.all([order(a, 'LAST'), order(b, 'LAST')]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const loser = answers.find((r) => r.status === 400);
    expect(await loser?.json()).toEqual({ promo_code: [PROMO_MESSAGES.usedUp] });
    expect((await list()).find((p) => p.code === 'LAST')?.used_count).toBe(2);
    const counts = await Promise.all(
      [a, b].map(
        async (c) =>
          ((await (await h.request(ORDERS, { token: c.token })).json()) as { count: number }).count,
      ),
    );
    expect(counts.sort()).toEqual([0, 1]);
  });

  it('an edit that drops the code gives its use back; an order keeps its code after the code ends', async () => {
    await addCode({ code: 'SOLO', usage_limit: 1, valid_until: iso(2 * DAY) });
    const a = await createCustomer(h);
    const b = await createCustomer(h);
    const { order: held } = await createOrder(h, a, { promo_code: 'SOLO', pages: 10 });
    expect(held.promo_code).toBe('SOLO');
    expect((await order(b, 'SOLO')).status).toBe(400);

    // The code's dates end; the order still holds it, so an edit of its volume is priced with it again.
    h.clock.advance(3 * DAY);
    await freshToken(h, a);
    const edit = (json: unknown) =>
      h.request(`${ORDERS}${held.id}/`, { method: 'PATCH', token: a.token, json });
    const longer = await edit({ pages: 20 });
    expect(longer.status).toBe(200);
    const longerOrder = (await longer.json()) as OrderDetail;
    expect(longerOrder.promo_code).toBe('SOLO');
    const withoutCode = (await (await edit({ promo_code: '' })).json()) as OrderDetail;
    expect(withoutCode.promo_code).toBeNull();
    expect(withoutCode.price).toBeGreaterThan(longerOrder.price);
    expect((await list()).find((p) => p.code === 'SOLO')?.used_count).toBe(0);
    // Given back, but the dates have ended: adding it again is refused as expired, and the order stays as it was.
    expect(await (await edit({ promo_code: 'SOLO' })).json()).toEqual({
      promo_code: [PROMO_MESSAGES.expired],
    });
  });
});
