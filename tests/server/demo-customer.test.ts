import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useHarness } from './harness';

describe('POST /api/staff/demo-customer/', () => {
  const h = useHarness({ testHooks: true });
  const make = (json: unknown) =>
    h.request('/api/staff/demo-customer/', { method: 'POST', token: h.deps.config.staffToken!, json });
  const orders = async (email: string, password: string) => {
    const login = await h.request('/api/client/auth/login/', {
      method: 'POST',
      json: { login: email, password },
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const list = async (tab: string) =>
      (
        (await (await h.request(`/api/client/orders/?tab=${tab}`, { token: access })).json()) as {
          results: { status: { id: number } }[];
        }
      ).results;
    return { active: await list('active'), done: await list('done') };
  };

  it('makes a lean customer: the demo password signs in, one order awaiting payment and nothing else', async () => {
    const res = await make({ lean: true });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { email: string; password: string };
    const seen = await orders(made.email, made.password);
    expect(seen.active.map((o) => o.status.id)).toEqual([3]);
    expect(seen.done).toEqual([]);

    // A second lean customer shares the hash made once, and signs in all the same.
    const again = (await (await make({ lean: true })).json()) as { email: string; password: string };
    expect((await orders(again.email, again.password)).active).toHaveLength(1);
  });

  // The full demo customer (the default) stores files, which staff-audit.test.ts's snapshot of the shared storage
  // would see when the two files run side by side; e2e/ and staff-audit.test.ts exercise it.
  it('refuses a lean that is not a boolean, and makes no customer', async () => {
    const res = await make({ lean: 'yes' });
    expect(res.status).toBe(400);
    const count = await h.deps.db.execute(sql`select count(*)::int as n from users`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
