// Data growth (issue 37): do the hot paths cost the same when the database holds 100× the customers? PostgreSQL only.
//
// A database made by the real migrations is filled in SQL (bench/lib/scale-data.ts) with BENCH_SCALE_SMALL customers
// (default 10 000), the hot paths are measured through the real server code (createApp in process, app.request: no
// sockets, so the figures are server and database time) for a typical customer (3 orders) and the heavy one (the most
// orders among the first 10 000); then the same database grows to BENCH_SCALE_CUSTOMERS (default 1 000 000; orders
// 10×, chat messages 30×, payments 5×, page views 20× of that) and the same customers are measured again.
// Goal: every path's p99 at the big size ≤ 1.5× its p99 at the small size.
//
// PostgreSQL: BENCH_DATABASE_URL (a throw-away database is made on that server and dropped), else a throw-away
// cluster under /tmp (scripts/cluster/postgres.ts: root and PostgreSQL 15's binaries), removed afterwards.
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../server/db/client';
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
const REPEAT = Number(process.env.BENCH_SCALE_REPEAT ?? 200);
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
];
const WRITTEN = ['orders', 'payments', 'users', 'chat_messages', 'page_views'];

interface Path {
  name: string;
  /** One request; `before` runs untimed first (a fresh list stamp, so the list is built, not served from cache). */
  call(): Response | Promise<Response>;
  before?(): Promise<unknown>;
  /** Fewer repeats for the slow ones (a sign-in is one scrypt). */
  repeat?: number;
}

interface Figures {
  p50: number;
  p99: number;
}

async function measure(p: Path): Promise<Figures> {
  const n = p.repeat ?? REPEAT;
  const warm = Math.min(20, Math.ceil(n / 5));
  const took: number[] = [];
  for (let i = 0; i < warm + n; i++) {
    await p.before?.();
    const t = performance.now();
    const res = await p.call();
    await res.arrayBuffer();
    const ms = performance.now() - t;
    if (res.status >= 300) throw new Error(`${p.name}: answered ${res.status}`);
    if (i >= warm) took.push(ms);
  }
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 50)!, p99: percentile(took, 99)! };
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
    { name: 'sign-in (one scrypt)', call: login, repeat: Math.max(20, Math.round(REPEAT / 10)) },
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

/** Sign-ups, first orders and first payments in the funnel's 30 days, at each size measured. */
const funnelRows: number[] = [];

export async function measureAll(
  app: App,
  exec: Exec,
  who: { typical: Customer; heavy: Customer },
): Promise<Measured> {
  const out: Measured = new Map();
  for (const [label, c] of [
    ['typical', who.typical],
    ['heavy', who.heavy],
  ] as const)
    for (const p of await customerPaths(app, exec, c)) out.set(`${p.name} — ${label}`, await measure(p));
  const f = staffFunnel(app, new Date(), null);
  out.set(f.name, await measure(f));
  // What the funnel's 30 days hold: its work grew with these rows (the service's volume) before the roll-ups.
  type Report = {
    rows: { source: string; signups: number; first_orders: number; first_payments: number }[];
    others: { signups: number; first_orders: number; first_payments: number } | null;
  };
  const report = (await (await f.call()).json()) as Report;
  funnelRows.push(
    [...report.rows, ...(report.others ? [report.others] : [])].reduce(
      (n, r) => n + r.signups + r.first_orders + r.first_payments,
      0,
    ),
  );
  // The drill-down into the source with the most sign-ups (the same source at both sizes: the data's hashes).
  const top = report.rows[0]?.source ?? '';
  const d = staffFunnel(app, new Date(), top);
  out.set(d.name, await measure(d));
  return out;
}

/** A PostgreSQL to fill: a throw-away database on BENCH_DATABASE_URL, or a cluster of our own under /tmp. */
async function postgres(): Promise<{ url: string; close(): Promise<void>; where: string }> {
  const admin = process.env.BENCH_DATABASE_URL;
  if (admin) {
    const temp = await tempPostgres(admin);
    // BENCH_SCALE_KEEP=1 leaves the filled database there, to read plans on it (drop it by hand afterwards).
    if (process.env.BENCH_SCALE_KEEP === '1')
      return { url: temp.url, close: async () => {}, where: `BENCH_DATABASE_URL, kept: ${temp.url}` };
    return { url: temp.url, close: temp.drop, where: 'BENCH_DATABASE_URL' };
  }
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
      url: cluster.url,
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
  const client = new pg.Client({ connectionString: server.url });
  let database: Database | undefined;
  let deps: Deps | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-scale-files-'));
  try {
    await client.connect();
    const exec: Exec = async (q) => ({ rows: (await client.query(q)).rows as Record<string, unknown>[] });
    database = await openDatabase({ url: server.url });
    const config = testConfig({ dataDir });
    const storage = await createStorage(config);
    const realtime = await createRealtime(database);
    deps = { config, database, db: database.db, realtime, storage, now: () => new Date() };
    const app = createApp(deps);
    const { db } = deps;
    const passwordHash = await hashPassword(PASSWORD);

    const build = async (from: number, to: number) => {
      const t = performance.now();
      await growTo(exec, {
        from,
        to,
        passwordHash,
        now: new Date(),
        progress: (done) => console.log(`  scale: ${done.toLocaleString('en')} customers`),
      });
      // The staff funnel's days, rolled again over the whole history (growTo emptied them).
      await rollUpFunnel(db, new Date(), 100_000);
      const s = (performance.now() - t) / 1000;
      const size = Number((await exec(`select pg_database_size(current_database()) as b`)).rows[0]!.b);
      const rows = await countRows(exec);
      notes.push(
        `${to.toLocaleString('en')} customers: built in ${s.toFixed(0)} s (${from ? 'grown' : 'from empty'}), ` +
          `database ${(size / 2 ** 30).toFixed(2)} GB; rows: ` +
          Object.entries(rows)
            .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
            .join(', '),
      );
      return { s, size, rows };
    };

    const small = await build(0, SMALL);
    const who = await pickCustomers(exec, SMALL);
    notes.push(
      `typical customer #${who.typical.id}: ${who.typical.orders} orders, chat of ${who.typical.messages} messages; ` +
        `heavy customer #${who.heavy.id}: ${who.heavy.orders} orders, chat of ${who.heavy.messages} messages`,
    );
    const atSmall = await measureAll(app, exec, who);
    const jobsSmall = await timeJobs(deps, exec);
    const big = SMALL < BIG ? await build(SMALL, BIG) : small;
    const atBig = SMALL < BIG ? await measureAll(app, exec, who) : atSmall;
    const jobsBig = SMALL < BIG ? await timeJobs(deps, exec) : jobsSmall;
    // The last migrations, undone and applied again on the big data set while writers write (issue 37 part 2).
    const migrations =
      process.env.BENCH_SCALE_MIGRATIONS === '0' ? [] : await measureMigrationLocks(server.url, MIGRATIONS);

    const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
    const tables: Table[] = [
      {
        title: `Hot paths at ${SMALL.toLocaleString('en')} and ${BIG.toLocaleString('en')} customers (in process, ms, ${REPEAT} sequential requests; sign-in fewer)`,
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
      `the staff funnel's 30 days credit ${funnelRows.map((n) => n.toLocaleString('en')).join(' and ')} rows at the two sizes`,
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
    await deps?.realtime.close();
    await deps?.storage.close();
    await database?.close();
    await client.end().catch(() => {});
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
