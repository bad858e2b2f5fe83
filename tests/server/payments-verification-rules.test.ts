// The verification rules of the money section of docs/features.md: a verified status lasts 90 days, a new
// profile phone resets it, and SMS sends are limited to one a minute and five an hour per phone (429 +
// Retry-After).
import { describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness';
import {
  credit,
  customer,
  get,
  lastSmsCode,
  phoneOf,
  post,
  verify,
  type Customer,
} from './payments-fixtures';

const details = async (h: Harness, c: Customer) =>
  (await (await get(h, c, 'verification-status/repayment/')).json()) as {
    status: string;
    phone: string | null;
    verified_until: string | null;
  };
const sendCode = async (h: Harness, c: Customer) =>
  h.request('/api/client/payments/verificate-code/repayment/', { method: 'POST', token: await c.token() });
const checkCode = async (h: Harness, c: Customer, code: string) =>
  h.request('/api/client/payments/verificate-code/repayment/', {
    method: 'PATCH',
    token: await c.token(),
    json: { code },
  });
const withdraw = async (h: Harness, c: Customer) =>
  post(h, c, 'repayment/', { amount: 100, method: 'sbp', requisites: { phone: '+79990000000' } });
const DAY = 24 * 3600_000;

describe('verification rules', () => {
  const h = useHarness();

  it('the status tells the masked phone and, once verified, the date it runs out (90 days on)', async () => {
    const c = await customer(h, { phone: '+79991234567' });
    expect(await details(h, c)).toEqual({
      status: 'unverified',
      phone: '+7 ••• •••-45-67',
      verified_until: null,
    });
    await sendCode(h, c);
    const code = await lastSmsCode(h, '+79991234567');
    const at = h.deps.now().getTime();
    await checkCode(h, c, code);
    const d = await details(h, c);
    expect(d.status).toBe('verified');
    expect(new Date(d.verified_until!).getTime()).toBe(at + 90 * DAY);
    const none = await customer(h, { phone: null });
    expect((await details(h, none)).phone).toBeNull();
  });

  it('a verified status expires after 90 days: the status reads unverified and withdrawals answer 403', async () => {
    const c = await customer(h);
    await credit(h, c, 1000);
    await verify(h, c);
    h.clock.advance(89 * DAY);
    expect((await details(h, c)).status).toBe('verified');
    expect((await withdraw(h, c)).status).toBe(201);
    h.clock.advance(DAY + 1);
    expect(await details(h, c)).toMatchObject({ status: 'unverified', verified_until: null });
    expect((await withdraw(h, c)).status).toBe(403);
    // A new code verifies again for another 90 days.
    expect((await sendCode(h, c)).status).toBe(200);
    await checkCode(h, c, await lastSmsCode(h, await phoneOf(h, c.id)));
    expect((await details(h, c)).status).toBe('verified');
    expect((await withdraw(h, c)).status).toBe(201);
  });

  it('a new profile phone resets the verification and voids a code sent to the old phone', async () => {
    const c = await customer(h);
    await credit(h, c, 1000);
    await verify(h, c);
    const patch = (phone: string) =>
      c
        .token()
        .then((token) => h.request('/api/client/profile/', { method: 'PATCH', token, json: { phone } }));
    // The same phone again changes nothing.
    expect((await patch(await phoneOf(h, c.id))).status).toBe(200);
    expect((await details(h, c)).status).toBe('verified');

    expect((await patch('+79995550011')).status).toBe(200);
    expect(await details(h, c)).toMatchObject({ status: 'unverified', phone: '+7 ••• •••-00-11' });
    expect((await withdraw(h, c)).status).toBe(403);

    await sendCode(h, c);
    const oldCode = await lastSmsCode(h, '+79995550011');
    h.clock.advance(61_000);
    expect((await patch('+79995550022')).status).toBe(200);
    const late = await checkCode(h, c, oldCode);
    expect(late.status).toBe(400);
    expect((await details(h, c)).status).toBe('unverified');
  });

  it('five SMS an hour to one phone: the sixth is a 429 whose Retry-After counts to the oldest send + 1 h', async () => {
    const c = await customer(h);
    const start = h.deps.now().getTime();
    for (let i = 0; i < 5; i++) {
      const res = await sendCode(h, c);
      expect(res.status).toBe(200);
      h.clock.advance(61_000);
    }
    const sixth = await sendCode(h, c);
    expect(sixth.status).toBe(429);
    const waited = h.deps.now().getTime() - start;
    expect(Number(sixth.headers.get('retry-after'))).toBe(Math.ceil((3600_000 - waited) / 1000));
    expect(((await sixth.json()) as { detail: string }).detail).toBe(
      'Отправлено 5 кодов за час. Попробуйте позже.',
    );
    // Once the first send is an hour old, one more goes through.
    h.clock.advance(3600_000 - waited + 1);
    expect((await sendCode(h, c)).status).toBe(200);
    expect((await sendCode(h, c)).status).toBe(429);
  });
});
