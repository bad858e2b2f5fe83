// Defects the contract fuzzer (tests/fuzz/engine.ts) found, each held by a test of its own.
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { useHarness } from './harness';
import { createSignedInCustomer } from './helpers/auth';

describe('what the contract fuzzer found', () => {
  const h = useHarness();
  const STAFF = { authorization: `Bearer ${testConfig().staffToken}` };

  // seed 2: PATCH /api/staff/promo-codes/%00/ answered 500 — PostgreSQL's text cannot hold U+0000.
  it('a NUL character in a path parameter is a 400 in Russian, not a 500', async () => {
    const res = await h.request('/api/staff/promo-codes/%00/', {
      method: 'PATCH',
      headers: STAFF,
      json: { active: false },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Недопустимый символ в запросе.' });
  });

  it('a NUL character in a JSON field or a query is a 400 too', async () => {
    const c = await createSignedInCustomer(h);
    const patch = await h.request('/api/client/profile/', {
      method: 'PATCH',
      token: c.access,
      json: { fio: 'Иван\u0000Петров' },
    });
    expect(patch.status).toBe(400);
    expect(await patch.json()).toEqual({ detail: 'Недопустимый символ в запросе.' });
    const list = await h.request('/api/client/payments/history/?search=%00', { token: c.access });
    expect(list.status).toBe(400);
  });
});

describe('promo codes: what the fuzzer found (seed 23023)', () => {
  const h = useHarness();
  const create = (body: Record<string, unknown>) =>
    h.request('/api/staff/promo-codes/', {
      method: 'POST',
      headers: { authorization: `Bearer ${testConfig().staffToken}` },
      json: { code: 'FUZZ10', title: 'Скидка', percent: 10, ...body },
    });

  // case 82: an end before now, with no start given (the start is then now) — the table's check answered 500.
  it('an end before the implied start is a field error', async () => {
    const res = await create({ valid_until: '2020-02-03T23:05:09+03:00' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ valid_until: ['Конец действия должен быть позже начала.'] });
  });

  // case 102: year 0 and year 400 — PostgreSQL has no year 0: a 500.
  it('dates outside 2000–2100 are a field error', async () => {
    const res = await create({ valid_from: '0000-02-29T22:37:07.595Z', valid_until: '0400-02-29T14:59:31Z' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, string[]>;
    expect(body.valid_from).toEqual(['Год — от 2000 до 2100.']);
  });

  it('a usage limit beyond the column is a field error, not a 500', async () => {
    const res = await create({ usage_limit: 9_007_199_254_740_991 });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()) as object)).toEqual(['usage_limit']);
  });
});
