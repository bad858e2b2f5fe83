// The guarantee sweep: a guarantee that has run out reads as done at once, with nothing written; the sweep (a
// recurring job, every minute and at start) then settles the row, so the order moves to the done tab.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness';
import { createCustomer, getOrder, insertOrder } from './helpers/orders';
import { freshDatabase } from './helpers/test-database';
import { orders, users } from '../../server/db/tables';
import { createJobRunner } from '../../server/jobs/runner';
import { GUARANTEE_SWEEP_MS, registerJobs } from '../../server/jobs/tasks';
import { settleExpiredGuarantees } from '../../server/domain/orders/commands';
import { queueGuaranteeEndings } from '../../server/domain/notifications/guarantee';
import type { Deps } from '../../server/env';
import { testConfig } from '../../server/config';
import type { OrderList } from '../../contract/orders.api';

const SWEEP = 'orders.guarantee-sweep';

describe('the guarantee sweep', () => {
  const h = useHarness();

  it('settles what ran out, on its schedule, and tells the customer once', async () => {
    const c = await createCustomer(h);
    const t0 = h.clock.now.getTime();
    const ending = await insertOrder(h, c.id, { statusId: 5, guaranteeUntil: new Date(t0 + 30_000) });
    const later = await insertOrder(h, c.id, { statusId: 5, guaranteeUntil: new Date(t0 + 10 * 86_400_000) });
    const trashed = await insertOrder(h, c.id, {
      statusId: 5,
      isTrash: true,
      guaranteeUntil: new Date(t0 + 30_000),
    });
    const jobs = createJobRunner({ db: h.deps.db, now: h.deps.now });
    registerJobs(jobs, h.deps);
    const statusOf = async (id: number) =>
      (await h.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!.statusId;

    expect((await jobs.runDue()).recurring).toContain(SWEEP);
    expect(await statusOf(ending.id)).toBe(5);

    h.clock.advance(31_000); // the guarantee is over; the sweep is due again only at t0 + 1 min
    expect((await getOrder(h, c, ending.id)).status.id).toBe(7); // reads done at once
    expect((await jobs.runDue()).recurring).not.toContain(SWEEP);
    expect(await statusOf(ending.id)).toBe(5); // and nothing was written
    const before = (await (await h.request('/api/client/orders/', { token: c.token })).json()) as OrderList;
    expect(before.counters).toEqual({ active: 2, archive: 1, done: 0 });

    h.clock.advance(GUARANTEE_SWEEP_MS - 31_000);
    expect((await jobs.runDue()).recurring).toContain(SWEEP);
    expect(await statusOf(ending.id)).toBe(7);
    expect(await statusOf(trashed.id)).toBe(7); // in the trash it still reads 'Архивный заказ'
    expect(await statusOf(later.id)).toBe(5);
    const after = (await (await h.request('/api/client/orders/', { token: c.token })).json()) as OrderList;
    expect(after.counters).toEqual({ active: 1, archive: 1, done: 1 });
    expect(
      h.published.filter((p) => p.event.type === 'order.changed').map((p) => [p.userId, p.event]),
    ).toEqual([
      [c.id, expect.objectContaining({ orderId: ending.id, status: { id: 7, title: 'Выполнен' } })],
      [c.id, expect.objectContaining({ orderId: trashed.id, status: { id: 16, title: 'Архивный заказ' } })],
    ]);
  });

  it('settles a backlog and warns of the ends ahead in bounded passes, the earliest first', async () => {
    const c = await createCustomer(h);
    const t0 = h.clock.now.getTime();
    const at = (min: number) => new Date(t0 + min * 60_000);
    // Ran out while the runner was away (minutes -5 … -1, made out of order), and ending within the 3 days.
    const ended = [];
    for (const min of [-3, -5, -1, -4, -2])
      ended.push({ min, id: (await insertOrder(h, c.id, { statusId: 5, guaranteeUntil: at(min) })).id });
    for (const min of [60, 120, 180]) await insertOrder(h, c.id, { statusId: 5, guaranteeUntil: at(min) });
    const earliest = ended.sort((a, b) => a.min - b.min).map((o) => o.id);
    const settle = async () =>
      (await settleExpiredGuarantees(h.deps.db, h.clock.now, 2)).map((o) => o.id).sort();
    expect(await settle()).toEqual(earliest.slice(0, 2).sort());
    expect(await settle()).toEqual(earliest.slice(2, 4).sort());
    expect(await settle()).toEqual(earliest.slice(4));
    expect(await settle()).toEqual([]);
    expect(await queueGuaranteeEndings(h.deps.db, h.clock.now, 2)).toBe(2);
    expect(await queueGuaranteeEndings(h.deps.db, h.clock.now, 2)).toBe(1);
    expect(await queueGuaranteeEndings(h.deps.db, h.clock.now, 2)).toBe(0);
  });

  it('runs at the start of an instance, whenever it last ran', async () => {
    const c = await createCustomer(h);
    const first = createJobRunner({ db: h.deps.db, now: h.deps.now }, { pollMs: 3_600_000 });
    registerJobs(first, h.deps);
    await first.start();
    await first.stop();
    const row = await insertOrder(h, c.id, {
      statusId: 5,
      guaranteeUntil: new Date(h.clock.now.getTime() + 1000),
    });
    h.clock.advance(2000);
    const second = createJobRunner({ db: h.deps.db, now: h.deps.now }, { pollMs: 3_600_000 });
    registerJobs(second, h.deps);
    await second.start();
    await second.stop();
    expect((await h.deps.db.select().from(orders).where(eq(orders.id, row.id)))[0]!.statusId).toBe(7);
  });
});

// Two handles on one database are two instances: PostgreSQL only (PGlite's database belongs to one process).
describe.skipIf(!process.env.DATABASE_URL)('two instances racing for the sweep (PostgreSQL)', () => {
  it('one of them settles each run; each order is announced once', async () => {
    const fresh = await freshDatabase();
    try {
      const other = await fresh.open();
      let now = new Date('2026-05-01T12:00:00Z');
      const [user] = await fresh.database.db
        .insert(users)
        .values({ email: 'race@example.com', fio: 'Гонка', passwordHash: 'x', emailConfirmed: true })
        .returning();
      const base = {
        userId: user!.id,
        workType: 'Реферат',
        topic: 'Тема',
        subject: 'Предмет',
        deadline: now,
        price: 1000,
        statusId: 5,
        createdAt: now,
        updatedAt: now,
      };
      await fresh.database.db.insert(orders).values(
        Array.from({ length: 40 }, (_, i) => ({
          ...base,
          guaranteeUntil: new Date(now.getTime() + i * 1000),
        })),
      );
      const announced: number[] = [];
      const instance = (db: typeof fresh.database.db, id: string) => {
        const deps = {
          config: testConfig(),
          db,
          now: () => now,
          realtime: {
            publish: async (_userId: number, event: { orderId?: number }) =>
              void announced.push(event.orderId!),
          },
        } as unknown as Deps;
        const runner = createJobRunner({ db, now: () => now }, { instanceId: id });
        registerJobs(runner, deps);
        return runner;
      };
      const a = instance(fresh.database.db, 'a');
      const b = instance(other.db, 'b');
      const ran: string[] = [];
      for (let minute = 0; minute < 3; minute++) {
        const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
        if (ra.recurring.includes(SWEEP)) ran.push(`${minute}:a`);
        if (rb.recurring.includes(SWEEP)) ran.push(`${minute}:b`);
        now = new Date(now.getTime() + GUARANTEE_SWEEP_MS);
      }
      expect(ran.map((r) => r.split(':')[0])).toEqual(['0', '1', '2']); // one instance per run
      expect(announced.sort((x, y) => x - y)).toEqual(
        (await fresh.database.db.select({ id: orders.id }).from(orders))
          .map((o) => o.id)
          .sort((x, y) => x - y),
      );
      const left = await fresh.database.db.select().from(orders).where(eq(orders.statusId, 5));
      expect(left).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });
});
