// Load shedding under a flood (issue 34, docs/faults.md "Load shedding"): the real server in a child process (PGlite
// of its own; BENCH_DATABASE_URL = postgres://… a throw-away database on that server), once with shedding off
// (SHED_LOAD=0) and once with the defaults. autocannon floods an anonymous GET that reads the database (is this
// password-restore link alive? 404 for a made-up one; BENCH_FLOOD_PATH another) from FLOOD_CONNECTIONS connections
// (300 by default: three times SHED_MAX_IN_FLIGHT, a flood past the limit rather than at it); meanwhile GET /healthz
// and the signed-in demo customer's GET of an order are each probed one after another (5 ms apart). Figures: each probe's p99 alone and during the flood, the flood's answers per second and the
// share refused with 503.
import autocannon from 'autocannon';
import { firstOrderId, loginDemo, startChild, tempPostgres } from './lib/server';
import { figureRow, percentile, statusOf, type Goal, type SectionReport, type Table } from './lib/report';

const FLOOD_PATH = process.env.BENCH_FLOOD_PATH ?? '/api/client/auth/password_change/no-such-link/';
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 300);
const FLOOD_S = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const GOALS = {
  health: { op: '<=', limit: 50, unit: 'ms' } satisfies Goal,
  order: { op: '<=', limit: 100, unit: 'ms' } satisfies Goal,
};

interface Probe {
  p99: number | null;
  count: number;
  /** Answers other than 200. */
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
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) failed++;
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

interface Run {
  kind: string;
  healthAlone: Probe;
  orderAlone: Probe;
  health: Probe;
  order: Probe;
  perSecond: number;
  refusedShare: number;
  serverCpu: number | null;
}

async function run(shedding: boolean, databaseUrl: string | undefined): Promise<Run> {
  const server = await startChild({
    ...(databaseUrl && { databaseUrl }),
    env: { SHED_LOAD: shedding ? '1' : '0' },
  });
  try {
    const { access } = await loginDemo(server.url);
    const order = `${server.url}/api/client/orders/${await firstOrderId(server.url, access)}/`;
    const health = `${server.url}/healthz`;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await Promise.all([probe(health, sleep(1000)), probe(order, sleep(1000), access)]); // warm-up
    const alone = sleep(3000);
    const [healthAlone, orderAlone] = await Promise.all([probe(health, alone), probe(order, alone, access)]);

    const cpuBefore = server.cpuS();
    const loaded = autocannon({
      url: server.url + FLOOD_PATH,
      connections: FLOOD_CONNECTIONS,
      duration: FLOOD_S,
    });
    const [healthFlood, orderFlood, result] = await Promise.all([
      probe(health, loaded),
      probe(order, loaded, access),
      loaded,
    ]);
    const cpuAfter = server.cpuS();
    const answered = Object.values(result.statusCodeStats ?? {}).reduce((n, s) => n + s.count, 0);
    return {
      kind: server.kind,
      healthAlone,
      orderAlone,
      health: healthFlood,
      order: orderFlood,
      perSecond: answered / result.duration,
      refusedShare: answered ? (result.statusCodeStats?.['503']?.count ?? 0) / answered : 0,
      serverCpu: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.duration,
    };
  } finally {
    await server.stop();
  }
}

export async function runFlood(): Promise<SectionReport> {
  const admin = process.env.BENCH_DATABASE_URL;
  const temp = admin ? await tempPostgres(admin) : undefined;
  const notes: string[] = [];
  try {
    const off = await run(false, temp?.url);
    const on = await run(true, temp?.url);
    for (const [name, r] of [
      ['off', off],
      ['on', on],
    ] as const) {
      const failed = r.healthAlone.failed + r.orderAlone.failed + r.health.failed + r.order.failed;
      if (failed) notes.push(`shedding ${name}: ${failed} probes answered other than 200`);
    }
    const pair = (
      label: string,
      pick: (r: Run) => number | null,
      unit: string,
      goal?: Goal,
      digits?: number,
    ) => [
      figureRow(`${label}, shedding off`, pick(off), unit, goal, digits),
      figureRow(`${label}, shedding on`, pick(on), unit, goal, digits),
    ];
    const tables: Table[] = [
      {
        title: `Flood of GET ${FLOOD_PATH} (anonymous), ${FLOOD_CONNECTIONS} connections for ${FLOOD_S} s (autocannon), against the server in a child process (${on.kind}), with load shedding off (SHED_LOAD=0) and on (the defaults)`,
        columns: ['figure', 'value', 'goal', 'verdict'],
        rows: [
          ...pair('GET /healthz alone, p99', (r) => r.healthAlone.p99, 'ms'),
          ...pair('GET /healthz during the flood, p99', (r) => r.health.p99, 'ms', GOALS.health),
          ...pair('signed-in GET of an order alone, p99', (r) => r.orderAlone.p99, 'ms'),
          ...pair('signed-in GET of an order during the flood, p99', (r) => r.order.p99, 'ms', GOALS.order),
          ...pair('flood answers per second', (r) => r.perSecond, '/s', undefined, 0),
          ...pair('flood answers refused (503), share', (r) => r.refusedShare * 100, '%', undefined, 0),
          ...pair('server CPU during the flood (cores)', (r) => r.serverCpu, '', undefined, 2),
        ],
      },
    ];
    return {
      section: 'flood',
      at: new Date().toISOString(),
      status: statusOf(tables),
      tables,
      notes,
      data: { off, on },
    };
  } finally {
    await temp?.drop();
  }
}
