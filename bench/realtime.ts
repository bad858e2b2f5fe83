// Real time at 10 000 sockets on one instance (issue 37): the server in a child process with its open-files limit
// raised, the WebSocket clients in worker processes of their own (bench/lib/ws-clients.ts), and two runs on it:
// 1. the sockets spread over many customers (BENCH_WS_TABS tabs each): the server's memory per socket, its CPU while
//    idle (the heartbeat), and the delay of staff chat messages to one customer's tabs while all are connected;
// 2. every socket a tab of the demo customer: one event fans out to all of them (the product has no broadcast
//    event; this is its stand-in and the worst case of the per-user fan-out).
// Delay = arrival at a client − the start of the staff POST (so it holds the POST, the NOTIFY round trip and the
// fan-out). Memory: VmRSS of the server process (/proc/<pid>/status).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { ROOT } from './bundle';
import {
  call,
  cpuSecondsOf,
  firstOrderId,
  loginDemo,
  openFilesLimitOf,
  startChild,
  tempPostgres,
  withNofile,
  type Child,
} from './lib/server';
import type { FromClients, ToClients } from './lib/ws-clients';
import {
  EndpointMissing,
  figureRow,
  fmt,
  percentile,
  type Goal,
  type SectionReport,
  type Table,
  statusOf,
} from './lib/report';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 10_000);
/** Sockets per customer in the spread run (a customer's open tabs). */
const TABS = Math.max(1, Number(process.env.BENCH_WS_TABS ?? 10));
const CUSTOMERS = Math.max(1, Math.ceil(CLIENTS / TABS));
const MESSAGES = Number(process.env.BENCH_WS_MESSAGES ?? 200);
/** Staff messages per second, posted at a steady interval (not in bursts). */
const RATE = Number(process.env.BENCH_WS_RATE ?? 20);
/** Events to every socket (the fan-out run), and their rate. */
const FANOUT_MESSAGES = Number(process.env.BENCH_WS_FANOUT_MESSAGES ?? 30);
const FANOUT_RATE = Number(process.env.BENCH_WS_FANOUT_RATE ?? 1);
/** Processes holding the clients: one event loop for 10 000 sockets would time itself, not the server. */
const WORKERS = Math.max(1, Number(process.env.BENCH_WS_WORKERS ?? (CLIENTS > 2000 ? 2 : 1)));
/** Seconds of idle with every socket connected (the heartbeat's CPU); the server pings each socket every 30 s. */
const IDLE_S = Number(process.env.BENCH_WS_IDLE_S ?? 30);
/** Seconds of idle with no socket, the baseline the heartbeat is measured against. */
const BASE_S = Number(process.env.BENCH_WS_BASE_S ?? 10);

/** Issue 37's goals hold at 10 000 sockets; the smaller runs keep issue 22's for 1 000. */
const BIG = CLIENTS >= 10_000;
const GOALS = {
  p99: { op: '<=', limit: BIG ? 200 : 100, unit: 'ms' } satisfies Goal,
  rss: { op: '<=', limit: BIG ? 800 : 300, unit: 'MB' } satisfies Goal,
  delivered: { op: '>=', limit: 100, unit: '%' } satisfies Goal,
};

/** Descriptors: one per socket on each side, plus the server's database, files and HTTP. */
const SERVER_NOFILE = CLIENTS + 4096;
const WORKER_NOFILE = Math.ceil(CLIENTS / WORKERS) + 1024;

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sortNum = (a: number[]) => a.sort((x, y) => x - y);

interface Worker {
  proc: ChildProcess;
  pid: number;
  /** Sends a command; resolves with the first answer of the given kind. */
  ask<E extends FromClients['ev']>(m: ToClients, ev: E): Promise<Extract<FromClients, { ev: E }>>;
}

async function startWorkers(onArrivals: (pairs: [number, number][]) => void): Promise<Worker[]> {
  return Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const [cmd, args] = withNofile(WORKER_NOFILE, process.execPath, [
        '--import',
        'tsx',
        join(ROOT, 'bench/lib/ws-clients.ts'),
      ]);
      const proc = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const waiting = new Map<string, (m: FromClients) => void>();
      proc.on('message', (m: FromClients) => {
        if (m.ev === 'arrivals') return onArrivals(m.pairs);
        waiting.get(m.ev)?.(m);
        waiting.delete(m.ev);
      });
      await new Promise<void>((resolve, reject) => {
        proc.once('spawn', resolve);
        proc.once('error', reject);
      });
      return {
        proc,
        pid: proc.pid!,
        ask: (m, ev) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`client worker: no '${ev}' in 300 s`)), 300_000);
            waiting.set(ev, (answer) => {
              clearTimeout(timer);
              resolve(answer as never);
            });
            proc.send(m);
          }),
      } satisfies Worker;
    }),
  );
}

const workersCpuS = (workers: Worker[]) => workers.reduce((s, w) => s + (cpuSecondsOf(w.pid) ?? 0), 0);

/** Opens one socket per URL, spread over the workers; the seconds it took and the sockets that failed. */
async function connectAll(workers: Worker[], urls: string[]) {
  const t0 = performance.now();
  const answers = await Promise.all(
    workers.map((w, i) =>
      w.ask(
        { cmd: 'connect', urls: urls.filter((_, j) => j % workers.length === i), concurrency: 50 },
        'connected',
      ),
    ),
  );
  return {
    seconds: (performance.now() - t0) / 1000,
    failed: answers.reduce((s, a) => s + a.failed, 0),
    firstError: answers.find((a) => a.firstError)?.firstError,
  };
}

const closeAll = (workers: Worker[]) => Promise.all(workers.map((w) => w.ask({ cmd: 'close' }, 'closed')));

export async function runRealtime(): Promise<SectionReport> {
  const notes: string[] = [
    `${fmt(CLIENTS)} sockets in ${WORKERS} client process${WORKERS > 1 ? 'es' : ''} (bench/lib/ws-clients.ts; each says \`ping\` after 25 s of silence, as the SPA does). Spread run: ${fmt(CUSTOMERS)} customers × ${TABS} tabs, ${MESSAGES} staff messages at ${RATE}/s, each to the next customer's order. Fan-out run: all ${fmt(CLIENTS)} sockets tabs of the demo customer, ${FANOUT_MESSAGES} staff messages at ${FANOUT_RATE}/s. Delay = arrival at a client − start of the staff POST (the POST, the NOTIFY round trip and the fan-out).`,
    `Open files: the server runs with \`ulimit -n ${SERVER_NOFILE}\` and each client process with ${WORKER_NOFILE} (bench/lib/server.ts withNofile); production needs one descriptor per socket plus a few hundred (docs/scaling.md "Sockets").`,
  ];
  const parts: { label: string; report: SectionReport }[] = [];
  // BENCH_WS_PGLITE=0: PostgreSQL alone (a trial of the fan-out); the published run measures both.
  if (process.env.BENCH_WS_PGLITE !== '0')
    parts.push({ label: 'PGlite', report: await measure('PGlite', undefined, notes) });
  else notes.push('PGlite: not measured (BENCH_WS_PGLITE=0).');
  if (process.env.DATABASE_URL) {
    const pgDb = await tempPostgres(process.env.DATABASE_URL);
    try {
      parts.push({ label: 'PostgreSQL', report: await measure('PostgreSQL', pgDb.url, notes) });
    } finally {
      await pgDb.drop();
    }
  } else notes.push('PostgreSQL: not measured (set DATABASE_URL=postgres://… to add it).');
  const tables = parts.flatMap((p) => p.report.tables);
  return {
    section: 'realtime',
    at: new Date().toISOString(),
    status: parts.some((p) => p.report.status === 'skipped') ? 'skipped' : statusOf(tables),
    tables,
    notes,
    data: Object.fromEntries(parts.map((p) => [p.label, p.report.data])),
  };
}

/**
 * The demo customer and CUSTOMERS − 1 lean ones (staff API: the customer and one order), each signed in through a
 * staff auto-login link.
 */
async function makeCustomers(server: Child): Promise<{ access: string; orderId: number }[]> {
  const { access } = await loginDemo(server.url);
  const people = [{ access, orderId: await firstOrderId(server.url, access) }];
  const one = async (k: number) => {
    const made = await retried(() =>
      call<{ email: string }>(server.url, '/api/staff/demo-customer/', { json: { lean: true }, staff: true }),
    );
    const link = await retried(() =>
      call<{ token: string }>(server.url, '/api/staff/auto-login/', {
        json: { email: made.body.email },
        staff: true,
      }),
    );
    // The link is counted per address (the endpoint table's perCaller limit): each customer signs in from an
    // address of its own behind the trusted proxy (TRUST_PROXY=1), as real customers do, so 1 000 sign-ins from
    // the bench's one address do not hit the limit.
    const signed = await retried(() =>
      call<{ access: string }>(server.url, '/api/client/auth/al/', {
        json: { token: link.body.token },
        headers: { 'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}` },
      }),
    );
    people.push({ access: signed.body.access, orderId: await firstOrderId(server.url, signed.body.access) });
  };
  for (let i = 1; i < CUSTOMERS; i += 4)
    await Promise.all(Array.from({ length: Math.min(4, CUSTOMERS - i) }, (_, j) => one(i + j)));
  return people;
}

/** A set-up call again after a 503 (the server sheds load when the shared machine makes its event loop lag). */
async function retried<T>(f: () => Promise<T>, tries = 10): Promise<T> {
  for (let i = 1; ; i++)
    try {
      return await f();
    } catch (err) {
      if (i >= tries || !/→ 503/.test((err as Error).message)) throw err;
      await sleep(1000);
    }
}

interface Delivery {
  delays: number[];
  firstP50: number | null;
  lastP50: number | null;
  postP50: number | null;
  deliveredPct: number;
  postErrors: string[];
  lost: number;
  serverCpuPct: number | null;
  /** Server CPU per socket a message reached (the POST's own share included), in µs: independent of the load. */
  serverCpuPerDeliveryUs: number | null;
  clientsCpuPct: number;
  rssPeak: number;
}

/**
 * Posts `count` staff messages at `rate` per second, message i to `target(i)`'s order, and collects the arrivals
 * (`expected(i)` sockets should get message i).
 */
async function deliver(
  server: Child,
  workers: Worker[],
  arrivals: { sink: ((pairs: [number, number][]) => void) | null },
  count: number,
  rate: number,
  orderOf: (i: number) => number,
  expected: (i: number) => number,
): Promise<Delivery> {
  const run = randomBytes(4).toString('hex');
  const started = new Map<number, number>();
  const delays: number[] = [];
  const perMessage = new Map<number, number>();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  arrivals.sink = (pairs) => {
    for (const [i, at] of pairs) {
      const t0 = started.get(i);
      if (t0 === undefined) continue;
      const d = at - t0;
      delays.push(d);
      perMessage.set(i, (perMessage.get(i) ?? 0) + 1);
      first.set(i, Math.min(first.get(i) ?? Infinity, d));
      last.set(i, Math.max(last.get(i) ?? 0, d));
    }
  };
  await Promise.all(workers.map((w) => w.proc.send({ cmd: 'count', run } satisfies ToClients)));

  let rssPeak = server.rssMb() ?? 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rssMb() ?? 0)), 200);
  const posts: Promise<unknown>[] = [];
  const postMs: number[] = [];
  const postErrors: string[] = [];
  const interval = 1000 / rate;
  const cpu0 = { server: server.cpuS(), clients: workersCpuS(workers) };
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = t0 + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const start = performance.now();
    started.set(i, epochNow());
    posts.push(
      call(server.url, `/api/staff/orders/${orderOf(i)}/messages/`, {
        json: { author: 'writer', text: `Сообщение автора bench-${run}-${i}` },
        staff: true,
      }).then(
        () => postMs.push(performance.now() - start),
        (err: Error) => postErrors.push(err.message),
      ),
    );
  }
  await Promise.all(posts);
  // Let the last events arrive (up to 5 s).
  let total = 0;
  for (let i = 0; i < count; i++) total += expected(i);
  const deadline = performance.now() + 5000;
  while (delays.length < total && performance.now() < deadline) await sleep(100);
  await sleep(100); // the workers' last batch
  clearInterval(sampler);
  arrivals.sink = null;
  const wall = (performance.now() - t0) / 1000;
  const serverS = server.cpuS();
  return {
    delays: sortNum(delays),
    firstP50: percentile(sortNum([...first.values()]), 50),
    lastP50: percentile(sortNum([...last.values()]), 50),
    postP50: percentile(sortNum(postMs), 50),
    deliveredPct: (delays.length / total) * 100,
    postErrors,
    lost: [...Array(count).keys()].filter((i) => (perMessage.get(i) ?? 0) < expected(i)).length,
    serverCpuPct: cpu0.server !== null && serverS !== null ? ((serverS - cpu0.server) / wall) * 100 : null,
    serverCpuPerDeliveryUs:
      cpu0.server !== null && serverS !== null && delays.length
        ? ((serverS - cpu0.server) * 1e6) / delays.length
        : null,
    clientsCpuPct: ((workersCpuS(workers) - cpu0.clients) / wall) * 100,
    rssPeak: Math.max(rssPeak, server.rssMb() ?? 0),
  };
}

/** Server and clients' CPU (% of a core) over `seconds` of doing nothing. */
async function idleCpu(server: Child, workers: Worker[], seconds: number) {
  const s0 = server.cpuS();
  const c0 = workersCpuS(workers);
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - t0) / 1000;
  const s1 = server.cpuS();
  return {
    server: s0 !== null && s1 !== null ? ((s1 - s0) / wall) * 100 : null,
    clients: ((workersCpuS(workers) - c0) / wall) * 100,
  };
}

async function measure(
  label: string,
  databaseUrl: string | undefined,
  notes: string[],
): Promise<SectionReport> {
  const server = await startChild({
    ...(databaseUrl && { databaseUrl }),
    nofile: SERVER_NOFILE,
    env: { TRUST_PROXY: '1' },
  });
  const arrivals: { sink: ((pairs: [number, number][]) => void) | null } = { sink: null };
  let workers: Worker[] = [];
  try {
    let people: { access: string; orderId: number }[];
    const tSetup = performance.now();
    try {
      people = await makeCustomers(server);
    } catch (err) {
      if (err instanceof EndpointMissing) return naReport(err, notes);
      throw err;
    }
    const setupS = (performance.now() - tSetup) / 1000;
    workers = await startWorkers((pairs) => arrivals.sink?.(pairs));
    const limits = { server: openFilesLimitOf(server.pid), worker: openFilesLimitOf(workers[0]!.pid) };
    if ((limits.server ?? Infinity) < CLIENTS + 200 || (limits.worker ?? Infinity) < CLIENTS / WORKERS + 100)
      notes.push(
        `${label}: open files: server ${limits.server}, client process ${limits.worker}: too few for ${fmt(CLIENTS)} sockets (raise the hard limit, \`ulimit -Hn\`, or run as root).`,
      );
    const wsUrl = (access: string) =>
      `${server.url.replace('http', 'ws')}/ws/client/?token=${encodeURIComponent(access)}`;

    // Warm the staff path up, then the baseline: memory and CPU with no socket.
    await call(server.url, `/api/staff/orders/${people[0]!.orderId}/messages/`, {
      json: { author: 'writer', text: 'Разогрев перед замером' },
      staff: true,
    });
    await sleep(2000);
    const base = await idleCpu(server, workers, BASE_S);
    const rssZero = server.rssMb();

    // 1. Spread: socket j is a tab of customer j mod CUSTOMERS.
    const spread = await connectAll(
      workers,
      Array.from({ length: CLIENTS }, (_, j) => wsUrl(people[j % people.length]!.access)),
    );
    const connected = CLIENTS - spread.failed;
    if (spread.failed)
      notes.push(
        `${label}: ${spread.failed} of ${fmt(CLIENTS)} sockets failed to connect: ${spread.firstError}`,
      );
    await sleep(3000);
    const rssSpread = server.rssMb();
    const perSocketKb =
      rssSpread !== null && rssZero !== null && connected ? ((rssSpread - rssZero) * 1024) / connected : null;
    const idle = await idleCpu(server, workers, IDLE_S);
    const tabsOf = (k: number) => Math.floor(CLIENTS / people.length) + (k < CLIENTS % people.length ? 1 : 0);
    const one = await deliver(
      server,
      workers,
      arrivals,
      MESSAGES,
      RATE,
      (i) => people[i % people.length]!.orderId,
      (i) => tabsOf(i % people.length),
    );
    await closeAll(workers);
    await sleep(2000);

    // 2. Fan-out: every socket a tab of the demo customer.
    const fan = await connectAll(
      workers,
      Array.from({ length: CLIENTS }, () => wsUrl(people[0]!.access)),
    );
    if (fan.failed)
      notes.push(`${label}: fan-out run: ${fan.failed} sockets failed to connect: ${fan.firstError}`);
    await sleep(2000);
    const rssFan = server.rssMb();
    const all = await deliver(
      server,
      workers,
      arrivals,
      FANOUT_MESSAGES,
      FANOUT_RATE,
      () => people[0]!.orderId,
      () => CLIENTS - fan.failed,
    );
    await closeAll(workers);

    for (const [name, d] of [
      ['spread run', one],
      ['fan-out run', all],
    ] as const) {
      if (d.postErrors.length)
        notes.push(`${label}, ${name}: ${d.postErrors.length} staff POSTs failed, first: ${d.postErrors[0]}`);
      if (d.lost) notes.push(`${label}, ${name}: ${d.lost} messages did not reach every socket within 5 s.`);
    }
    notes.push(
      `${label}: ${fmt(people.length)} customers made and signed in in ${setupS.toFixed(0)} s; ${fmt(CLIENTS)} sockets connected in ${spread.seconds.toFixed(1)} s (spread) and ${fan.seconds.toFixed(1)} s (fan-out).`,
    );
    if (server.kind === 'pglite')
      notes.push(
        'PGlite: the server RSS includes embedded PGlite (PostgreSQL compiled to WASM: its code, its 128 MB minimum memory and shared_buffers, PGLITE_SHARED_BUFFERS, 16MB by default); the socket cost is the difference between no socket and all connected.',
      );

    const heartbeat =
      idle.server !== null && base.server !== null ? Math.max(0, idle.server - base.server) : null;
    const peak = Math.max(one.rssPeak, all.rssPeak, rssSpread ?? 0, rssFan ?? 0);
    const n = fmt(CLIENTS);
    const tables: Table[] = [
      {
        title: `${label}: memory and heartbeat, ${n} sockets of ${fmt(people.length)} customers`,
        columns: ['figure', 'value', 'goal', ''],
        rows: [
          figureRow('RSS with no socket', rssZero, 'MB'),
          figureRow(`RSS with ${n} sockets`, rssSpread, 'MB'),
          figureRow('RSS per socket', perSocketKb, 'KB'),
          figureRow(`RSS with ${n} sockets of one customer`, rssFan, 'MB'),
          figureRow('peak RSS (both runs)', peak, 'MB', GOALS.rss),
          figureRow(`server CPU idle, no socket (${BASE_S} s)`, base.server, '% of a core'),
          figureRow(`server CPU idle, ${n} sockets (${IDLE_S} s)`, idle.server, '% of a core'),
          figureRow('heartbeat CPU (the difference)', heartbeat, '% of a core'),
          // The same per socket: µs of CPU per socket per second, whatever the number of sockets.
          figureRow(
            'heartbeat CPU per socket',
            heartbeat !== null && connected ? ((heartbeat / 100) * 1e6) / connected : null,
            'µs/s',
            undefined,
            2,
          ),
          figureRow(`clients CPU idle, ${n} sockets`, idle.clients, '% of a core'),
        ],
      },
      {
        title: `${label}: a staff message to one customer (${TABS} tabs) while ${n} sockets are connected`,
        columns: ['figure', 'value', 'goal', ''],
        rows: deliveryRows(one),
      },
      {
        title: `${label}: one event to all ${n} sockets (the demo customer's tabs)`,
        columns: ['figure', 'value', 'goal', ''],
        rows: [
          ...deliveryRows(all),
          figureRow('first socket, p50 over messages', all.firstP50, 'ms'),
          figureRow('last socket, p50 over messages', all.lastP50, 'ms'),
        ],
      },
    ];
    const summary = (d: Delivery) => ({
      p50: percentile(d.delays, 50),
      p99: percentile(d.delays, 99),
      max: d.delays.at(-1) ?? null,
      deliveredPct: d.deliveredPct,
      staffPostP50Ms: d.postP50,
      firstSocketP50Ms: d.firstP50,
      lastSocketP50Ms: d.lastP50,
      cpuPct: { server: d.serverCpuPct, clients: d.clientsCpuPct },
      serverCpuPerDeliveryUs: d.serverCpuPerDeliveryUs,
      postErrors: d.postErrors.length,
    });
    return {
      section: 'realtime',
      at: new Date().toISOString(),
      status: statusOf(tables),
      tables,
      notes,
      data: {
        clients: CLIENTS,
        customers: people.length,
        tabs: TABS,
        workers: WORKERS,
        openFiles: limits,
        rssMb: { zero: rssZero, spread: rssSpread, fanout: rssFan, peak },
        rssPerSocketKb: perSocketKb,
        cpuPct: {
          idleNoSocket: base.server,
          idleConnected: idle.server,
          heartbeat,
          clientsIdle: idle.clients,
        },
        oneCustomer: { messages: MESSAGES, ratePerS: RATE, ...summary(one) },
        fanout: { messages: FANOUT_MESSAGES, ratePerS: FANOUT_RATE, ...summary(all) },
        connectS: { spread: spread.seconds, fanout: fan.seconds },
        setupS,
      },
    };
  } finally {
    for (const w of workers) w.proc.kill();
    await server.stop();
  }
}

function deliveryRows(d: Delivery): (string | number | null)[][] {
  return [
    figureRow('delay p50', percentile(d.delays, 50), 'ms'),
    figureRow('delay p99', percentile(d.delays, 99), 'ms', GOALS.p99),
    figureRow('delay max', d.delays.at(-1), 'ms'),
    figureRow('staff POST p50', d.postP50, 'ms'),
    figureRow('delivered', d.deliveredPct, '%', GOALS.delivered),
    figureRow('server CPU while delivering', d.serverCpuPct, '% of a core', undefined, 0),
    figureRow('server CPU per socket reached', d.serverCpuPerDeliveryUs, 'µs', undefined, 1),
    figureRow('clients CPU while delivering', d.clientsCpuPct, '% of a core', undefined, 0),
  ];
}

function naReport(err: EndpointMissing, notes: string[]): SectionReport {
  return {
    section: 'realtime',
    at: new Date().toISOString(),
    status: 'skipped',
    tables: [
      {
        title: 'Delivery',
        columns: ['figure', 'value', 'goal', ''],
        rows: [
          ['delay p99', err.message, `≤ ${GOALS.p99.limit} ms`, 'n/a'],
          ['peak RSS', err.message, `≤ ${GOALS.rss.limit} MB`, 'n/a'],
        ],
      },
    ],
    notes: [...notes, err.message],
    data: { missing: err.endpoint },
  };
}
