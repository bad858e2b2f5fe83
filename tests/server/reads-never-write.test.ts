// A GET changes nothing: every GET row of the endpoint table, called as the demo customer (and as staff for the staff
// rows) on every one of its orders, files, reworks and drafts, leaves every table exactly as it was.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api } from '../../contract/api';
import { splitKey, type EndpointKey, type EndpointSpec } from '../../contract/http';
import { auditLog } from '../../server/db/tables';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { useHarness } from './harness';
import { dumpTables } from './helpers/table-dump';
import { signIn } from './helpers/auth';
import { createCustomer } from './helpers/orders';
import type { Profile } from '../../contract/profile.api';

const DAY = 86_400_000;

async function json<T>(res: Response): Promise<T> {
  expect(res.status, res.url).toBe(200);
  return (await res.json()) as T;
}

describe('reads never write', () => {
  const h = useHarness();

  it('every GET of the endpoint table leaves every table unchanged', async () => {
    await seedDemo(h.deps);
    let { access } = await signIn(h, DEMO_EMAIL, DEMO_PASSWORD);
    const get = (path: string, token: string = access) => h.request(path, { token });

    // What the paths need, read before the snapshot (these are GETs as well, so they are checked again below).
    const list = await json<{ results: { id: number }[] }>(await get('/api/client/orders/?page_size=50'));
    const orderIds = list.results.map((o) => o.id);
    expect(orderIds.length).toBeGreaterThan(5);
    const files: [number, number][] = [];
    const reworks: [number, number][] = [];
    for (const id of orderIds) {
      const f = await json<{ results: { id: number }[] } | { id: number }[]>(
        await get(`/api/client/orders/${id}/files/`),
      );
      for (const file of Array.isArray(f) ? f : f.results) files.push([id, file.id]);
      const r = await json<{ results: { id: number }[] }>(await get(`/api/client/orders/${id}/reworks/`));
      for (const rw of r.results) reworks.push([id, rw.id]);
    }
    expect(files.length).toBeGreaterThan(0);
    expect(reworks.length).toBeGreaterThan(0);
    const draft = await get('/api/client/orders/continue/');
    const draftIds = draft.status === 200 ? [((await draft.json()) as { id: number }).id] : [1];

    const pathsOf = (path: string): string[] => {
      const fill = (p: string, values: Record<string, string | number>) =>
        p.replace(/:(\w+)/g, (_, name: string) => String(values[name]));
      if (path.includes(':id/files/:file')) return files.map(([id, file]) => fill(path, { id, file }));
      if (path.includes(':id/reworks/:rework'))
        return reworks.map(([id, rework]) => fill(path, { id, rework }));
      if (/orders\/.*:id|packet-waiting\/:id/.test(path))
        return [...orderIds, 999_999].map((id) => fill(path, { id }));
      if (path.includes(':draft')) return draftIds.map((draft) => fill(path, { draft }));
      if (path.includes('/password_change/:id')) return [fill(path, { id: 'no-such-link' })];
      if (path.includes('/verification-status/:type'))
        return ['repayment', 'bonus'].map((type) => fill(path, { type }));
      if (path.includes(':network'))
        return ['vk', 'google', 'nope'].map((network) => fill(path, { network }));
      // The acquirer's way back: a payment of ours (unsigned, so refused) and one that does not exist.
      if (path.includes('/return/:id')) return [1, 999_999].map((id) => fill(path, { id }));
      if (path.includes(':pid')) return [fill(path, { pid: 'no-such-payment' })];
      if (path.includes('/data-export/:id')) return [1, 999_999].map((id) => fill(path, { id }));
      if (path.includes(':px/:file')) return [fill(path, { px: '64', file: 'none.webp' })];
      expect(path, 'a path parameter this test does not fill').not.toMatch(/:\w+/);
      return [path];
    };

    // Then long after the demo's guarantees have run out (a read used to settle them) and its codes have expired.
    const running = sql`select count(*)::int as n from orders where status_id = 5`;
    const guarantees = async () => (await h.deps.db.execute(running)) as unknown as { rows: { n: number }[] };
    expect((await guarantees()).rows[0]!.n).toBeGreaterThan(0);
    h.clock.advance(40 * DAY);
    ({ access } = await signIn(h, DEMO_EMAIL, DEMO_PASSWORD));

    const before = await dumpTables(h);
    const auditBefore = await h.deps.db.select().from(auditLog).orderBy(auditLog.id);
    let calls = 0;
    for (const [key, spec] of Object.entries(api)) {
      const [method, path] = splitKey(key as EndpointKey);
      if (method !== 'GET') continue;
      const token = spec.auth === 'staff' ? h.deps.config.staffToken : access;
      for (const p of pathsOf(path)) {
        const res = await get(p, token);
        await res.arrayBuffer();
        expect(res.status, `${key} as ${p}`).toBeLessThan(500);
        calls++;
      }
    }
    expect(calls).toBeGreaterThan(Object.keys(api).filter((k) => k.startsWith('GET ')).length);
    // The one write a GET may make: an audited staff read of customers' data appends to the audit log, one row a
    // call, and changes none that was there.
    const after = await dumpTables(h);
    const auditAfter = await h.deps.db.select().from(auditLog).orderBy(auditLog.id);
    expect(auditAfter.slice(0, auditBefore.length)).toEqual(auditBefore);
    const audited = auditAfter.slice(auditBefore.length);
    expect(audited.length).toBeGreaterThan(0);
    for (const row of audited) {
      const spec = (api as Record<string, EndpointSpec>)[row.action];
      expect(spec?.audited, row.action).toBe(true);
    }
    delete after.audit_log;
    delete before.audit_log;
    expect(after).toEqual(before);
  });

  it('a customer who never saved a profile reads its defaults, and no profile row is made', async () => {
    const c = await createCustomer(h);
    const before = await dumpTables(h);
    for (const path of [
      '/api/client/profile/',
      '/api/client/profile/avatar/',
      '/api/client/profile/session/',
      '/client/api/profile/profile-popup/',
      '/api/client/profile/status/',
    ]) {
      const res = await h.request(path, { token: c.token });
      expect(res.status, path).toBe(200);
    }
    const profile = (await (await h.request('/api/client/profile/', { token: c.token })).json()) as Profile;
    expect(profile).toMatchObject({
      id: c.id,
      email: c.email,
      university: '',
      sms_delivery: true,
      telegram: '',
    });
    expect(await dumpTables(h)).toEqual(before);
  });
});
