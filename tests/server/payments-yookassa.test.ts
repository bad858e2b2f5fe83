import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness';
import {
  credit,
  customer,
  finances,
  get,
  newKey,
  order,
  orderRow,
  post,
  verify,
  type Customer,
} from './payments-fixtures';
import { startYooKassaStandIn, type YooKassaStandIn } from './helpers/yookassa-stand-in';
import { SANDBOX_DELIVERY } from '../../server/delivery/settings';
import { registerRefunds } from '../../server/delivery/yookassa-provider';
import { createJobRunner } from '../../server/jobs/runner';
import { ledgerEntries, payments, stornoRefunds } from '../../server/db/tables';
import type { Config } from '../../server/config';

const WEBHOOK = '/api/client/payments/yookassa/webhook/';

describe('card payments through YooKassa', () => {
  let kassa: YooKassaStandIn;
  const overrides: Partial<Config> = {};
  beforeAll(async () => {
    kassa = await startYooKassaStandIn();
    overrides.delivery = {
      ...SANDBOX_DELIVERY,
      payments: {
        driver: 'yookassa',
        url: `${kassa.url}/v3`,
        shopId: '123456',
        secretKey: 'test_secret',
        receipts: { vatCode: 1, taxSystemCode: 2 },
      },
    };
  });
  const h = useHarness(overrides);
  afterAll(() => kassa?.close());

  const notify = (event: string, id: string) =>
    h.request(WEBHOOK, {
      method: 'POST',
      json: { type: 'notification', event, object: { id, status: 'succeeded' } },
    });
  async function topup(c: Customer, amount: number, key = newKey()) {
    const res = await post(h, c, 'pay/', { purpose: 'topup', amount, method: 'card' }, key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; payment_id: number; redirect_url: string };
    expect(body.status).toBe('redirect');
    const yooId = body.redirect_url.split('/checkout/')[1]!;
    return { ...body, yooId, payment: kassa.payments.get(yooId)! };
  }
  const returnTo = async (p: { payment: { confirmation: { return_url: string } } }) => {
    const res = await h.request(p.payment.confirmation.return_url.replace('http://localhost:3000', ''));
    return { status: res.status, location: res.headers.get('location') };
  };

  it('creates the payment once with an idempotency key and a receipt, and settles it once for three webhooks', async () => {
    const c = await customer(h);
    const key = newKey();
    const pay = await topup(c, 700, key);
    expect(pay.redirect_url).toBe(`${kassa.url}/checkout/${pay.yooId}`);
    expect(pay.payment.request).toMatchObject({
      amount: { value: '700.00', currency: 'RUB' },
      capture: true,
      payment_method_data: { type: 'bank_card' },
      metadata: { payment_id: String(pay.payment_id) },
      receipt: {
        customer: { email: c.email },
        items: [
          {
            description: 'Пополнение баланса',
            quantity: 1,
            amount: { value: '700.00', currency: 'RUB' },
            vat_code: 1,
            payment_mode: 'full_payment',
            payment_subject: 'service',
          },
        ],
        tax_system_code: 2,
      },
    });
    expect(kassa.keys.at(-1)).toMatch(/^[0-9a-f]{64}$/);
    // The customer's retry with the same key creates nothing new, here or at YooKassa.
    const again = await post(h, c, 'pay/', { purpose: 'topup', amount: 700, method: 'card' }, key);
    expect(((await again.json()) as { payment_id: number }).payment_id).toBe(pay.payment_id);
    expect(kassa.payments.size).toBe(1);

    // Back before paying: not paid.
    expect((await returnTo(pay)).location).toBe('/payment?status=fail&back=%2Fpayments%2Freplenish');
    kassa.pay(pay.yooId);
    for (let i = 0; i < 3; i++) expect((await notify('payment.succeeded', pay.yooId)).status).toBe(200);
    expect(await finances(h, c)).toMatchObject({ money: 700 });
    const topups = await h.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, pay.payment_id));
    expect(topups).toHaveLength(1);
    expect(await returnTo(pay)).toEqual({
      status: 302,
      location: '/payment?status=success&back=%2Fpayments%2Freplenish',
    });
  });

  it('ignores a forged webhook: a payment the API says is pending, one that is not ours, a bad signature', async () => {
    const c = await customer(h);
    const pay = await topup(c, 300);
    expect((await notify('payment.succeeded', pay.yooId)).status).toBe(200); // the notification lies
    expect((await notify('payment.succeeded', 'c0ffee00-0000-0000-0000-000000000000')).status).toBe(200);
    expect((await h.request(WEBHOOK, { method: 'POST', json: { event: 'payment.succeeded' } })).status).toBe(
      400,
    );
    const [row] = await h.deps.db.select().from(payments).where(eq(payments.id, pay.payment_id));
    expect(row!.status).toBe('pending');
    expect(await finances(h, c)).toMatchObject({ money: 0 });
    const forgedReturn = pay.payment.confirmation.return_url.replace(/sig=[^&]+/, 'sig=forged');
    expect((await h.request(forgedReturn.replace('http://localhost:3000', ''))).status).toBe(404);
  });

  it('fails a payment YooKassa cancelled, once', async () => {
    const c = await customer(h);
    const pay = await topup(c, 400);
    kassa.abandon(pay.yooId);
    await notify('payment.canceled', pay.yooId);
    await notify('payment.canceled', pay.yooId);
    const [row] = await h.deps.db.select().from(payments).where(eq(payments.id, pay.payment_id));
    expect(row!.status).toBe('failed');
    expect((await returnTo(pay)).location).toBe('/payment?status=fail&back=%2Fpayments%2Freplenish');
    expect(await finances(h, c)).toMatchObject({ money: 0 });
  });

  it('captures a payment waiting for capture once, then pays', async () => {
    const c = await customer(h);
    const pay = await topup(c, 900);
    pay.payment.capture = false; // a shop on two-stage payments
    kassa.pay(pay.yooId);
    expect(kassa.payments.get(pay.yooId)!.status).toBe('waiting_for_capture');
    await notify('payment.waiting_for_capture', pay.yooId);
    await notify('payment.waiting_for_capture', pay.yooId);
    expect(kassa.payments.get(pay.yooId)!.status).toBe('succeeded');
    expect(kassa.keys.filter((k) => k === `capture-${pay.yooId}`)).toHaveLength(1); // the second saw it succeeded
    expect(await finances(h, c)).toMatchObject({ money: 900 });
  });

  it('repeats a request YooKassa answered 500 with the same key', async () => {
    const c = await customer(h);
    const before = kassa.payments.size;
    kassa.failNext = 2;
    const pay = await topup(c, 100);
    expect(kassa.payments.size).toBe(before + 1);
    expect(pay.payment.amount.value).toBe('100.00');
  });

  it('asks YooKassa with no transaction open: the payment is committed first, other requests go on, retries converge', async () => {
    const c = await customer(h);
    const other = await customer(h);
    const key = newKey();
    const before = kassa.payments.size;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const askedNow = new Promise<void>((resolve) => (asked = resolve));
    kassa.hold = async () => {
      asked();
      await released;
    };
    const body = { purpose: 'topup', amount: 500, method: 'card' };
    const first = post(h, c, 'pay/', body, key);
    await askedNow;
    const second = post(h, c, 'pay/', body, key); // the customer's retry while the first still waits
    // A bound, so that a server blocked behind the call fails here instead of hanging the file.
    const unblocked = <T>(p: Promise<T>) =>
      Promise.race([
        p,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('blocked behind the YooKassa call')), 5000),
        ),
      ]);
    try {
      expect(await unblocked(finances(h, other))).toMatchObject({ money: 0 });
      const rows = await unblocked(h.deps.db.select().from(payments).where(eq(payments.userId, c.id)));
      expect(rows).toMatchObject([{ status: 'pending', amount: 500 }]);
    } finally {
      kassa.hold = undefined;
      release();
    }
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(answers.map((r) => r.json()))) as {
      payment_id: number;
      redirect_url: string;
    }[];
    expect(b).toEqual(a);
    expect(kassa.payments.size).toBe(before + 1);
    const yooId = a!.redirect_url.split('/checkout/')[1]!;
    expect(kassa.payments.get(yooId)!.metadata).toEqual({ payment_id: String(a!.payment_id) });
    const [row] = await h.deps.db.select().from(payments).where(eq(payments.id, a!.payment_id));
    expect(row!.providerPaymentId).toBe(yooId);
    // Later replays give the recorded answer without asking YooKassa again.
    const asks = kassa.keys.length;
    const replay = await post(h, c, 'pay/', body, key);
    expect(await replay.json()).toEqual(a);
    expect(kassa.keys).toHaveLength(asks);
  });

  it('answers 502 in plain words when YooKassa does not answer: nothing charged, the payment failed, a retry works', async () => {
    const c = await customer(h);
    const o = await order(h, c.id, { price: 2000 });
    await credit(h, c, 500);
    const key = newKey();
    const before = kassa.payments.size;
    kassa.failNext = 3; // every try of the client's three
    const body = { purpose: 'order', order_id: o.id, method: 'card', use_money: true };
    const res = await post(h, c, 'pay/', body, key);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      detail: 'Платёжный сервис не ответил. Попробуйте ещё раз через минуту.',
    });
    expect(kassa.payments.size).toBe(before);
    const failed = await h.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(failed).toMatchObject([{ status: 'failed', amount: 1500 }]);
    expect(await finances(h, c)).toMatchObject({ money: 500 });
    expect((await orderRow(h, o.id)).paid).toBe(0);

    // The same request again, with the same key: a new payment, and this time YooKassa answers.
    const again = await post(h, c, 'pay/', body, key);
    expect(again.status).toBe(200);
    const pay = (await again.json()) as { status: string; payment_id: number; redirect_url: string };
    expect(pay).toMatchObject({ status: 'redirect', amount: 1500 });
    expect(pay.payment_id).not.toBe(failed[0]!.id);
    expect(kassa.payments.size).toBe(before + 1);
    const yooId = pay.redirect_url.split('/checkout/')[1]!;
    kassa.pay(yooId);
    await notify('payment.succeeded', yooId);
    expect((await orderRow(h, o.id)).paid).toBe(2000);
    expect(await finances(h, c)).toMatchObject({ money: 0 });
  });

  it('sends a storno to YooKassa as a refund of the payment: done, or rejected with the money back', async () => {
    const c = await customer(h);
    await verify(h, c);
    const pay = await topup(c, 1000);
    kassa.pay(pay.yooId);
    await notify('payment.succeeded', pay.yooId);
    const runner = createJobRunner({ db: h.deps.db, now: () => h.clock.now });
    registerRefunds(runner, h.deps);

    const storno = async (sum: number) => {
      const res = await post(h, c, 'refund-storno/', { refund_sum: sum, pay_ids: [pay.payment_id] });
      expect(res.status).toBe(201);
      return ((await res.json()) as { refunds: { id: number }[] }).refunds[0]!.id;
    };
    const statusOf = async (id: number) =>
      (await h.deps.db.select().from(stornoRefunds).where(eq(stornoRefunds.id, id)))[0]!.status;

    const first = await storno(600);
    await runner.runDue();
    expect(await statusOf(first)).toBe('done');
    const refund = [...kassa.refunds.values()].find((r) => r.payment_id === pay.yooId)!;
    expect(refund.request).toMatchObject({
      payment_id: pay.yooId,
      amount: { value: '600.00', currency: 'RUB' },
      receipt: { customer: { email: c.email }, items: [{ amount: { value: '600.00', currency: 'RUB' } }] },
    });
    expect(kassa.keys).toContain(`storno-${first}`);
    expect(await finances(h, c)).toMatchObject({ money: 400 });

    kassa.refundOutcome = 'canceled';
    const second = await storno(400);
    expect(await finances(h, c)).toMatchObject({ money: 0 });
    h.published.length = 0;
    await runner.runDue();
    expect(await statusOf(second)).toBe('rejected');
    expect(await finances(h, c)).toMatchObject({ money: 400 });
    // The customer's open tabs are told the money is back, as when staff reject a refund.
    expect(h.published).toEqual([{ userId: c.id, event: { type: 'finances', money: 400, bonus: 0 } }]);
    await runner.runDue();
    expect(await finances(h, c)).toMatchObject({ money: 400 });
    expect(h.published).toHaveLength(1);
    expect((await get(h, c, 'requests/')).status).toBe(200);
  });
});
