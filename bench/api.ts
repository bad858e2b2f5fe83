// API load: autocannon on loopback against the real server (child process, PGlite in a temp DATA_DIR; also
// PostgreSQL when DATABASE_URL is set), next to a bare Hono JSON endpoint measured in the same run.
import autocannon, { type Request as LoadRequest, type Result } from 'autocannon';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  bulkOrders,
  call,
  firstOrderId,
  freePort,
  loginDemo,
  postgresCpu,
  startChild,
  tempPostgres,
  DEMO,
  type Child,
} from './lib/server';
import {
  EndpointMissing,
  figureRow,
  fmt,
  type Goal,
  type SectionReport,
  type Table,
  statusOf,
} from './lib/report';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 3000);

const GOALS = {
  listP99: { op: '<=', limit: 30, unit: 'ms' } satisfies Goal,
  orderP99: { op: '<=', limit: 50, unit: 'ms' } satisfies Goal,
  postP99: { op: '<=', limit: 100, unit: 'ms' } satisfies Goal,
  orderRps: { op: '>=', limit: 2000, unit: 'req/s' } satisfies Goal,
  postRps: { op: '>=', limit: 1000, unit: 'req/s' } satisfies Goal,
  stackMs: { op: '<=', limit: 0.3, unit: 'ms' } satisfies Goal,
  errors: { op: '==', limit: 0 } satisfies Goal,
};

/** Waits until the server says it is ready (GET /readyz 200): the first login must not race the start. */
async function ready(base: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base}/readyz did not answer 200 within ${timeoutMs / 1000} s (${last})`);
}

/** One GET over a kept-alive connection, answered in full; the time in ms. */
function getOnce(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - t)
          : reject(new Error(`${url} → ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
}

interface Sequential {
  bareMs: number;
  stackMs: number;
  healthMs: number;
}

/**
 * One request at a time from one kept-alive connection each: the bare Hono endpoint, the full stack's
 * /api/health (request id, logger, metrics, security headers) and an authenticated GET with a constant answer
 * (the same plus auth: the token check and the session lookup). Interleaved in rounds, so a load change on the
 * machine hits all three alike; the medians of the per-round means are compared.
 */
async function sequential(bareUrl: string, server: Child, access: string): Promise<Sequential> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const targets = {
    bareMs: { url: new URL(`${bareUrl}/json`), headers: {} },
    healthMs: { url: new URL(`${server.url}/api/health`), headers: {} },
    stackMs: {
      url: new URL(`${server.url}/api/client/payments/refund-extra/`),
      headers: { authorization: `Bearer ${access}` },
    },
  };
  const rounds: Record<keyof Sequential, number[]> = { bareMs: [], stackMs: [], healthMs: [] };
  const perRound = 100;
  try {
    for (const t of Object.values(targets))
      for (let i = 0; i < 300; i++) await getOnce(agent, t.url, t.headers);
    for (let r = 0; r < SEQUENTIAL / perRound; r++)
      for (const [name, t] of Object.entries(targets) as [keyof Sequential, (typeof targets)['bareMs']][]) {
        let sum = 0;
        for (let i = 0; i < perRound; i++) sum += await getOnce(agent, t.url, t.headers);
        rounds[name].push(sum / perRound);
      }
  } finally {
    agent.destroy();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    bareMs: median(rounds.bareMs),
    stackMs: median(rounds.stackMs),
    healthMs: median(rounds.healthMs),
  };
}

interface Mixed {
  customers: number;
  rps: number;
  reads: { p50: number; p99: number; count: number };
  posts: { p50: number; p99: number; count: number };
  errors: number;
  non2xx: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/**
 * `CUSTOMERS` customers (each a full demo customer made through the staff API), one connection each: every
 * connection reads its own customer's order and posts to that order's chat, in turn. The reads' and the posts'
 * latencies are kept apart (autocannon's one histogram would mix them).
 */
async function mixedCustomers(server: Child): Promise<Mixed> {
  const people: { access: string; orderId: number }[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const made = await call<{ email: string; password: string }>(server.url, '/api/staff/demo-customer/', {
      json: {},
      staff: true,
    });
    const login = await call<{ access: string }>(server.url, '/api/client/auth/login/', {
      json: { login: made.body.email, password: made.body.password },
    });
    people.push({ access: login.body.access, orderId: await firstOrderId(server.url, login.body.access) });
  }
  const json = { 'content-type': 'application/json' };
  const requestsOf = (p: (typeof people)[number]): LoadRequest[] => [
    {
      method: 'GET',
      path: `/api/client/orders/${p.orderId}/`,
      headers: { authorization: `Bearer ${p.access}` },
    },
    {
      method: 'POST',
      path: `/api/client/orders/${p.orderId}/messages/`,
      headers: { ...json, authorization: `Bearer ${p.access}` },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ text: 'Сообщение под нагрузкой', client_id: randomUUID() }),
      }),
    },
  ];
  const run = (duration: number, record: boolean) => {
    let next = 0;
    const turn = new Map<object, number>();
    const reads: number[] = [];
    const posts: number[] = [];
    const instance = autocannon(
      {
        url: server.url,
        connections: CUSTOMERS,
        duration,
        timeout: 10,
        requests: requestsOf(people[0]!),
        setupClient: (client) => {
          const p = people[next++ % people.length]!;
          client.setRequests(requestsOf(p));
          turn.set(client, 0);
        },
      },
      () => {},
    );
    if (record)
      instance.on('response', (client, _status, _bytes, ms) => {
        const k = turn.get(client) ?? 0;
        turn.set(client, k + 1);
        (k % 2 === 0 ? reads : posts).push(ms);
      });
    return new Promise<{ result: Result; reads: number[]; posts: number[] }>((resolve, reject) => {
      instance.on('done', (result) => resolve({ result, reads, posts }));
      instance.on('error', reject);
    });
  };
  await run(2, false);
  const { result, reads, posts } = await run(DURATION, true);
  reads.sort((a, b) => a - b);
  posts.sort((a, b) => a - b);
  return {
    customers: CUSTOMERS,
    rps: result.requests.average,
    reads: { p50: pct(reads, 50), p99: pct(reads, 99), count: reads.length },
    posts: { p50: pct(posts, 50), p99: pct(posts, 99), count: posts.length },
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

interface Load {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** CPU per request of the server process, and of PostgreSQL's backends (when on this machine), in µs. */
  serverCpuUs?: number | null;
  dbCpuUs?: number | null;
}

/** What `load` reads the CPU of: the server process and, on PostgreSQL, its backends. */
interface Meter {
  server: Child;
  db: (() => number) | null;
}

async function load(
  name: string,
  url: string,
  opts: { requests?: LoadRequest[]; headers?: Record<string, string> },
  meter?: Meter,
) {
  // A short warm-up (JIT, connection pools, PGlite caches) that is not counted.
  await autocannon({ url, connections: 10, duration: 2, ...opts });
  const cpu0 = { server: meter?.server.cpuS() ?? null, db: meter?.db?.() ?? null };
  const r: Result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    ...opts,
  });
  const cpu1 = { server: meter?.server.cpuS() ?? null, db: meter?.db?.() ?? null };
  const perRequestUs = (a: number | null, b: number | null) =>
    a !== null && b !== null && r.requests.total ? ((b - a) * 1e6) / r.requests.total : null;
  return {
    name,
    serverCpuUs: perRequestUs(cpu0.server, cpu1.server),
    dbCpuUs: perRequestUs(cpu0.db, cpu1.db),
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  } satisfies Load;
}

type Row = Load | { name: string; missing: string };

interface Measured {
  rows: Row[];
  sequential?: Sequential;
  mixed?: Mixed;
}

/** The endpoints on one running server; any endpoint not built yet becomes an n/a row. */
async function measureServer(
  server: Child,
  bareUrl: string,
  notes: string[],
  databaseUrl?: string,
): Promise<Measured> {
  const meter: Meter = { server, db: databaseUrl ? await postgresCpu(databaseUrl) : null };
  const rows: Row[] = [];
  const out: Measured = { rows };
  const na = (name: string, err: unknown) => {
    if (!(err instanceof EndpointMissing)) throw err;
    notes.push(`${server.kind}: ${name}: ${err.message}`);
    rows.push({ name, missing: err.message });
  };

  await ready(server.url);
  let access: string;
  try {
    ({ access } = await loginDemo(server.url));
  } catch (err) {
    for (const n of ['login', 'order list', 'one order', 'chat post']) na(n, err);
    return out;
  }
  out.sequential = await sequential(bareUrl, server, access);
  const json = { 'content-type': 'application/json' };
  const auth = { authorization: `Bearer ${access}` };

  rows.push(
    await load(
      'login',
      `${server.url}/api/client/auth/login/`,
      {
        requests: [
          { method: 'POST', path: '/api/client/auth/login/', headers: json, body: JSON.stringify(DEMO) },
        ],
      },
      meter,
    ),
  );

  try {
    const t = Date.now();
    await bulkOrders(server.url, DEMO.login, ORDERS);
    const list = await call<{ count?: number }>(server.url, '/api/client/orders/?tab=active', {
      token: access,
    });
    notes.push(
      `${server.kind}: added ${fmt(ORDERS)} orders in ${((Date.now() - t) / 1000).toFixed(1)} s; active tab count = ${list.body.count ?? '?'}`,
    );
    rows.push(
      await load(
        'order list (10k orders)',
        `${server.url}/api/client/orders/?tab=active`,
        { headers: auth },
        meter,
      ),
    );
  } catch (err) {
    na('order list (10k orders)', err);
  }

  let orderId: number | null = null;
  try {
    orderId = await firstOrderId(server.url, access);
    await call(server.url, `/api/client/orders/${orderId}/`, { token: access });
    rows.push(
      await load('one order', `${server.url}/api/client/orders/${orderId}/`, { headers: auth }, meter),
    );
  } catch (err) {
    na('one order', err);
  }

  try {
    if (orderId === null) throw new EndpointMissing('GET /api/client/orders/ (no order id)');
    const path = `/api/client/orders/${orderId}/messages/`;
    const body = () => JSON.stringify({ text: 'Нагрузочное сообщение', client_id: randomUUID() });
    await call(server.url, path, { json: JSON.parse(body()), token: access });
    rows.push(
      await load(
        'chat post',
        `${server.url}${path}`,
        {
          requests: [
            {
              method: 'POST',
              path,
              headers: { ...json, ...auth },
              // A unique client_id per request, so the idempotency check never collapses two posts into one.
              setupRequest: (req) => ({ ...req, body: body() }),
            },
          ],
        },
        meter,
      ),
    );
  } catch (err) {
    na('chat post', err);
  }

  try {
    out.mixed = await mixedCustomers(server);
  } catch (err) {
    na(`${CUSTOMERS} customers reading and posting`, err);
  }
  return out;
}

function table(title: string, rows: Row[], bare: Load): Table {
  const goalsOf = (name: string) =>
    name.startsWith('order list')
      ? { p99: GOALS.listP99 }
      : name === 'one order'
        ? { p99: GOALS.orderP99, rps: GOALS.orderRps }
        : name === 'chat post'
          ? { p99: GOALS.postP99, rps: GOALS.postRps }
          : {};
  return {
    title,
    columns: ['endpoint', 'req/s', 'p50', 'p99', 'errors', 'non-2xx', '× bare', 'goal', '', 'errors'],
    rows: rows.map((r) => {
      if ('missing' in r) return [r.name, r.missing, '', '', '', '', '', '', '', ''];
      const goals = goalsOf(r.name);
      const p99 = figureRow('', r.p99, 'ms', goals.p99, 1);
      const rps = figureRow('', r.rps, 'req/s', goals.rps, 0);
      const verdicts = [p99[3], rps[3]].filter(Boolean);
      const errs = figureRow('', r.errors + r.non2xx, '', GOALS.errors);
      return [
        r.name,
        fmt(Math.round(r.rps)),
        `${fmt(r.p50)} ms`,
        p99[1]!,
        r.errors,
        r.non2xx,
        r === bare ? '1.00' : (r.rps / bare.rps).toFixed(2),
        [rps[2], p99[2] && `p99 ${p99[2]}`].filter(Boolean).join(', '),
        verdicts.includes('MISS') ? 'MISS' : (verdicts[0] ?? ''),
        errs[3]!,
      ];
    }),
  };
}

/**
 * CPU per request under the load above: the server process's (for PGlite its database runs inside it), and on
 * PostgreSQL its backends' (docs/scaling.md "Capacity model" reads these).
 */
function cpuTable(title: string, rows: Row[], postgres: boolean): Table {
  const us = (v: number | null | undefined) =>
    v === null || v === undefined ? 'n/a' : `${fmt(Math.round(v))} µs`;
  return {
    title,
    columns: ['endpoint', 'server CPU', ...(postgres ? ['PostgreSQL CPU'] : [])],
    rows: rows
      .filter((r): r is Load => !('missing' in r) && r.serverCpuUs !== undefined)
      .map((r) => [r.name, us(r.serverCpuUs), ...(postgres ? [us(r.dbCpuUs)] : [])]),
  };
}

function sequentialTable(title: string, s: Sequential): Table {
  const over = (ms: number) => ms - s.bareMs;
  const row = (name: string, ms: number, goal?: Goal) => {
    const r = figureRow('', over(ms), 'ms', goal, 3);
    return [
      name,
      `${fmt(ms * 1000, 0)} µs`,
      `+${fmt(over(ms), 3)} ms`,
      (ms / s.bareMs).toFixed(2),
      r[2]!,
      r[3]!,
    ];
  };
  return {
    title,
    columns: ['GET, one at a time', 'mean', 'over bare', '× bare', 'goal', ''],
    rows: [
      ['bare Hono JSON', `${fmt(s.bareMs * 1000, 0)} µs`, '', '1.00', '', ''],
      row('/api/health (request id, log, metrics, headers)', s.healthMs),
      row('refund-extra (the same + auth)', s.stackMs, GOALS.stackMs),
    ],
  };
}

function mixedTable(title: string, m: Mixed): Table {
  const reads = figureRow('', m.reads.p99, 'ms', GOALS.orderP99, 1);
  const posts = figureRow('', m.posts.p99, 'ms', GOALS.postP99, 1);
  const errs = figureRow('', m.errors + m.non2xx, '', GOALS.errors);
  return {
    title,
    columns: ['requests', 'count', 'p50', 'p99', 'goal', '', 'errors'],
    rows: [
      [
        'one order (own)',
        fmt(m.reads.count),
        `${fmt(m.reads.p50)} ms`,
        reads[1]!,
        `p99 ${reads[2]}`,
        reads[3]!,
        '',
      ],
      [
        'chat post (own)',
        fmt(m.posts.count),
        `${fmt(m.posts.p50)} ms`,
        posts[1]!,
        `p99 ${posts[2]}`,
        posts[3]!,
        '',
      ],
      ['both', `${fmt(Math.round(m.rps))} req/s`, '', '', '', '', `${m.errors + m.non2xx} ${errs[3]}`],
    ],
  };
}

export async function runApi(): Promise<SectionReport> {
  const notes: string[] = [
    `${CONNECTIONS} connections, ${DURATION} s per endpoint after a 2 s warm-up, autocannon in the bench process and the server in a child process (one core each on a 2-core machine).`,
    'Login is deliberately slow: every attempt runs scrypt (memory-hard password hash), so its req/s is bounded by CPU.',
  ];
  const tables: Table[] = [];
  const data: Record<string, unknown> = { connections: CONNECTIONS, durationS: DURATION, orders: ORDERS };

  // The bare baseline stays up for the sequential comparison, measured beside each server.
  const bareServer = await startChild({ bare: true });
  try {
    const bare = await load('bare Hono JSON', `${bareServer.url}/json`, {});
    data.bare = bare;
    await measureTargets(bareServer.url, bare, tables, notes, data);
  } finally {
    await bareServer.stop();
  }
  return { section: 'api', at: new Date().toISOString(), status: statusOf(tables), tables, notes, data };
}

async function measureTargets(
  bareUrl: string,
  bare: Load,
  tables: Table[],
  notes: string[],
  data: Record<string, unknown>,
) {
  const targets: { label: string; databaseUrl?: string; drop?: () => Promise<void> }[] = [
    { label: 'PGlite' },
  ];
  if (process.env.DATABASE_URL) {
    const pgDb = await tempPostgres(process.env.DATABASE_URL);
    targets.push({ label: 'PostgreSQL', databaseUrl: pgDb.url, drop: pgDb.drop });
  } else {
    notes.push(
      'PostgreSQL: not measured (set DATABASE_URL=postgres://… to add it; a temporary database is used).',
    );
  }

  for (const t of targets) {
    // With metrics on, as in production: the full stack includes them. The login row's 50 anonymous connections
    // measure what sign-in costs, not load shedding (section flood): the cap on anonymous requests is lifted.
    const env = {
      METRICS_PORT: String(await freePort()),
      METRICS_HOST: '127.0.0.1',
      SHED_MAX_ANONYMOUS: '1000',
    };
    const server = await startChild(t.databaseUrl ? { databaseUrl: t.databaseUrl, env } : { env });
    try {
      const m = await measureServer(server, bareUrl, notes, t.databaseUrl);
      tables.push(table(`${t.label} (server ${server.kind})`, [bare, ...m.rows], bare));
      tables.push(cpuTable(`${t.label}: CPU per request under load`, m.rows, t.label === 'PostgreSQL'));
      if (m.sequential)
        tables.push(sequentialTable(`${t.label}: full stack vs bare Hono, sequential`, m.sequential));
      if (m.mixed)
        tables.push(
          mixedTable(
            `${t.label}: ${m.mixed.customers} customers, one connection each, reading and posting`,
            m.mixed,
          ),
        );
      data[t.label] = m;
    } finally {
      await server.stop();
      await t.drop?.();
    }
  }
}
