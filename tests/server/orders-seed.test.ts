import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { createCustomer, tempDataDir, unzip } from './helpers/orders';
import { seedOrders } from '../../server/db/seed/orders';
import type { Draft, OrderDetail, OrderList, ReworkList } from '../../contract/orders.api';

const ORDERS = '/api/client/orders/';
describe.each(['fs', 's3'] as const)('orders API: demo data (%s storage)', (driver) => {
  const h = useHarness({ dataDir: tempDataDir() }, { storage: driver });

  describe('demo orders', () => {
    it('fill every tab, with chats, files, a rework and a draft', async () => {
      const c = await createCustomer(h);
      await seedOrders(h.deps, c.id);
      const list = (await (
        await h.request(`${ORDERS}?page_size=50`, { token: c.token })
      ).json()) as OrderList;
      expect(list.count).toBeGreaterThanOrEqual(12);
      expect(list.counters.active).toBeGreaterThan(4);
      expect(list.counters.done).toBeGreaterThanOrEqual(2);
      expect(list.counters.archive).toBeGreaterThanOrEqual(2);
      const statuses = new Set(list.results.map((r) => r.status.id));
      for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 16]) expect(statuses, `status ${id}`).toContain(id);
      expect(list.results.some((r) => r.unread > 0)).toBe(true);
      for (const r of list.results.filter((x) => x.status.id === 3))
        expect(r.price >= 1500 && r.price <= 9000).toBe(true);

      const guarantee = list.results.find((r) => r.status.id === 5)!;
      const detail = (await (
        await h.request(`${ORDERS}${guarantee.id}/`, { token: c.token })
      ).json()) as OrderDetail;
      expect(detail.files.some((f) => f.kind === 'final')).toBe(true);
      const zip = await h.request(`${ORDERS}${guarantee.id}/files/download-zip/`, {
        method: 'POST',
        token: c.token,
      });
      const entries = unzip(Buffer.from(await zip.arrayBuffer()));
      expect(
        entries
          .find((e) => e.name.endsWith('.pdf'))!
          .data.subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      const rework = list.results.find((r) => r.status.id === 6)!;
      const reworks = (await (
        await h.request(`${ORDERS}${rework.id}/reworks/`, { token: c.token })
      ).json()) as ReworkList;
      expect(reworks.count).toBe(1);
      const draft = (await (await h.request(`${ORDERS}continue/`, { token: c.token })).json()) as Draft;
      expect(draft.topic).toBe('Влияние инфляции на потребительский спрос');
    });
  });
});
