// Real time: many WebSocket clients of the demo customer (the hub sends every event to all sockets of the user),
// then staff chat messages at a steady rate; delay from the start of each staff POST to its arrival at each client,
// and the server's resident memory (child process, /proc/<pid>/status VmRSS).
import WebSocket from 'ws';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { call, firstOrderId, loginDemo, startChild, tempPostgres } from './lib/server';
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

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 1000);
const MESSAGES = Number(process.env.BENCH_WS_MESSAGES ?? 200);
/** Staff messages per second, posted at a steady interval (not in bursts). */
const RATE = Number(process.env.BENCH_WS_RATE ?? 20);

const GOALS = {
  p99: { op: '<=', limit: 100, unit: 'ms' } satisfies Goal,
  rss: { op: '<=', limit: 300, unit: 'MB' } satisfies Goal,
  delivered: { op: '>=', limit: 100, unit: '%' } satisfies Goal,
};

function openFilesLimit(): number | null {
  try {
    const m = /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

function connect(url: string, onData: (data: string, at: number, ws: WebSocket) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('socket did not say hello in 15 s')), 15_000);
    ws.on('message', (raw) => {
      const at = performance.now();
      const data = raw.toString();
      if (data.includes('"hello"')) {
        clearTimeout(timer);
        resolve(ws);
      }
      onData(data, at, ws);
    });
    ws.on('unexpected-response', (_req, res) => {
      clearTimeout(timer);
      reject(new Error(`socket refused: HTTP ${res.statusCode}`));
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

export async function runRealtime(): Promise<SectionReport> {
  const notes: string[] = [
    `${fmt(CLIENTS)} sockets of one customer in the bench process; ${MESSAGES} staff messages at ${RATE}/s; delay = arrival at a client − start of the staff POST (so it includes the POST, the NOTIFY round trip and fan-out).`,
  ];
  const limit = openFilesLimit();
  if (limit !== null && limit < CLIENTS * 2 + 200)
    notes.push(`ulimit -n is ${limit}: raise it (ulimit -n ${CLIENTS * 2 + 1024}) for ${CLIENTS} sockets.`);

  const parts: SectionReport[] = [await measure('PGlite', undefined, notes)];
  if (process.env.DATABASE_URL) {
    const pgDb = await tempPostgres(process.env.DATABASE_URL);
    try {
      parts.push(await measure('PostgreSQL', pgDb.url, notes));
    } finally {
      await pgDb.drop();
    }
  } else notes.push('PostgreSQL: not measured (set DATABASE_URL=postgres://… to add it).');
  const tables = parts.flatMap((p) => p.tables);
  return {
    section: 'realtime',
    at: new Date().toISOString(),
    status: parts.some((p) => p.status === 'skipped') ? 'skipped' : statusOf(tables),
    tables,
    notes,
    data: Object.fromEntries(parts.map((p, i) => [i === 0 ? 'PGlite' : 'PostgreSQL', p.data])),
  };
}

async function measure(
  label: string,
  databaseUrl: string | undefined,
  notes: string[],
): Promise<SectionReport> {
  const server = await startChild(databaseUrl ? { databaseUrl } : {});
  const tables: Table[] = [];
  const sockets: WebSocket[] = [];
  try {
    let access: string;
    let orderId: number;
    try {
      ({ access } = await loginDemo(server.url));
      orderId = await firstOrderId(server.url, access);
    } catch (err) {
      if (err instanceof EndpointMissing) return naReport(err, notes);
      throw err;
    }

    // Who received what: marker → start time; per message, arrival times.
    const run = randomBytes(4).toString('hex');
    const marker = new RegExp(`bench-${run}-(\\d+)`);
    const started = new Map<number, number>();
    const delays: number[] = [];
    const perMessage = new Map<number, number>();
    // Per message: the first and the last socket to get it (the spread is the fan-out), and the POST's own time.
    const first = new Map<number, number>();
    const last = new Map<number, number>();
    const postMs: number[] = [];
    // The event should carry the message (with our marker in its text); if it only carries an id, the k-th
    // chat.message a socket receives after the timed run starts is taken as the k-th post.
    const seen = new WeakMap<WebSocket, number>();
    let counting = false;
    const onData = (data: string, at: number, ws: WebSocket) => {
      if (!counting || !data.includes('chat.message')) return;
      const m = marker.exec(data);
      const k = seen.get(ws) ?? 0;
      seen.set(ws, k + 1);
      const i = m ? Number(m[1]) : k;
      const t0 = started.get(i);
      if (t0 === undefined) return;
      delays.push(at - t0);
      perMessage.set(i, (perMessage.get(i) ?? 0) + 1);
      first.set(i, Math.min(first.get(i) ?? Infinity, at - t0));
      last.set(i, Math.max(last.get(i) ?? 0, at - t0));
    };

    // Idle memory after start, seed and the first requests have settled.
    await new Promise((r) => setTimeout(r, 2000));
    const rssIdle = server.rssMb();
    const wsUrl = `${server.url.replace('http', 'ws')}/ws/client/?token=${encodeURIComponent(access)}`;
    const tConnect = performance.now();
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, () => connect(wsUrl, onData));
      sockets.push(...(await Promise.all(batch)));
    }
    const connectS = (performance.now() - tConnect) / 1000;
    const rssConnected = server.rssMb();

    // Check the staff endpoint before the timed run (it also warms the path up).
    try {
      await call(server.url, `/api/staff/orders/${orderId}/messages/`, {
        json: { author: 'writer', text: 'Разогрев перед замером' },
        staff: true,
      });
    } catch (err) {
      if (err instanceof EndpointMissing) return naReport(err, notes);
      throw err;
    }
    await new Promise((r) => setTimeout(r, 1000));

    let rssPeak = rssConnected ?? 0;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rssMb() ?? 0)), 200);
    const posts: Promise<unknown>[] = [];
    const postErrors: string[] = [];
    const interval = 1000 / RATE;
    const cpu0 = { server: server.cpuS(), bench: process.cpuUsage() };
    const t0 = performance.now();
    counting = true;
    for (let i = 0; i < MESSAGES; i++) {
      const due = t0 + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const start = performance.now();
      started.set(i, start);
      posts.push(
        call(server.url, `/api/staff/orders/${orderId}/messages/`, {
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
    const expected = CLIENTS * MESSAGES;
    const deadline = performance.now() + 5000;
    while (delays.length < expected && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    clearInterval(sampler);
    const wall = (performance.now() - t0) / 1000;
    const serverCpu = cpu0.server !== null ? ((server.cpuS()! - cpu0.server) / wall) * 100 : null;
    const benchUsage = process.cpuUsage(cpu0.bench);
    const benchCpu = ((benchUsage.user + benchUsage.system) / 1e6 / wall) * 100;
    rssPeak = Math.max(rssPeak, server.rssMb() ?? 0);

    const sorted = delays.sort((a, b) => a - b);
    const delivered = (delays.length / expected) * 100;
    if (postErrors.length)
      notes.push(`${label}: ${postErrors.length} staff POSTs failed, first: ${postErrors[0]}`);
    const lost = [...Array(MESSAGES).keys()].filter((i) => (perMessage.get(i) ?? 0) < CLIENTS).length;
    if (lost) notes.push(`${label}: ${lost} messages did not reach every socket within 5 s.`);
    notes.push(`${label}: connected ${fmt(CLIENTS)} sockets in ${connectS.toFixed(1)} s.`);
    if (server.kind === 'pglite')
      notes.push(
        'PGlite: the server RSS includes embedded PGlite (PostgreSQL compiled to WASM: its code, its 128 MB minimum memory and shared_buffers, PGLITE_SHARED_BUFFERS, 16MB by default); the socket cost is the difference between idle and connected.',
      );

    tables.push({
      title: `${label}: delivery of ${MESSAGES} messages to ${fmt(CLIENTS)} sockets`,
      columns: ['figure', 'value', 'goal', ''],
      rows: [
        figureRow('delay p50', percentile(sorted, 50), 'ms'),
        figureRow('delay p99', percentile(sorted, 99), 'ms', GOALS.p99),
        figureRow('delay max', sorted.at(-1), 'ms'),
        figureRow('first socket, p50 over messages', percentile(sortNum([...first.values()]), 50), 'ms'),
        figureRow('last socket, p50 over messages', percentile(sortNum([...last.values()]), 50), 'ms'),
        figureRow('staff POST p50', percentile(sortNum(postMs), 50), 'ms'),
        figureRow('delivered', delivered, '%', GOALS.delivered),
        figureRow('server CPU while delivering', serverCpu, '% of a core', undefined, 0),
        figureRow('bench (clients) CPU', benchCpu, '% of a core', undefined, 0),
      ],
    });
    tables.push({
      title: `${label}: server memory (VmRSS of the server process)`,
      columns: ['figure', 'value', 'goal', ''],
      rows: [
        figureRow('idle (after start and seed)', rssIdle, 'MB'),
        figureRow(`with ${fmt(CLIENTS)} sockets`, rssConnected, 'MB'),
        figureRow('peak while delivering', rssPeak, 'MB', GOALS.rss),
        // Negative when the runtime gave memory back meanwhile; then the figure says nothing.
        figureRow(
          'socket cost (connected − idle)',
          rssConnected !== null && rssIdle !== null && rssConnected >= rssIdle
            ? rssConnected - rssIdle
            : null,
          'MB',
        ),
      ],
    });
    return {
      section: 'realtime',
      at: new Date().toISOString(),
      status: statusOf(tables),
      tables,
      notes,
      data: {
        clients: CLIENTS,
        messages: MESSAGES,
        ratePerS: RATE,
        delayMs: {
          p50: percentile(sorted, 50),
          p90: percentile(sorted, 90),
          p99: percentile(sorted, 99),
          max: sorted.at(-1) ?? null,
        },
        firstSocketP50Ms: percentile(sortNum([...first.values()]), 50),
        lastSocketP50Ms: percentile(sortNum([...last.values()]), 50),
        staffPostP50Ms: percentile(sortNum(postMs), 50),
        deliveredPct: delivered,
        cpuPct: { server: serverCpu, bench: benchCpu },
        rssMb: { idle: rssIdle, connected: rssConnected, peak: rssPeak },
        connectS,
        postErrors: postErrors.length,
      },
    };
  } finally {
    for (const s of sockets) s.terminate();
    await server.stop();
  }
}

const sortNum = (a: number[]) => a.sort((x, y) => x - y);

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
          ['delay p99', err.message, '≤ 100 ms', 'n/a'],
          ['peak RSS', err.message, '≤ 300 MB', 'n/a'],
        ],
      },
    ],
    notes: [...notes, err.message],
    data: { missing: err.endpoint },
  };
}
