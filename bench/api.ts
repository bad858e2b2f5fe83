// API load: autocannon on loopback against the real server (child process, PGlite in a temp DATA_DIR; also
// PostgreSQL when DATABASE_URL is set), next to a bare Hono JSON endpoint measured in the same run.
import autocannon, { type Request as LoadRequest, type Result } from 'autocannon';
import { randomUUID } from 'node:crypto';
import {
  bulkOrders,
  call,
  firstOrderId,
  loginDemo,
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

const GOALS = {
  listP99: { op: '<=', limit: 30, unit: 'ms' } satisfies Goal,
  errors: { op: '==', limit: 0 } satisfies Goal,
};

interface Load {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

async function load(
  name: string,
  url: string,
  opts: { requests?: LoadRequest[]; headers?: Record<string, string> },
) {
  // A short warm-up (JIT, connection pools, PGlite caches) that is not counted.
  await autocannon({ url, connections: 10, duration: 2, ...opts });
  const r: Result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    ...opts,
  });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  } satisfies Load;
}

type Row = Load | { name: string; missing: string };

/** The four endpoints on one running server; any endpoint not built yet becomes an n/a row. */
async function measureServer(server: Child, notes: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  const na = (name: string, err: unknown) => {
    if (!(err instanceof EndpointMissing)) throw err;
    notes.push(`${server.kind}: ${name}: ${err.message}`);
    rows.push({ name, missing: err.message });
  };

  let access: string;
  try {
    ({ access } = await loginDemo(server.url));
  } catch (err) {
    for (const n of ['login', 'order list', 'one order', 'chat post']) na(n, err);
    return rows;
  }
  const json = { 'content-type': 'application/json' };
  const auth = { authorization: `Bearer ${access}` };

  rows.push(
    await load('login', `${server.url}/api/client/auth/login/`, {
      requests: [
        { method: 'POST', path: '/api/client/auth/login/', headers: json, body: JSON.stringify(DEMO) },
      ],
    }),
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
      await load('order list (10k orders)', `${server.url}/api/client/orders/?tab=active`, { headers: auth }),
    );
  } catch (err) {
    na('order list (10k orders)', err);
  }

  let orderId: number | null = null;
  try {
    orderId = await firstOrderId(server.url, access);
    await call(server.url, `/api/client/orders/${orderId}/`, { token: access });
    rows.push(await load('one order', `${server.url}/api/client/orders/${orderId}/`, { headers: auth }));
  } catch (err) {
    na('one order', err);
  }

  try {
    if (orderId === null) throw new EndpointMissing('GET /api/client/orders/ (no order id)');
    const path = `/api/client/orders/${orderId}/messages/`;
    const body = () => JSON.stringify({ text: 'Нагрузочное сообщение', client_id: randomUUID() });
    await call(server.url, path, { json: JSON.parse(body()), token: access });
    rows.push(
      await load('chat post', `${server.url}${path}`, {
        requests: [
          {
            method: 'POST',
            path,
            headers: { ...json, ...auth },
            // A unique client_id per request, so the idempotency check never collapses two posts into one.
            setupRequest: (req) => ({ ...req, body: body() }),
          },
        ],
      }),
    );
  } catch (err) {
    na('chat post', err);
  }
  return rows;
}

function table(title: string, rows: Row[], bare: Load): Table {
  return {
    title,
    columns: ['endpoint', 'req/s', 'p50', 'p99', 'errors', 'non-2xx', '× bare', 'p99 goal', '', 'errors'],
    rows: rows.map((r) => {
      if ('missing' in r) return [r.name, r.missing, '', '', '', '', '', '', '', ''];
      const isList = r.name.startsWith('order list');
      const p99 = figureRow('', r.p99, 'ms', isList ? GOALS.listP99 : undefined, 1);
      const errs = figureRow('', r.errors + r.non2xx, '', GOALS.errors);
      return [
        r.name,
        fmt(Math.round(r.rps)),
        `${fmt(r.p50)} ms`,
        p99[1]!,
        r.errors,
        r.non2xx,
        r === bare ? '1.00' : (r.rps / bare.rps).toFixed(2),
        p99[2]!,
        p99[3]!,
        errs[3]!,
      ];
    }),
  };
}

export async function runApi(): Promise<SectionReport> {
  const notes: string[] = [
    `${CONNECTIONS} connections, ${DURATION} s per endpoint after a 2 s warm-up, autocannon in the bench process and the server in a child process (one core each on a 2-core machine).`,
    'Login is deliberately slow: every attempt runs scrypt (memory-hard password hash), so its req/s is bounded by CPU.',
  ];
  const tables: Table[] = [];
  const data: Record<string, unknown> = { connections: CONNECTIONS, durationS: DURATION, orders: ORDERS };

  const bareServer = await startChild({ bare: true });
  let bare: Load;
  try {
    bare = await load('bare Hono JSON', `${bareServer.url}/json`, {});
  } finally {
    await bareServer.stop();
  }
  data.bare = bare;

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
    const server = await startChild(t.databaseUrl ? { databaseUrl: t.databaseUrl } : {});
    try {
      const rows = await measureServer(server, notes);
      tables.push(table(`${t.label} (server ${server.kind})`, [bare, ...rows], bare));
      data[t.label] = rows;
    } finally {
      await server.stop();
      await t.drop?.();
    }
  }
  return { section: 'api', at: new Date().toISOString(), status: statusOf(tables), tables, notes, data };
}
