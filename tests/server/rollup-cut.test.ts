// A roll-up pass whose connection dies mid-statement (the database restarted, a proxy cut it): its transaction is
// rolled back whole, so the watermark stays where the counts stay, and the next pass counts the rows once. The pass
// is held on a lock of the table it writes, its backend terminated, and the report read before, between and after.
// PostgreSQL only (CI's PostgreSQL pass): PGlite has no connection to lose.
import { describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { testConfig } from '../../server/config';
import { pageViewDays, pageViews } from '../../server/db/tables';
import { rollUpPageViews } from '../../server/domain/page-views';
import { rollUpFunnel } from '../../server/domain/funnel-days';
import type { FunnelReport, PageViewReport } from '../../contract/analytics.api';
import { useHarness, type Harness } from './harness';

const direct = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
const STAFF = { authorization: `Bearer ${testConfig().staffToken}` };

/** Runs `pass` while `table` is locked by another session, terminates the pass's backend, and gives the lock back. */
async function cutMidPass(h: Harness, table: string, pass: () => Promise<unknown>): Promise<void> {
  const res = await h.deps.db.execute(sql`select current_database() as name`);
  const name = (res as unknown as { rows: { name: string }[] }).rows[0]!.name;
  const url = new URL(direct!);
  url.pathname = `/${name}`;
  const locker = new pg.Client({ connectionString: url.toString() });
  await locker.connect();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    await locker.query('begin');
    await locker.query(`lock table ${table} in access exclusive mode`);
    const running = pass();
    let pid = 0;
    await vi.waitFor(
      async () => {
        const { rows } = await locker.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          [name],
        );
        expect(rows).toHaveLength(1);
        pid = rows[0]!.pid;
      },
      { timeout: 5_000 },
    );
    await locker.query('select pg_terminate_backend($1)', [pid]);
    await expect(running).rejects.toThrow();
    await locker.query('rollback');
  } finally {
    warn.mockRestore();
    await locker.end();
  }
}

describe.skipIf(!direct)('a roll-up pass cut off mid-statement', () => {
  const h = useHarness();

  it('page views: the cut pass counts nothing, the next counts every row once', async () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const view = (iso: string, name: string) => ({
      at: new Date(iso),
      kind: 'view' as const,
      name,
      referrer: '',
    });
    await h.deps.db
      .insert(pageViews)
      .values([
        view('2026-06-08T10:00:00Z', 'Home'),
        view('2026-06-08T11:00:00Z', 'Home'),
        view('2026-06-09T09:00:00Z', 'Order'),
        view('2026-06-09T09:00:00Z', 'Home'),
        view('2026-06-09T18:00:00Z', 'Home'),
      ]);
    const report = async () => {
      const r = await h.request('/api/staff/analytics/page-views/?from=2026-06-08&to=2026-06-10', {
        headers: STAFF,
      });
      return ((await r.json()) as PageViewReport).rows;
    };
    const before = await report();
    expect(before.map((r) => [r.day, r.name, r.views])).toEqual([
      ['2026-06-08', 'Home', 2],
      ['2026-06-09', 'Home', 2],
      ['2026-06-09', 'Order', 1],
    ]);

    await cutMidPass(h, 'page_view_days', () => rollUpPageViews(h.deps.db, now));
    expect(await h.deps.db.select().from(pageViewDays)).toEqual([]);
    expect(await report()).toEqual(before);

    expect(await rollUpPageViews(h.deps.db, now)).toMatchObject({ counted: 5 });
    expect(await rollUpPageViews(h.deps.db, now)).toMatchObject({ counted: 0 });
    expect((await h.deps.db.select().from(pageViewDays)).reduce((n, r) => n + r.views, 0)).toBe(5);
    expect(await report()).toEqual(before);
  });

  it('the funnel: the cut pass rolls no day, the next rolls them, and the report is the same throughout', async () => {
    // Three customers sign up today through the real route; the roll-up of the days before runs on tomorrow's clock.
    for (const i of [1, 2, 3]) {
      const res = await h.request('/api/client/profile/', {
        method: 'POST',
        headers: { cookie: 'cabinet_utm=utm_source%3Dvk%26utm_campaign%3Dspring' },
        json: { email: `cut-${i}@example.com`, password: 'long-enough-1', accept_terms: true },
      });
      expect(res.status).toBe(201);
    }
    const today = h.clock.now.toISOString().slice(0, 10);
    const report = async () => {
      const r = await h.request(`/api/staff/analytics/funnel/?from=${today}&to=${today}&source=vk`, {
        headers: STAFF,
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as FunnelReport).rows;
    };
    const before = await report();
    expect(before.map((r) => [r.source, r.campaign, r.signups])).toEqual([['vk', 'spring', 3]]);
    const tomorrow = new Date(h.clock.now.getTime() + 86_400_000 + 3_600_000);

    await cutMidPass(h, 'funnel_days', () => rollUpFunnel(h.deps.db, tomorrow));
    const days = async () =>
      (await h.deps.db.execute(sql`select count(*)::int as n from funnel_days`)) as unknown as {
        rows: { n: number }[];
      };
    expect((await days()).rows[0]!.n).toBe(0);
    expect(await report()).toEqual(before);

    await rollUpFunnel(h.deps.db, tomorrow);
    expect((await days()).rows[0]!.n).toBeGreaterThan(0);
    expect(await report()).toEqual(before);
  });
});
