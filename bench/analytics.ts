// Attribution and page views (issue 27) at scale, in process on a fresh database (PGlite in memory; BENCH_DATABASE_URL
// = postgres://… runs it on a PostgreSQL server instead, in a throw-away database of its own):
//   1 000 000 raw page views over 120 days (30 route names, 40 referrers), 20 000 customers with a first touch and
//   an order each, 10 000 of them paid.
// Figures (median of 5 runs each):
//   page views, 30 days, raw      the staff report before any roll-up (every row read through page_views_at_idx)
//   roll-up                       the daily roll-up job's first run (all whole days), and a second run (nothing new)
//   page views, 30 days           the staff report once rolled up (the roll-up's rows + today's raw ones)
//   funnel, 30 days               the staff funnel (first touch) and with touch=last
//   collector                     POST batches of 10 page views to the real server in a child process (autocannon, 50
//                                 connections, from many addresses): accepted per second, and what a GET /api/health
//                                 took alone and during the flood (p99)
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import autocannon from 'autocannon';
import { startChild, tempPostgres } from './lib/server';
import { ROLLUP_BATCH, rollUpPageViews } from '../server/domain/page-views';
import { funnel, pageViewReport } from '../server/domain/analytics-reports';
import { figureRow, percentile, statusOf, type Goal, type SectionReport, type Table } from './lib/report';

const VIEWS = Number(process.env.BENCH_PAGE_VIEWS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_ATTRIBUTED_CUSTOMERS ?? 20_000);
const DAY_MS = 86_400_000;
const GOALS = {
  report: { op: '<=', limit: 200, unit: 'ms' } satisfies Goal,
  funnel: { op: '<=', limit: 500, unit: 'ms' } satisfies Goal,
  health: { op: '<=', limit: 50, unit: 'ms' } satisfies Goal,
};

const FLOOD_CONNECTIONS = 50;
const FLOOD_S = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);

/** GET /api/health one after another (5 ms apart) until `until` resolves: the p99 of what each took. */
async function probeHealth(base: string, until: Promise<unknown>): Promise<number | null> {
  let done = false;
  void Promise.resolve(until).finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 5));
  }
  return percentile(
    times.sort((a, b) => a - b),
    99,
  );
}

/**
 * The collector under a flood: the real server (the database at `databaseUrl`, else PGlite of its own), autocannon
 * POSTing batches of 10 page views from many addresses (the per-address limit is 60 a minute, behind one trusted
 * proxy), and the health check probed meanwhile — and alone before, for comparison.
 */
async function flood(databaseUrl: string | undefined) {
  const server = await startChild({ ...(databaseUrl && { databaseUrl }), env: { TRUST_PROXY: '1' } });
  try {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await probeHealth(server.url, sleep(1000)); // warm-up
    const idleP99 = await probeHealth(server.url, sleep(3000));
    const body = JSON.stringify({
      events: Array.from({ length: 10 }, (_, i) => ({
        type: 'pageView',
        title: `Route${i}`,
        referrer: '/home',
        path: `/route/${i}`,
      })),
    });
    let n = 0;
    const cpuBefore = server.cpuS();
    const loaded = autocannon({
      url: server.url,
      connections: FLOOD_CONNECTIONS,
      duration: FLOOD_S,
      requests: [
        {
          method: 'POST',
          path: '/api/client/analytics/events/',
          headers: { 'content-type': 'application/json' },
          body,
          setupRequest: (req) => {
            const i = n++;
            return {
              ...req,
              headers: {
                ...req.headers,
                'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
              },
            };
          },
        },
      ],
    });
    const floodP99 = await probeHealth(server.url, loaded);
    const result = await loaded;
    const cpuAfter = server.cpuS();
    return {
      kind: server.kind,
      serverCpu: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.duration,
      perSecond: (result.statusCodeStats?.['202']?.count ?? 0) / result.duration,
      errors: result.errors + result.non2xx,
      idleP99,
      floodP99,
    };
  } finally {
    await server.stop();
  }
}

async function timed<T>(fn: () => Promise<T>, runs = 5): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    value = await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, value };
}

/** PGlite in memory, or a throw-away database on the PostgreSQL at BENCH_DATABASE_URL. */
async function open(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) return { database: await openDatabase({}), drop: async () => {} };
  const temp = await tempPostgres(admin);
  return { database: await openDatabase({ url: temp.url }), url: temp.url, drop: temp.drop };
}

async function fill(database: Database, now: Date) {
  const db = database.db;
  const t0 = performance.now();
  const nowIso = now.toISOString();
  // Raw page views, newest up to now, in chunks (PGlite holds a statement's rows in memory).
  for (let done = 0; done < VIEWS; done += 200_000) {
    const n = Math.min(200_000, VIEWS - done);
    await db.execute(sql`
      insert into page_views (at, kind, name, path, referrer, user_id)
      select ${nowIso}::timestamptz - (random() * interval '120 days'),
        case when i % 50 = 0 then 'goal' else 'view' end,
        'Route' || (i % 30), '/route/' || (i % 30), '/route/' || (i % 40), null
      from generate_series(1, ${n}) as i`);
  }
  await db.execute(sql`
    insert into users (email, password_hash, created_at)
    select 'bench-' || i || '@example.com', 'x', ${nowIso}::timestamptz - (random() * interval '120 days')
    from generate_series(1, ${CUSTOMERS}) as i`);
  await db.execute(sql`
    insert into customer_origins (user_id, source, campaign, partner, touched_at)
    select id, 'source' || (id % 10), 'campaign' || (id % 50), case when id % 3 = 0 then 'p' || (id % 100) else '' end,
      created_at from users`);
  await db.execute(sql`
    insert into orders (user_id, work_type, topic, deadline, price, created_at, updated_at)
    select id, 'Реферат', 'Тема', created_at + interval '30 days', 1000 + id % 5000, created_at + interval '1 hour',
      created_at + interval '1 hour' from users`);
  await db.execute(sql`
    insert into order_origins (order_id, source, campaign, partner, touched_at)
    select o.id, co.source, co.campaign, co.partner, o.created_at
    from orders o join customer_origins co on co.user_id = o.user_id`);
  await db.execute(sql`
    insert into payments (user_id, purpose, method, amount, status, provider_payment_id, order_id, created_at, completed_at)
    select user_id, 'order', 'card', price, 'paid', 'bench-' || id, id, created_at + interval '2 hours',
      created_at + interval '2 hours'
    from orders where id % 2 = 0`);
  await db.execute(sql`analyze`);
  return performance.now() - t0;
}

export async function runAnalytics(): Promise<SectionReport> {
  const now = new Date();
  const { database, url, drop } = await open();
  const notes: string[] = [];
  try {
    const fillMs = await fill(database, now);
    notes.push(
      `${VIEWS.toLocaleString('en')} page views and ${CUSTOMERS.toLocaleString('en')} customers made in ${(fillMs / 1000).toFixed(0)} s on ${database.kind}`,
    );
    const day = (ms: number) => new Date(now.getTime() - ms).toISOString().slice(0, 10);
    const range = { from: day(29 * DAY_MS), to: day(0) };
    const db = database.db;

    const raw = await timed(() => pageViewReport(db, range));
    // A pass counts ROLLUP_BATCH rows; the report must be the same after it (a day partly counted) and once the
    // backlog is counted (untimed, in big passes).
    const roll = await timed(() => rollUpPageViews(db, now, 365), 1);
    if (JSON.stringify(await pageViewReport(db, range)) !== JSON.stringify(raw.value))
      notes.push('MISMATCH: the report after one pass differs from the raw one');
    while ((await rollUpPageViews(db, now, 365, 100_000)).counted > 0);
    const again = await timed(() => rollUpPageViews(db, now, 365), 1);
    const rolled = await timed(() => pageViewReport(db, range));
    if (JSON.stringify(rolled.value) !== JSON.stringify(raw.value))
      notes.push('MISMATCH: the rolled-up report differs from the raw one');
    const first = await timed(() => funnel(db, { ...range, touch: 'first' }));
    const last = await timed(() => funnel(db, { ...range, touch: 'last' }));

    // The collector under a flood, against the real server in a child process (on PostgreSQL the database just
    // filled; on PGlite a database of the child's own): GET /api/health alone first, then during the flood.
    const flooded = await flood(url);
    if (flooded.errors) notes.push(`${flooded.errors} flood requests failed (errors or non-2xx)`);

    const tables: Table[] = [
      {
        title: `Reports on ${VIEWS.toLocaleString('en')} page views (${database.kind}, median of 5)`,
        columns: ['figure', 'value', 'goal', 'verdict'],
        rows: [
          figureRow('page views, 30 days, raw (no roll-up)', raw.ms, 'ms'),
          figureRow(
            `roll-up, a pass in the backlog (${ROLLUP_BATCH.toLocaleString('en')} rows)`,
            roll.ms,
            'ms',
          ),
          figureRow('roll-up, next pass (caught up)', again.ms, 'ms'),
          figureRow('page views, 30 days, rolled up', rolled.ms, 'ms', GOALS.report),
          figureRow(
            `funnel, 30 days, first touch (${CUSTOMERS.toLocaleString('en')} customers)`,
            first.ms,
            'ms',
            GOALS.funnel,
          ),
          figureRow('funnel, 30 days, last touch', last.ms, 'ms', GOALS.funnel),
        ],
      },
      {
        title: `Collector flood: batches of 10 page views, ${FLOOD_CONNECTIONS} connections for ${FLOOD_S} s (autocannon), against the server in a child process (${flooded.kind})`,
        columns: ['figure', 'value', 'goal', 'verdict'],
        rows: [
          figureRow('batches accepted per second', flooded.perSecond, '/s', undefined, 0),
          figureRow('GET /api/health alone, p99', flooded.idleP99, 'ms'),
          figureRow('GET /api/health during the flood, p99', flooded.floodP99, 'ms', GOALS.health),
          figureRow('server CPU during the flood (cores)', flooded.serverCpu, '', undefined, 2),
        ],
      },
    ];
    return {
      section: 'analytics',
      at: new Date().toISOString(),
      status: statusOf(tables),
      tables,
      notes,
      data: {
        views: VIEWS,
        rawReportMs: raw.ms,
        rollUpMs: roll.ms,
        rolledReportMs: rolled.ms,
        funnelFirstMs: first.ms,
        funnelLastMs: last.ms,
        batchesPerSecond: flooded.perSecond,
        healthIdleP99Ms: flooded.idleP99,
        healthP99Ms: flooded.floodP99,
      },
    };
  } finally {
    await database.close();
    await drop();
  }
}
