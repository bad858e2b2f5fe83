// Money-out requests and their processing states: the customer sees withdrawals, storno refunds and refund claims
// with processing / done / rejected; staff decide each once, and a rejected withdrawal or storno puts the money back
// on the balance with a ledger row in the same transaction.
import { describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness';
import {
  credit,
  customer,
  finances,
  get,
  order,
  post,
  sandbox,
  STAFF,
  verify,
  type Customer,
} from './payments-fixtures';

type Req = { type: string; id: number; amount: number; status: string; order_id: number | null };
const requests = async (h: Harness, c: Customer) =>
  ((await (await get(h, c, 'requests/')).json()) as { results: Req[] }).results;
const staff = (h: Harness, method: string, path: string, json?: unknown) =>
  h.request(`/api/staff/${path}`, { method, token: STAFF, ...(json ? { json } : {}) });

async function cardTopup(h: Harness, c: Customer, amount: number) {
  const pay = (await (await post(h, c, 'pay/', { purpose: 'topup', amount, method: 'card' })).json()) as {
    redirect_url: string;
    payment_id: number;
  };
  await sandbox(h, pay.redirect_url, 'pay');
  return pay.payment_id;
}

describe('money-out requests', () => {
  const h = useHarness();

  it('the customer sees each request with its state; rejections return the money with a ledger row', async () => {
    const c = await customer(h);
    const other = await customer(h);
    await verify(h, c);
    const payId = await cardTopup(h, c, 3000);
    await credit(h, c, 1000);
    const o = (await order(h, c.id, { price: 3000, paid: 3000, statusId: 4 })).id;
    expect(await requests(h, c)).toEqual([]);

    const w = (await (
      await post(h, c, 'repayment/', { amount: 500, method: 'sbp', requisites: { phone: '+79990001122' } })
    ).json()) as { id: number };
    const st = (await (
      await post(h, c, 'refund-storno/', { refund_sum: 1200, pay_ids: [payId] })
    ).json()) as {
      refunds: { id: number }[];
    };
    const stornoId = st.refunds[0]!.id;
    const claim = (await (
      await post(h, c, 'refund-claim/', {
        order_id: o,
        reason: 'Не подошла работа',
        amount: 300,
        recipient: { fio: 'Иванов Иван', country: 'RU', account: '4111111111111111' },
      })
    ).json()) as { id: number };
    expect(await finances(h, c)).toEqual({ money: 4000 - 500 - 1200, bonus: 0 });

    const list = await requests(h, c);
    expect(list.map((r) => [r.type, r.id, r.amount, r.status])).toEqual(
      expect.arrayContaining([
        ['withdrawal', w.id, 500, 'processing'],
        ['storno', stornoId, 1200, 'processing'],
        ['claim', claim.id, 300, 'processing'],
      ]),
    );
    expect(list).toHaveLength(3);
    expect(list.find((r) => r.type === 'claim')!.order_id).toBe(o);
    expect(await requests(h, other)).toEqual([]);

    // Storno rejected: 1200 back on the balance, a history row says so, the payment can be returned again.
    const rejected = await staff(h, 'PATCH', `storno/${stornoId}/`, { status: 'rejected' });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ id: stornoId, status: 'rejected' });
    expect(await finances(h, c)).toEqual({ money: 3500, bonus: 0 });
    expect(h.published).toContainEqual({ userId: c.id, event: { type: 'finances', money: 3500, bonus: 0 } });
    const history = (await (await get(h, c, 'history/?kind=refund')).json()) as {
      results: { amount: number; title: string }[];
    };
    expect(history.results[0]).toMatchObject({ amount: 1200, title: 'Возврат на карту отклонён' });
    const storno = (await (await get(h, c, 'refund-storno/')).json()) as { results: { amount: number }[] };
    expect(storno.results[0]!.amount).toBe(3000);
    expect((await staff(h, 'PATCH', `storno/${stornoId}/`, { status: 'done' })).status).toBe(409);

    // Withdrawal done: nothing moves. Claim rejected: nothing moves (it took nothing).
    expect((await staff(h, 'PATCH', `withdrawals/${w.id}/`, { status: 'done' })).status).toBe(200);
    expect((await staff(h, 'PATCH', `refund-claims/${claim.id}/`, { status: 'rejected' })).status).toBe(200);
    expect(await finances(h, c)).toEqual({ money: 3500, bonus: 0 });
    expect((await staff(h, 'PATCH', `refund-claims/${claim.id}/`, { status: 'approved' })).status).toBe(409);

    const after = await requests(h, c);
    expect(after.find((r) => r.type === 'withdrawal')!.status).toBe('done');
    expect(after.find((r) => r.type === 'storno')!.status).toBe('rejected');
    expect(after.find((r) => r.type === 'claim')!.status).toBe('rejected');
  });

  it('a rejected withdrawal returns its money and is titled so in the history', async () => {
    const c = await customer(h);
    await credit(h, c, 1000);
    await verify(h, c);
    const w = (await (
      await post(h, c, 'repayment/', {
        amount: 700,
        method: 'card',
        requisites: { card_number: '4111111111111111' },
      })
    ).json()) as { id: number };
    expect(await finances(h, c)).toEqual({ money: 300, bonus: 0 });
    await staff(h, 'PATCH', `withdrawals/${w.id}/`, { status: 'rejected' });
    expect(await finances(h, c)).toEqual({ money: 1000, bonus: 0 });
    expect((await requests(h, c))[0]).toMatchObject({ type: 'withdrawal', status: 'rejected' });
    const history = (await (await get(h, c, 'history/?kind=refund')).json()) as {
      results: { amount: number; title: string }[];
    };
    expect(history.results[0]).toMatchObject({ amount: 700, title: 'Вывод средств отклонён' });
  });

  it('staff: claims listed by state; decisions need the staff token and a known id', async () => {
    const c = await customer(h);
    await verify(h, c);
    const o = (await order(h, c.id, { price: 2000, paid: 2000, statusId: 4 })).id;
    const claim = (await (
      await post(h, c, 'refund-claim/', {
        order_id: o,
        reason: 'Сроки сорваны',
        amount: 2000,
        recipient: { fio: 'Петров Пётр', country: 'KZ', account: 'KZ123' },
      })
    ).json()) as { id: number };
    const list = (await (await staff(h, 'GET', 'refund-claims/?status=new')).json()) as {
      count: number;
      results: { id: number; email: string; status: string }[];
    };
    expect(list.results).toContainEqual(
      expect.objectContaining({ id: claim.id, email: c.email, status: 'new' }),
    );
    const approved = await staff(h, 'PATCH', `refund-claims/${claim.id}/`, { status: 'approved' });
    expect(await approved.json()).toMatchObject({ id: claim.id, status: 'approved' });
    expect((await requests(h, c))[0]).toMatchObject({ type: 'claim', status: 'done' });
    expect((await staff(h, 'PATCH', 'refund-claims/999999/', { status: 'approved' })).status).toBe(404);
    expect((await staff(h, 'PATCH', 'storno/999999/', { status: 'done' })).status).toBe(404);
    expect((await staff(h, 'PATCH', `refund-claims/${claim.id}/`, { status: 'maybe' })).status).toBe(400);
    const noToken = await h.request(`/api/staff/storno/1/`, {
      method: 'PATCH',
      token: await c.token(),
      json: { status: 'done' },
    });
    expect(noToken.status).toBe(401);
    expect((await get(h, c, 'requests/')).status).toBe(200);
    expect((await h.request('/api/client/payments/requests/')).status).toBe(401);
  });
});
