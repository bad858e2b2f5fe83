import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { useHarness } from './harness';
import { payments, withdrawals } from '../../server/db/tables';
import { moveMoney } from '../../server/domain/ledger';
import { credit, customer, finances, newKey, post, verify } from './payments-fixtures';

const CARD = { method: 'card', requisites: { card_number: '4111111111111111' } };

describe('money under concurrency', () => {
  const h = useHarness();

  it('50 concurrent withdrawals of 100 from 1000 → exactly 10 pass; the balance ends at 0 = the ledger', async () => {
    const c = await customer(h);
    await credit(h, c, 1000, 300);
    await verify(h, c);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(h, c, 'repayment/', { amount: 100, ...CARD })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);
    const refused = results.find((r) => r.status === 400)!;
    expect(await refused.json()).toEqual({ detail: 'Недостаточно средств.' });
    expect(await finances(h, c)).toEqual({ money: 0, bonus: 300 });
    const [n] = await h.deps.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, c.id));
    expect(n!.n).toBe(10);
  });

  it('50 concurrent debits of 100 from 1000 in separate transactions → exactly 10 pass (the ledger rule itself)', async () => {
    const c = await customer(h);
    await credit(h, c, 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        h.deps.db.transaction((tx) =>
          moveMoney({ db: tx, now: h.deps.now }, c.id, 'money', -100, 'withdrawal'),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.every((r) => r.reason.message === 'Недостаточно средств.')).toBe(true);
    expect(await finances(h, c)).toEqual({ money: 0, bonus: 0 });
  });

  it('20 concurrent withdrawals with ONE Idempotency-Key → one effect, twenty identical answers', async () => {
    const c = await customer(h);
    await credit(h, c, 3000);
    await verify(h, c);
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(h, c, 'repayment/', { amount: 700, ...CARD }, key)),
    );
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ amount: 700, status: 'processing', money: 2300 });
    expect(await finances(h, c)).toEqual({ money: 2300, bonus: 0 });
  });

  it('20 concurrent pay/ with one key create one provider payment', async () => {
    const c = await customer(h);
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(h, c, 'pay/', { purpose: 'topup', amount: 1500, method: 'card' }, key),
      ),
    );
    const bodies = (await Promise.all(results.map((r) => r.json()))) as { redirect_url: string }[];
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(bodies.map((b) => b.redirect_url)).size).toBe(1);
    const [n] = await h.deps.db.select({ n: count() }).from(payments).where(eq(payments.userId, c.id));
    expect(n!.n).toBe(1);
  });

  it('a key reused with another body → 422; no key → 400; nothing moves', async () => {
    const c = await customer(h);
    await credit(h, c, 3000);
    await verify(h, c);
    const key = newKey();
    expect((await post(h, c, 'repayment/', { amount: 600, ...CARD }, key)).status).toBe(201);
    const again = await post(h, c, 'repayment/', { amount: 900, ...CARD }, key);
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({ detail: 'Этот Idempotency-Key уже использован с другим запросом.' });
    const noKey = await post(h, c, 'repayment/', { amount: 600, ...CARD }, null);
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toEqual({ detail: 'Нужен заголовок Idempotency-Key.' });
    expect((await post(h, c, 'pay/', { purpose: 'topup', amount: 100, method: 'card' }, null)).status).toBe(
      400,
    );
    expect(await finances(h, c)).toEqual({ money: 2400, bonus: 0 });
  });

  it('a refused request stores no answer: the same key works once the money is there', async () => {
    const c = await customer(h);
    await verify(h, c);
    const key = newKey();
    expect((await post(h, c, 'repayment/', { amount: 800, ...CARD }, key)).status).toBe(400);
    await credit(h, c, 1000);
    expect((await post(h, c, 'repayment/', { amount: 800, ...CARD }, key)).status).toBe(201);
    expect(await finances(h, c)).toEqual({ money: 200, bonus: 0 });
  });

  it.each([
    ['negative', -100],
    ['zero', 0],
    ['below the minimum', 99],
    ['over the balance', 1001],
    ['bonus is not withdrawable', 1500],
    ['not a number', 'сто'],
    ['a numeric string', '600'],
    ['a fraction', 600.5],
    ['1e30', 1e30],
    ['null', null],
    ['NaN via an object', { value: 600 }],
    ['an array', [600]],
    ['a boolean', true],
  ])('withdrawal of a bad sum (%s) → 4xx and nothing moved', async (_name, amount) => {
    const c = await customer(h);
    await credit(h, c, 1000, 1000);
    await verify(h, c);
    const res = await post(h, c, 'repayment/', { amount, ...CARD });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.detail ?? body.amount).toBeTruthy();
    expect(await finances(h, c)).toEqual({ money: 1000, bonus: 1000 });
  });

  it.each([
    ['negative', -1],
    ['zero', 0],
    ['a fraction', 10.5],
    ['1e30', 1e30],
    ['a string', '100'],
  ])('top-up of a bad sum (%s) → 400 and no payment', async (_name, amount) => {
    const c = await customer(h);
    const res = await post(h, c, 'pay/', { purpose: 'topup', amount, method: 'card' });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('amount');
    const [n] = await h.deps.db.select({ n: count() }).from(payments).where(eq(payments.userId, c.id));
    expect(n!.n).toBe(0);
  });

  it('withdrawal needs requisites and a known method', async () => {
    const c = await customer(h);
    await credit(h, c, 1000);
    await verify(h, c);
    expect((await post(h, c, 'repayment/', { amount: 600, method: 'card', requisites: {} })).status).toBe(
      400,
    );
    expect(
      (await post(h, c, 'repayment/', { amount: 600, method: 'cash', requisites: { phone: '+79991234567' } }))
        .status,
    ).toBe(400);
    const sbp = await post(h, c, 'repayment/', {
      amount: 600,
      method: 'sbp',
      requisites: { phone: '+79991234567' },
    });
    expect(sbp.status).toBe(201);
    expect(await finances(h, c)).toEqual({ money: 400, bonus: 0 });
  });
});
