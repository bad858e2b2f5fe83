// Data growth (issue 37): do the hot paths cost the same when the database holds 100× the customers? PostgreSQL only.
//
// Two databases made by the real migrations are filled in SQL (bench/lib/scale-data.ts): one with BENCH_SCALE_SMALL
// customers (default 10 000), one with BENCH_SCALE_CUSTOMERS (default 1 000 000; orders 10×, chat messages 30×,
// payments 5×, page views 20× of that). Customer i has the same rows in both (the data's hashes), so the same typical
// customer (3 orders) and heavy one (the most orders among the first 10 000) are followed in each. Both are vacuumed
// and checkpointed, then the hot paths are timed through the real server code (createApp in process, app.request: no
// sockets, so the figures are server and database time) in rounds that alternate between the two databases: a
// moment's noise on the machine falls on both sizes alike, and 1 000 rounds make the p99 the 10th slowest request,
// not the one or two slowest.
// Goal: every path's p99 at the big size ≤ 1.5× its p99 at the small size.
//
// PostgreSQL: BENCH_DATABASE_URL (a throw-away database is made on that server and dropped), else a throw-away
// cluster under /tmp (scripts/cluster/postgres.ts: root and PostgreSQL 15's binaries), removed afterwards.
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { createApp, type App } from '../server/app';
import { testConfig } from '../server/config';
import { createRealtime } from '../server/realtime/bus-hub';
import { createStorage } from '../server/storage/storage';
import { hashPassword } from '../server/domain/passwords';
import type { Deps } from '../server/env';
import { ClusterUnavailable, startPostgres } from '../scripts/cluster/postgres';
import { tempPostgres } from './lib/server';
import { rollUpFunnel } from '../server/domain/funnel-days';
import { countRows, growTo, pickCustomers, PER_CUSTOMER, type Customer, type Exec } from './lib/scale-data';
import {
  fmt,
  judge,
  NotAvailable,
  percentile,
  statusOf,
  type Goal,
  type SectionReport,
  type Table,
} from './lib/report';
import { timeJobs, type JobTiming } from './lib/scale-jobs';
import { measureMigrationLocks } from './lib/migration-locks';

const BIG = Number(process.env.BENCH_SCALE_CUSTOMERS ?? 1_000_000);
const SMALL = Math.min(BIG, Number(process.env.BENCH_SCALE_SMALL ?? 10_000));
const REPEAT = Number(process.env.BENCH_SCALE_REPEAT ?? 1000);
const PASSWORD = 'scale-bench-password';
const RATIO: Goal = { op: '<=', limit: 1.5, unit: '×' };
const DAY_MS = 86_400_000;
/** The migrations measured at size: those of the last two releases. */
const MIGRATIONS = [
  '0020_notifications',
  '0021_growth_indexes',
  '0022_funnel_firsts',
  '0023_funnel_sources',
  '0024_user_guarantee_index',
  '0025_idempotency_prune_index',
  '0026_page_views_rolled',
  '0027_funnel_day_in_progress',
  '0028_funnel_source_index',
  '0029_orders_user_statistics',
];
const WRITTEN = ['orders', 'payments', 'users', 'chat_messages', 'page_views'];

interface Path {
  name: string;
  /** One request; `before` runs untimed first (a fresh list stamp, so the list is built, not served from cache). */
  call(): Response | Promise<Response>;
  before?(): Promise<unknown>;
  /** Runs in one round of this many (a sign-in is one scrypt, ~80 ms). */
  every?: number;
}

interface Figures {
  p50: number;
  p99: number;
  /** Requests timed. */
  n: number;
}

/** Rounds before the timed ones (the plans cached, the pages read once). */
const WARM_ROUNDS = 20;

/**
 * The same paths at both sizes, timed in rounds: a round runs every path once on each database, in an order that
 * alternates round by round, so whatever else the machine does at a moment (a garbage collection, a checkpoint,
 * another process) falls on both sizes alike. `sides[k][i]` is path i on database k; all sides list the same names.
 */
async function measureInRounds(sides: Path[][], rounds: number): Promise<Map<string, Figures>[]> {
  const took = sides.map((paths) => paths.map(() => [] as number[]));
  for (let r = 0; r < WARM_ROUNDS + rounds; r++) {
    for (let i = 0; i < sides[0]!.length; i++) {
      for (let j = 0; j < sides.length; j++) {
        const k = r % 2 ? sides.length - 1 - j : j;
        const p = sides[k]![i]!;
        if (r % (p.every ?? 1)) continue;
        await p.before?.();
        const t = performance.now();
        const res = await p.call();
        await res.arrayBuffer();
        const ms = performance.now() - t;
        if (res.status >= 300) throw new Error(`${p.name}: answered ${res.status}`);
        if (r >= WARM_ROUNDS) took[k]![i]!.push(ms);
      }
    }
  }
  return sides.map(
    (paths, k) =>
      new Map(
        paths.map((p, i) => {
          const xs = took[k]![i]!.sort((a, b) => a - b);
          return [p.name, { p50: percentile(xs, 50)!, p99: percentile(xs, 99)!, n: xs.length }];
        }),
      ),
  );
}

/** The hot paths of one customer, through the real app. */
async function customerPaths(app: App, exec: Exec, c: Customer): Promise<Path[]> {
  const json = { 'content-type': 'application/json' };
  const login = () =>
    app.request('/api/client/auth/login/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ login: c.email, password: PASSWORD }),
    });
  const first = await login();
  if (first.status !== 200) throw new Error(`sign-in of ${c.email}: ${first.status} ${await first.text()}`);
  const { access } = (await first.json()) as { access: string };
  let cookie = cookieOf(first);
  const auth = { authorization: `Bearer ${access}` };
  const get = (path: string) => () => app.request(path, { headers: auth });
  const bump = () =>
    exec(
      `update order_list_versions set version = nextval('order_list_version_seq') where user_id = ${c.id}`,
    );
  return [
    { name: 'sign-in (one scrypt)', call: login, every: 10 },
    {
      name: 'token refresh',
      call: async () => {
        const res = await app.request('/api/client/auth/token/refresh/', {
          method: 'POST',
          headers: { ...json, cookie },
          body: '{}',
        });
        cookie = cookieOf(res) ?? cookie;
        return res;
      },
    },
    { name: 'dashboard list + counters (active)', call: get('/api/client/orders/?tab=active'), before: bump },
    { name: 'dashboard list + counters (done)', call: get('/api/client/orders/?tab=done'), before: bump },
    {
      name: 'search ("маркетинг", done tab)',
      call: get(`/api/client/orders/?tab=done&search=${encodeURIComponent('маркетинг')}`),
      before: bump,
    },
    { name: 'one order', call: get(`/api/client/orders/${c.orderId}/`) },
    { name: 'chat page', call: get(`/api/client/orders/${c.orderId}/messages/`) },
    {
      name: 'chat post',
      call: () =>
        app.request(`/api/client/orders/${c.orderId}/messages/`, {
          method: 'POST',
          headers: { ...auth, ...json },
          body: JSON.stringify({ text: 'Проверка под нагрузкой', client_id: randomUUID() }),
        }),
    },
    { name: 'profile', call: get('/api/client/profile/') },
    { name: 'finances (balances)', call: get('/api/client/profile/status/') },
    { name: 'payment history', call: get('/api/client/payments/history/') },
  ];
}

function cookieOf(res: Response): string {
  const all = res.headers.getSetCookie();
  return all.map((c) => c.split(';')[0]).join('; ');
}

/** The staff funnel over 30 days by source (the report's first level), and one source's campaigns and partners. */
function staffFunnel(app: App, now: Date, source: string | null): Path {
  const day = (ms: number) => new Date(now.getTime() - ms).toISOString().slice(0, 10);
  const auth = { authorization: `Bearer ${testConfig().staffToken}` };
  const drill = source === null ? '' : `&source=${encodeURIComponent(source)}`;
  return {
    name: source === null ? 'staff funnel by source, 30 days' : 'staff funnel, one source, 30 days',
    call: () =>
      app.request(`/api/staff/analytics/funnel/?from=${day(29 * DAY_MS)}&to=${day(0)}${drill}`, {
        headers: auth,
      }),
  };
}

type Measured = Map<string, Figures>;

/** One database at one size, served by the real app in this process. */
interface Side {
  url: string;
  exec: Exec;
  deps: Deps;
  app: App;
  close(): Promise<void>;
}

async function openSide(url: string): Promise<Side> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const exec: Exec = async (q) => ({ rows: (await client.query(q)).rows as Record<string, unknown>[] });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-scale-files-'));
  const database = await openDatabase({ url });
  const config = testConfig({ dataDir });
  const storage = await createStorage(config);
  const realtime = await createRealtime(database);
  const deps: Deps = { config, database, db: database.db, realtime, storage, now: () => new Date() };
  return {
    url,
    exec,
    deps,
    app: createApp(deps),
    async close() {
      await realtime.close();
      await storage.close();
      await database.close();
      await client.end().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every path measured on one side: both customers' paths, the staff funnel by source, and the drill-down into the
 * source with the most sign-ups (the same source at both sizes: the data's hashes). `credited` is what the funnel's
 * 30 days hold there (its work grew with these rows, the service's volume, before the roll-ups).
 */
async function pathsOf(
  side: Side,
  who: { typical: Customer; heavy: Customer },
): Promise<{ paths: Path[]; credited: number }> {
  const paths: Path[] = [];
  for (const [label, c] of [
    ['typical', who.typical],
    ['heavy', who.heavy],
  ] as const)
    for (const p of await customerPaths(side.app, side.exec, c))
      paths.push({ ...p, name: `${p.name} — ${label}` });
  const f = staffFunnel(side.app, new Date(), null);
  type Report = {
    rows: { source: string; signups: number; first_orders: number; first_payments: number }[];
    others: { signups: number; first_orders: number; first_payments: number } | null;
  };
  const report = (await (await f.call()).json()) as Report;
  const credited = [...report.rows, ...(report.others ? [report.others] : [])].reduce(
    (n, r) => n + r.signups + r.first_orders + r.first_payments,
    0,
  );
  paths.push(f, staffFunnel(side.app, new Date(), report.rows[0]?.source ?? ''));
  return { paths, credited };
}

/** A PostgreSQL server to fill: BENCH_DATABASE_URL, or a cluster of our own under /tmp. */
async function postgres(): Promise<{ admin: string; close(): Promise<void>; where: string }> {
  const admin = process.env.BENCH_DATABASE_URL;
  if (admin) return { admin, close: async () => {}, where: 'BENCH_DATABASE_URL' };
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  chmodSync(dir, 0o755); // the cluster runs as `postgres`, which must reach its folder inside
  try {
    const cluster = await startPostgres(dir);
    // A bulk load: fewer checkpoints while it writes (these settings need no restart).
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    await c.query(`alter system set max_wal_size = '8GB'`);
    await c.query(`alter system set maintenance_work_mem = '512MB'`);
    await c.query(`alter system set synchronous_commit = off`);
    await c.query('select pg_reload_conf()');
    await c.end();
    return {
      admin: cluster.url,
      where: `a cluster of its own in ${dir}`,
      async close() {
        await cluster.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    if (err instanceof ClusterUnavailable)
      throw new NotAvailable(`PostgreSQL only: set BENCH_DATABASE_URL, or run as root (${err.message})`);
    throw err;
  }
}

export async function runScale(): Promise<SectionReport> {
  const server = await postgres();
  const notes: string[] = [`PostgreSQL: ${server.where}`];
  // BENCH_SCALE_KEEP=1 leaves the filled databases there, to read plans on them (drop them by hand afterwards).
  const keep = process.env.BENCH_SCALE_KEEP === '1';
  const made: { url: string; drop(): Promise<void> }[] = [];
  const sides: Side[] = [];
  try {
    const passwordHash = await hashPassword(PASSWORD);
    // BENCH_SCALE_REUSE=<small url>,<big url>: the databases a run with BENCH_SCALE_KEEP=1 left, measured again
    // without building (to try a change to a query or an index on them; the notes say so).
    const reuse = process.env.BENCH_SCALE_REUSE?.split(',');
    /** A database of its own with `to` customers, built from empty, vacuumed, and checkpointed. */
    const build = async (to: number) => {
      const url = reuse?.[to === SMALL ? 0 : 1];
      const temp = url ? { url, drop: async () => {} } : await tempPostgres(server.admin);
      made.push(temp);
      const side = await openSide(temp.url);
      sides.push(side);
      const t = performance.now();
      if (!url)
        await growTo(side.exec, {
          from: 0,
          to,
          passwordHash,
          now: new Date(),
          progress: (done) =>
            console.log(`  scale: ${done.toLocaleString('en')} of ${to.toLocaleString('en')} customers`),
        });
      else notes.push(`reused, not built: ${url}`);
      // The staff funnel's days, rolled over the whole history (growTo emptied them; so did a migration table's run).
      await rollUpFunnel(side.deps.db, new Date(), 100_000);
      const s = (performance.now() - t) / 1000;
      // A database in its steady state: the visibility map set (index-only scans read no heap), so autovacuum has
      // no bulk load left to work through while the paths are timed, and the dirty pages written out.
      const v = performance.now();
      await side.exec('vacuum (analyze)');
      await side.exec('checkpoint');
      const vs = (performance.now() - v) / 1000;
      const size = Number((await side.exec(`select pg_database_size(current_database()) as b`)).rows[0]!.b);
      const rows = await countRows(side.exec);
      notes.push(
        `${to.toLocaleString('en')} customers: built in ${s.toFixed(0)} s, vacuumed in ${vs.toFixed(0)} s, ` +
          `database ${(size / 2 ** 30).toFixed(2)} GB; rows: ` +
          Object.entries(rows)
            .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
            .join(', '),
      );
      if (keep) notes.push(`kept: ${temp.url}`);
      return { side, s, size, rows };
    };

    const small = await build(SMALL);
    const big = SMALL < BIG ? await build(BIG) : small;
    const bySide = [small.side, big.side];
    // The same customers in both: the data's hashes give customer i the same rows at any size.
    const who = await Promise.all(bySide.map((s) => pickCustomers(s.exec, SMALL)));
    notes.push(
      `typical customer #${who[0]!.typical.id}: ${who[0]!.typical.orders} orders, chat of ${who[0]!.typical.messages} messages; ` +
        `heavy customer #${who[0]!.heavy.id}: ${who[0]!.heavy.orders} orders, chat of ${who[0]!.heavy.messages} messages`,
    );
    const jobsSmall = await timeJobs(small.side.deps, small.side.exec);
    const jobsBig = SMALL < BIG ? await timeJobs(big.side.deps, big.side.exec) : jobsSmall;
    const measured = await Promise.all(bySide.map((s, i) => pathsOf(s, who[i]!)));
    const [atSmall, atBig] = (await measureInRounds(
      measured.map((m) => m.paths),
      REPEAT,
    )) as [Measured, Measured];
    // The last migrations, undone and applied again on the big data set while writers write (issue 37 part 2).
    const migrations =
      process.env.BENCH_SCALE_MIGRATIONS === '0' ? [] : await measureMigrationLocks(big.side.url, MIGRATIONS);

    const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
    const tables: Table[] = [
      {
        title:
          `Hot paths at ${SMALL.toLocaleString('en')} and ${BIG.toLocaleString('en')} customers (in process, ms; ` +
          `${REPEAT} rounds, each timing every path once on each database, sign-in every 10th)`,
        columns: [
          'path — customer',
          `p50 ${k(SMALL)}`,
          `p99 ${k(SMALL)}`,
          `p50 ${k(BIG)}`,
          `p99 ${k(BIG)}`,
          'p99 ratio',
          'goal',
          'verdict',
        ],
        rows: [...atSmall.entries()].map(([name, s]) => {
          const b = atBig.get(name)!;
          const ratio = b.p99 / s.p99;
          return [
            name,
            fmt(s.p50, 2),
            fmt(s.p99, 2),
            fmt(b.p50, 2),
            fmt(b.p99, 2),
            `${ratio.toFixed(2)}×`,
            '≤ 1.5×',
            judge(ratio, RATIO),
          ];
        }),
      },
      {
        title: 'Recurring jobs: one pass each (ms)',
        columns: ['job', k(SMALL), k(BIG), 'goal', 'verdict'],
        rows: jobsSmall.map((j, i) => {
          const b: JobTiming = jobsBig[i]!;
          const shown = (ms: number | null) => (ms === null ? 'n/a (no such job)' : fmt(ms, 1));
          return [j.name, shown(j.ms), shown(b.ms), '≤ 100 ms', judge(b.ms, { op: '<=', limit: 100 })];
        }),
      },
    ];
    if (migrations.length)
      tables.push({
        title: `Migrations on ${BIG.toLocaleString('en')} customers: each in its transaction, as the server applies them, while a writer per table writes every ~10 ms (longest write, ms)`,
        columns: ['migration', 'took (s)', 'big tables locked against writes', ...WRITTEN],
        rows: migrations.map((m) => [
          m.name,
          fmt(m.ms / 1000, 1),
          m.locked.length ? m.locked.join('; ') : 'none',
          ...WRITTEN.map((t) => fmt(m.stalls.longest[t] ?? 0, 0)),
        ]),
      });
    notes.push(
      `the staff funnel's 30 days credit ${measured.map((m) => m.credited.toLocaleString('en')).join(' and ')} rows at the two sizes`,
    );
    notes.push(
      `per customer: ${Object.entries(PER_CUSTOMER)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')} (targets; the rows above are the counts made)`,
    );
    return {
      section: 'scale',
      at: new Date().toISOString(),
      status: statusOf(tables),
      tables,
      notes,
      data: {
        small: SMALL,
        big: BIG,
        buildSmallS: small.s,
        buildBigS: big.s,
        sizeBigBytes: big.size,
        rowsBig: big.rows,
        figures: Object.fromEntries(
          [...atSmall.entries()].map(([name, s]) => [name, { small: s, big: atBig.get(name) }]),
        ),
        jobs: Object.fromEntries(jobsSmall.map((j, i) => [j.name, { small: j.ms, big: jobsBig[i]!.ms }])),
        migrations,
      },
    };
  } finally {
    for (const s of sides) await s.close();
    if (!keep) for (const m of made) await m.drop().catch(() => {});
    await server.close();
  }
}
