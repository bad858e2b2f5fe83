// Defects the contract fuzzer (tests/fuzz/engine.ts) found, each held by a test of its own.
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { createSignedInCustomer } from './helpers/auth';

describe('what the contract fuzzer found', () => {
  const h = useHarness();
  const STAFF = { authorization: 'Bearer test-staff-token' };

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
