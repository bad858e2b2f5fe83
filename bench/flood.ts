// Load shedding under a flood (issue 34, docs/faults.md "Load shedding"): the real server in a child process, once
// with shedding off (SHED_LOAD=0) and once with the defaults (or the SHED_* settings of the bench's environment).
// autocannon floods an anonymous GET that reads the database (is this password-restore link alive? 404 for a made-up
// one; BENCH_FLOOD_PATH another) from FLOOD_CONNECTIONS connections; meanwhile GET /healthz, GET /readyz and the
// signed-in demo customer's GET of an order are each probed one after another (5 ms apart). Two cases:
// - PGlite (a database of its own): the flooded GET is cheap, the flood is one of requests, not of slow ones;
// - PostgreSQL (BENCH_DATABASE_URL = postgres://…, a throw-away database on that server): the flooded GET is slow in
//   the database. The bench's own connection holds an ACCESS EXCLUSIVE lock on the table that GET reads
//   (one_time_tokens) for the whole flood, as a schema change, a VACUUM FULL or a REINDEX does, so each flooded
//   request holds a pooled connection while it waits, and the rest wait for the pool. The signed-in order GET and
//   the probes read other tables: whatever they wait for is the pool, not the lock.
// Figures: each probe's p99 alone and during the flood and its answers other than 200, the flood's answers per
// second and the share refused with 503, the server's CPU.
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { firstOrderId, loginDemo, startChild, tempPostgres } from './lib/server';
import { figureRow, percentile, statusOf, type Goal, type SectionReport, type Table } from './lib/report';

const FLOOD_PATH = process.env.BENCH_FLOOD_PATH ?? '/api/client/auth/password_change/no-such-link/';
/** The table FLOOD_PATH reads, locked in the PostgreSQL case (BENCH_FLOOD_LOCK= empty: none, a cheap flood). */
const LOCKED_TABLE = process.env.BENCH_FLOOD_LOCK ?? 'one_time_tokens';
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 300);
const FLOOD_S = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const GOALS = {
  health: { op: '<=', limit: 50, unit: 'ms' } satisfies Goal,
  ready: { op: '<=', limit: 100, unit: 'ms' } satisfies Goal,
  order: { op: '<=', limit: 100, unit: 'ms' } satisfies Goal,
  failed: { op: '<=', limit: 0, unit: '%' } satisfies Goal,
};

interface Probe {
  p99: number | null;
  count: number;
  /** Answers other than 200 (or none in 15 s). */
  failed: number;
}

/** GET `path` one after another (5 ms apart) until `until` resolves: the p99 of what each took. */
async function probe(url: string, until: Promise<unknown>, token?: string): Promise<Probe> {
  let done = false;
  void Promise.resolve(until).finally(() => (done = true));
  const times: number[] = [];
  let failed = 0;
  while (!done) {
    const t = performance.now();
    try {
      const res = await fetch(url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(15_000),
      });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
    } catch {
      failed++;
    }
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 5));
  }
  return {
    p99: percentile(
      times.sort((a, b) => a - b),
      99,
    ),
    count: times.length,
    failed,
  };
}

interface Probes {
  health: Probe;
  ready: Probe;
  order: Probe;
}

export interface Run {
  kind: string;
  alone: Probes;
  flood: Probes;
  perSecond: number;
  refusedShare: number;
  serverCpu: number | null;
}

/** Holds an ACCESS EXCLUSIVE lock on `table` from a connection of the bench's own until `release`. */
async function holdLock(databaseUrl: string, table: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in access exclusive mode`);
  return {
    async release() {
      await client.query('commit');
      await client.end();
    },
  };
}

/** One run: the server started (shedding off or on), the probes alone, then during the flood. */
export async function run(shedding: boolean, databaseUrl: string | undefined): Promise<Run> {
  const server = await startChild({
    ...(databaseUrl && { databaseUrl }),
    env: { SHED_LOAD: shedding ? '1' : '0' },
  });
  try {
    const { access } = await loginDemo(server.url);
    const order = `${server.url}/api/client/orders/${await firstOrderId(server.url, access)}/`;
    const health = `${server.url}/healthz`;
    const ready = `${server.url}/readyz`;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const probes = async (until: Promise<unknown>): Promise<Probes> => {
      const [h, r, o] = await Promise.all([
        probe(health, until),
        probe(ready, until),
        probe(order, until, access),
      ]);
      return { health: h, ready: r, order: o };
    };
    await probes(sleep(1000)); // warm-up
    const alone = await probes(sleep(3000));

    const lock = databaseUrl && LOCKED_TABLE ? await holdLock(databaseUrl, LOCKED_TABLE) : undefined;
    const cpuBefore = server.cpuS();
    let result: Result;
    let flood: Probes;
    try {
      const loaded = autocannon({
        url: server.url + FLOOD_PATH,
        connections: FLOOD_CONNECTIONS,
        duration: FLOOD_S,
      });
      [flood, result] = await Promise.all([probes(loaded), loaded]);
    } finally {
      await lock?.release();
    }
    const cpuAfter = server.cpuS();
    const answered = Object.values(result.statusCodeStats ?? {}).reduce((n, s) => n + s.count, 0);
    return {
      kind: server.kind,
      alone,
      flood,
      perSecond: answered / result.duration,
      refusedShare: answered ? (result.statusCodeStats?.['503']?.count ?? 0) / answered : 0,
      serverCpu: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.duration,
    };
  } finally {
    await server.stop();
  }
}

const share = (p: Probe) => (p.count ? (p.failed / p.count) * 100 : null);

function table(title: string, off: Run, on: Run, notes: string[], label: string): Table {
  for (const [name, r] of [
    ['off', off],
    ['on', on],
  ] as const) {
    const failedAlone = r.alone.health.failed + r.alone.ready.failed + r.alone.order.failed;
    if (failedAlone)
      notes.push(
        `${label}, shedding ${name}: ${failedAlone} probes answered other than 200 before the flood`,
      );
  }
  const pair = (
    name: string,
    pick: (r: Run) => number | null,
    unit: string,
    goal?: Goal,
    digits?: number,
  ) => [
    figureRow(`${name}, shedding off`, pick(off), unit, goal, digits),
    figureRow(`${name}, shedding on`, pick(on), unit, goal, digits),
  ];
  return {
    title,
    columns: ['figure', 'value', 'goal', 'verdict'],
    rows: [
      ...pair('GET /healthz alone, p99', (r) => r.alone.health.p99, 'ms'),
      ...pair('GET /healthz during the flood, p99', (r) => r.flood.health.p99, 'ms', GOALS.health),
      ...pair('GET /readyz alone, p99', (r) => r.alone.ready.p99, 'ms'),
      ...pair('GET /readyz during the flood, p99', (r) => r.flood.ready.p99, 'ms', GOALS.ready),
      ...pair(
        'GET /readyz during the flood, answers not 200',
        (r) => share(r.flood.ready),
        '%',
        GOALS.failed,
      ),
      ...pair('signed-in GET of an order alone, p99', (r) => r.alone.order.p99, 'ms'),
      ...pair('signed-in GET of an order during the flood, p99', (r) => r.flood.order.p99, 'ms', GOALS.order),
      ...pair(
        'signed-in GET of an order during the flood, answers not 200',
        (r) => share(r.flood.order),
        '%',
        GOALS.failed,
      ),
      ...pair('flood answers per second', (r) => r.perSecond, '/s', undefined, 0),
      ...pair('flood answers refused (503), share', (r) => r.refusedShare * 100, '%', undefined, 0),
      ...pair('server CPU during the flood (cores)', (r) => r.serverCpu, '', undefined, 2),
    ],
  };
}

export async function runFlood(): Promise<SectionReport> {
  const notes: string[] = [];
  const tables: Table[] = [];
  const data: Record<string, { off: Run; on: Run }> = {};
  const flood = `GET ${FLOOD_PATH} (anonymous), ${FLOOD_CONNECTIONS} connections for ${FLOOD_S} s (autocannon), against the server in a child process`;
  const ab = 'with load shedding off (SHED_LOAD=0) and on (the defaults)';

  if (process.env.BENCH_FLOOD_PGLITE !== '0') {
    const off = await run(false, undefined);
    const on = await run(true, undefined);
    data.pglite = { off, on };
    tables.push(table(`A cheap flood: ${flood} (${on.kind}), ${ab}`, off, on, notes, 'PGlite'));
  }

  const admin = process.env.BENCH_DATABASE_URL;
  if (admin) {
    const temp = await tempPostgres(admin);
    try {
      const off = await run(false, temp.url);
      const on = await run(true, temp.url);
      data.postgres = { off, on };
      tables.push(
        table(
          LOCKED_TABLE
            ? `A flood slow in the database: ${flood} (${on.kind}), while the bench holds an ACCESS EXCLUSIVE lock on ${LOCKED_TABLE}, the table that GET reads, ${ab}`
            : `A cheap flood: ${flood} (${on.kind}), ${ab}`,
          off,
          on,
          notes,
          'PostgreSQL',
        ),
      );
    } finally {
      await temp.drop();
    }
  } else notes.push('no BENCH_DATABASE_URL: the case slow in PostgreSQL was not run');

  return {
    section: 'flood',
    at: new Date().toISOString(),
    status: statusOf(tables),
    tables,
    notes,
    data,
  };
}
