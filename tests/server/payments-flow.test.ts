import { afterEach, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { paymentSettings } from '../../server/domain/payments';
import { credit, customer, finances, get, newKey, order, orderRow, post, sandbox } from './payments-fixtures';

interface Redirect {
  status: 'redirect';
  payment_id: number;
  redirect_url: string;
  amount: number;
}

describe('paying orders, packets and top-ups', () => {
  const h = useHarness();
  afterEach(() => {
    paymentSettings.installmentsEnabled = true;
  });

  it('card payment through the sandbox: success pays the order once and moves it to work', async () => {
    const c = await customer(h);
    const o = await order(h, c.id, { price: 4000 });
    const res = await post(h, c, 'pay/', { purpose: 'order', order_id: o.id, method: 'card' });
    expect(res.status).toBe(200);
    const pay = (await res.json()) as Redirect;
    expect(pay).toMatchObject({ status: 'redirect', amount: 4000 });
    expect(pay.redirect_url).toMatch(/^\/api\/client\/payments\/sandbox\/[0-9a-f-]{36}\/$/);

    const done = await sandbox(h, pay.redirect_url, 'pay');
    expect(done.html).toContain('Оплатить');
    expect(done.html).toContain('Отказаться');
    expect(done.html).toContain(`Оплата заказа №${o.id}`);
    expect(done.html).not.toMatch(/<script/i);
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/payment?status=success&back=${encodeURIComponent(`/order/${o.id}/pay`)}`);
    expect(await orderRow(h, o.id)).toMatchObject({ paid: 4000, statusId: 4 });
    // The card money passed through the wallet: +4000 then −4000.
    expect(await finances(h, c)).toEqual({ money: 0, bonus: 0 });
    expect(h.published).toContainEqual({
      userId: c.id,
      event: expect.objectContaining({ type: 'order.changed', orderId: o.id, paid: 4000 }),
    });

    // A second completion (double click, a retried webhook) is a no-op, whatever the button.
    const again = await h.request(`${pay.redirect_url}decline/`, { method: 'POST' });
    expect(again.headers.get('location')).toContain('status=success');
    expect(await orderRow(h, o.id)).toMatchObject({ paid: 4000 });
  });

  it('declining in the sandbox changes nothing and returns with status=fail', async () => {
    const c = await customer(h);
    const o = await order(h, c.id, { price: 4000 });
    const pay = (await (
      await post(h, c, 'pay/', { purpose: 'order', order_id: o.id, method: 'sbp', back: '/home' })
    ).json()) as Redirect;
    const done = await sandbox(h, pay.redirect_url, 'decline');
    expect(done.location).toBe('/payment?status=fail&back=%2Fhome');
    expect(await orderRow(h, o.id)).toMatchObject({ paid: 0, statusId: 3 });
    expect(await finances(h, c)).toEqual({ money: 0, bonus: 0 });
    const page = await h.request(pay.redirect_url);
    expect(await page.text()).toContain('Платёж отклонён');
  });

  it('a top-up credits the money balance and publishes the finances after commit', async () => {
    const c = await customer(h);
    const pay = (await (
      await post(h, c, 'pay/', { purpose: 'topup', amount: 1200, method: 'card' })
    ).json()) as Redirect;
    await sandbox(h, pay.redirect_url, 'pay');
    expect(await finances(h, c)).toEqual({ money: 1200, bonus: 0 });
    expect(h.published).toContainEqual({ userId: c.id, event: { type: 'finances', money: 1200, bonus: 0 } });
    const hist = (await (await get(h, c, 'history/')).json()) as {
      results: { kind: string; amount: number; payment_method: string }[];
    };
    expect(hist.results[0]).toMatchObject({ kind: 'topup', amount: 1200, payment_method: 'card' });
  });

  it('pays from the balance at once; bonus covers at most 30 % of the price', async () => {
    const c = await customer(h);
    await credit(h, c, 10_000, 5000);
    const o = await order(h, c.id, { price: 5000 });
    const res = await post(h, c, 'pay/', {
      purpose: 'order',
      order_id: o.id,
      method: 'balance',
      use_bonus: true,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'paid', payment_id: null, money: 6500, bonus: 3500 });
    expect(await orderRow(h, o.id)).toMatchObject({ paid: 5000, statusId: 4 });
    expect(await finances(h, c)).toEqual({ money: 6500, bonus: 3500 });
  });

  it('the bonus cap counts earlier bonus payments of the same order', async () => {
    const c = await customer(h);
    await credit(h, c, undefined, 5000);
    const o = await order(h, c.id, { price: 10_000 });
    // Only bonus, by card for the rest: 3000 bonus now, 7000 by card.
    const first = (await (
      await post(h, c, 'pay/', { purpose: 'order', order_id: o.id, method: 'card', use_bonus: true })
    ).json()) as Redirect;
    expect(first.amount).toBe(7000);
    await sandbox(h, first.redirect_url, 'pay');
    expect(await orderRow(h, o.id)).toMatchObject({ paid: 10_000, statusId: 4 });
    expect(await finances(h, c)).toEqual({ money: 0, bonus: 2000 });

    const o2 = await order(h, c.id, { price: 1000, paid: 100 });
    // 30 % of 1000 = 300 of bonus; the 700 left must come from money, and there is none → balance refuses.
    const res = await post(h, c, 'pay/', {
      purpose: 'order',
      order_id: o2.id,
      method: 'balance',
      use_bonus: true,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Недостаточно средств на балансе.' });
    const byCard = (await (
      await post(h, c, 'pay/', { purpose: 'order', order_id: o2.id, method: 'card', use_bonus: true })
    ).json()) as Redirect;
    expect(byCard.amount).toBe(600);
  });

  it('installments: only with the flag on and for sums ≥ 3000 (methods list and pay/)', async () => {
    const c = await customer(h);
    const ids = async (q: string) =>
      (
        (await (await get(h, c, `methods/${q}`)).json()) as { payment_methods: { id: string }[] }
      ).payment_methods.map((m) => m.id);
    expect(await ids('')).toEqual(['card', 'sbp', 'installments', 'balance']);
    expect(await ids('?sum=2999')).not.toContain('installments');
    expect(await ids('?sum=3000')).toContain('installments');

    const small = await order(h, c.id, { price: 2999 });
    const refused = await post(h, c, 'pay/', {
      purpose: 'order',
      order_id: small.id,
      method: 'installments',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ detail: 'Рассрочка доступна для суммы от 3000 ₽.' });
    const big = await order(h, c.id, { price: 3000 });
    expect(
      (await post(h, c, 'pay/', { purpose: 'order', order_id: big.id, method: 'installments' })).status,
    ).toBe(200);
    expect(
      (await post(h, c, 'pay/', { purpose: 'topup', amount: 5000, method: 'installments' })).status,
    ).toBe(400);

    paymentSettings.installmentsEnabled = false;
    expect(await ids('?sum=50000')).not.toContain('installments');
    const off = await post(h, c, 'pay/', { purpose: 'order', order_id: big.id, method: 'installments' });
    expect(await off.json()).toEqual({ detail: 'Рассрочка сейчас недоступна.' });
  });

  it('a packet of orders: created, shown, paid in one go by card plus balance', async () => {
    const c = await customer(h);
    await credit(h, c, 1000);
    const a = await order(h, c.id, { price: 2000 });
    const b = await order(h, c.id, { price: 3000, paid: 500 });
    const created = await post(h, c, 'packets/', { order_ids: [a.id, b.id] });
    expect(created.status).toBe(201);
    const packet = (await created.json()) as {
      id: number;
      total: number;
      orders: { id: number; sum: number }[];
    };
    expect(packet.total).toBe(4500);
    expect(packet.orders.map((o) => [o.id, o.sum])).toEqual([
      [a.id, 2000],
      [b.id, 2500],
    ]);
    const shown = await get(h, c, `orders-packet-waiting/${packet.id}/`);
    expect(await shown.json()).toEqual(packet);

    const pay = (await (
      await post(h, c, 'pay/', { purpose: 'packet', packet_id: packet.id, method: 'card', use_money: true })
    ).json()) as Redirect;
    expect(pay.amount).toBe(3500);
    const done = await sandbox(h, pay.redirect_url, 'pay');
    expect(done.location).toBe(
      `/payment?status=success&back=${encodeURIComponent(`/pay-packet/${packet.id}`)}`,
    );
    expect(await orderRow(h, a.id)).toMatchObject({ paid: 2000, statusId: 4 });
    expect(await orderRow(h, b.id)).toMatchObject({ paid: 3000, statusId: 4 });
    expect(await finances(h, c)).toEqual({ money: 0, bonus: 0 });
    expect(
      ((await (await get(h, c, `orders-packet-waiting/${packet.id}/`)).json()) as { total: number }).total,
    ).toBe(0);
  });

  it('an order paid meanwhile by another payment: the card money stays on the balance', async () => {
    const c = await customer(h);
    const o = await order(h, c.id, { price: 1500 });
    const one = (await (
      await post(h, c, 'pay/', { purpose: 'order', order_id: o.id, method: 'card' })
    ).json()) as Redirect;
    const two = (await (
      await post(h, c, 'pay/', { purpose: 'order', order_id: o.id, method: 'card' })
    ).json()) as Redirect;
    await sandbox(h, one.redirect_url, 'pay');
    await sandbox(h, two.redirect_url, 'pay');
    expect(await orderRow(h, o.id)).toMatchObject({ paid: 1500, statusId: 4 });
    expect(await finances(h, c)).toEqual({ money: 1500, bonus: 0 });
  });

  it("owner checks: another customer's order, packet and unknown ids → 404", async () => {
    const owner = await customer(h);
    const other = await customer(h);
    const o = await order(h, owner.id);
    const packet = (await (await post(h, owner, 'packets/', { order_ids: [o.id] })).json()) as { id: number };
    expect((await get(h, other, `orders-packet-waiting/${packet.id}/`)).status).toBe(404);
    expect(
      (await post(h, other, 'pay/', { purpose: 'packet', packet_id: packet.id, method: 'card' })).status,
    ).toBe(404);
    expect((await post(h, other, 'pay/', { purpose: 'order', order_id: o.id, method: 'card' })).status).toBe(
      404,
    );
    expect((await post(h, other, 'packets/', { order_ids: [o.id] })).status).toBe(404);
    expect((await get(h, owner, 'orders-packet-waiting/99999999999/')).status).toBe(400);
    expect((await get(h, owner, 'orders-packet-waiting/abc/')).status).toBe(400);
    expect((await h.request('/api/client/payments/sandbox/not-a-uuid/')).status).toBe(404);
    expect(
      (
        await h.request('/api/client/payments/sandbox/00000000-0000-4000-8000-000000000000/pay/', {
          method: 'POST',
        })
      ).status,
    ).toBe(404);
  });

  it('refuses orders that do not await payment, and unauthenticated calls', async () => {
    const c = await customer(h);
    const inWork = await order(h, c.id, { statusId: 4 });
    const res = await post(h, c, 'pay/', { purpose: 'order', order_id: inWork.id, method: 'card' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Заказ не ожидает оплаты.' });
    expect((await post(h, c, 'packets/', { order_ids: [inWork.id] })).status).toBe(400);
    expect((await h.request('/api/client/payments/waiting/')).status).toBe(401);
    const badBack = await post(h, c, 'pay/', {
      purpose: 'topup',
      amount: 100,
      method: 'card',
      back: '//evil.example',
    });
    expect(badBack.status).toBe(400);
  });

  it('waiting/ lists the orders awaiting payment, paginated', async () => {
    const c = await customer(h);
    for (let i = 0; i < 23; i++) await order(h, c.id, { price: 1000 + i });
    await order(h, c.id, { statusId: 4 });
    const first = (await (await get(h, c, 'waiting/')).json()) as {
      count: number;
      next: string;
      previous: null;
      results: { sum: number }[];
    };
    expect(first.count).toBe(23);
    expect(first.results).toHaveLength(20);
    expect(first.results[0]!.sum).toBe(1022);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('/api/client/payments/waiting/?page=2');
    const second = (await (await h.request(first.next, { token: await c.token() })).json()) as {
      next: null;
      previous: string;
      results: unknown[];
    };
    expect(second.results).toHaveLength(3);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('/api/client/payments/waiting/?page=1');
  });

  it('history/ is newest first, paginated, filtered by kind and dates', async () => {
    const c = await customer(h);
    for (let i = 1; i <= 25; i++) {
      await credit(h, c, i);
      h.clock.advance(60_000);
    }
    await credit(h, c, undefined, 50);
    const page1 = (await (await get(h, c, 'history/?page_size=10')).json()) as {
      count: number;
      next: string;
      results: { kind: string; amount: number; title: string }[];
    };
    expect(page1.count).toBe(26);
    expect(page1.results[0]).toMatchObject({ kind: 'bonus_grant', amount: 50 });
    expect(page1.results[1]).toMatchObject({ kind: 'topup', amount: 25 });
    expect(page1.next).toBe('/api/client/payments/history/?page_size=10&page=2');
    const page3 = (await (
      await h.request(page1.next.replace('page=2', 'page=3'), { token: await c.token() })
    ).json()) as {
      results: { amount: number }[];
    };
    expect(page3.results.map((r) => r.amount)).toEqual([6, 5, 4, 3, 2, 1]);
    const topups = (await (await get(h, c, 'history/?kind=topup')).json()) as { count: number };
    expect(topups.count).toBe(25);
    const tomorrow = new Date(h.clock.now.getTime() + 86400_000).toISOString().slice(0, 10);
    expect(((await (await get(h, c, `history/?from=${tomorrow}`)).json()) as { count: number }).count).toBe(
      0,
    );
    expect((await get(h, c, 'history/?kind=gift')).status).toBe(400);
    expect((await get(h, c, 'history/?from=yesterday')).status).toBe(400);
    expect((await get(h, c, 'history/?page=0')).status).toBe(400);
  });

  it('10 concurrent sandbox completions and 10 concurrent balance payments of one order pay it once', async () => {
    const c = await customer(h);
    const o = await order(h, c.id, { price: 2000 });
    const pay = (await (
      await post(h, c, 'pay/', { purpose: 'order', order_id: o.id, method: 'card' })
    ).json()) as Redirect;
    const clicks = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.request(`${pay.redirect_url}${i % 2 ? 'pay' : 'decline'}/`, { method: 'POST' }),
      ),
    );
    const outcomes = new Set(clicks.map((r) => r.headers.get('location')));
    expect(outcomes.size).toBe(1);
    const paid = [...outcomes][0]!.includes('status=success');
    expect(await orderRow(h, o.id)).toMatchObject({ paid: paid ? 2000 : 0 });

    await credit(h, c, 10_000);
    const o2 = await order(h, c.id, { price: 2000 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(h, c, 'pay/', { purpose: 'order', order_id: o2.id, method: 'balance' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(9);
    expect(await orderRow(h, o2.id)).toMatchObject({ paid: 2000, statusId: 4 });
    expect(await finances(h, c)).toEqual({ money: 8000, bonus: 0 });
  });

  it('the same Idempotency-Key on pay/ replays the answer without a second payment', async () => {
    const c = await customer(h);
    await credit(h, c, 5000);
    const o = await order(h, c.id, { price: 2000 });
    const key = newKey();
    const a = await post(h, c, 'pay/', { purpose: 'order', order_id: o.id, method: 'balance' }, key);
    const b = await post(h, c, 'pay/', { purpose: 'order', order_id: o.id, method: 'balance' }, key);
    expect(await b.json()).toEqual(await a.json());
    expect(await finances(h, c)).toEqual({ money: 3000, bonus: 0 });
  });
});
