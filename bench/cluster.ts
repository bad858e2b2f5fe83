// One instance against two, through nginx, on PostgreSQL: the cluster of `npm run e2e:cluster`
// (scripts/cluster/cluster.ts), with a second nginx in front of instance a alone, so that both shapes run in one
// process on the same database, the same data and the same build, side by side.
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import {
  ClusterUnavailable,
  startCluster,
  type Balancer,
  type Cluster,
  type Instance,
} from '../scripts/cluster/cluster';
import { bulkOrders, call, firstOrderId, loginDemo, STAFF_TOKEN } from './lib/server';
import {
  figureRow,
  fmt,
  NotAvailable,
  statusOf,
  type Goal,
  type SectionReport,
  type Table,
} from './lib/report';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const NO_ERRORS: Goal = { op: '==', limit: 0 };

interface Run {
  endpoint: string;
  instances: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** autocannon's own counts behind `errors`, and the statuses seen. */
  detail: { errors: number; timeouts: number; statuses: Record<string, number> };
  /** Requests each instance answered during the run (its http_requests_total), by name. */
  served: Record<string, number>;
  /** Share of the machine's CPU time in use during the run (all cores, every process). */
  machineBusy: number | null;
}

/** Busy and total CPU time of the whole machine so far (/proc/stat), or null off Linux. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    // idle + iowait
    return { busy: total - f[3]! - (f[4] ?? 0), total };
  } catch {
    return null;
  }
}

/** Requests an instance has answered so far, from its own metrics port. */
async function answered(instance: Instance): Promise<number> {
  const text = await (await fetch(instance.metricsUrl)).text();
  let sum = 0;
  for (const line of text.split('\n'))
    if (line.startsWith('http_requests_total{')) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  return sum;
}

async function measure(
  cluster: Cluster,
  balancer: Balancer,
  members: Instance[],
  endpoint: string,
  path: string,
  opts: { requests?: LoadRequest[]; headers?: Record<string, string> },
): Promise<Run> {
  // nginx's own address: autocannon resolves no names.
  const url = `http://127.0.0.1:${balancer.port}${path}`;
  // Warm-up (JIT, pools, caches, nginx's keep-alive connections), not counted.
  await autocannon({ url, connections: 10, duration: 2, ...opts });
  const before = await Promise.all(cluster.instances.map(answered));
  const cpu0 = cpuTimes();
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, timeout: 10, ...opts });
  const cpu1 = cpuTimes();
  const after = await Promise.all(cluster.instances.map(answered));
  const served: Record<string, number> = {};
  cluster.instances.forEach((instance, i) => (served[instance.name] = after[i]! - before[i]!));
  return {
    endpoint,
    instances: members.length,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    detail: {
      errors: r.errors,
      timeouts: r.timeouts,
      statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
    },
    served,
    machineBusy: cpu0 && cpu1 ? (cpu1.busy - cpu0.busy) / (cpu1.total - cpu0.total) : null,
  };
}

const split = (run: Run) => {
  const total = Object.values(run.served).reduce((a, b) => a + b, 0) || 1;
  return Object.entries(run.served)
    .map(([name, n]) => `${name} ${Math.round((n / total) * 100)}%`)
    .join(' / ');
};

export async function runCluster(): Promise<SectionReport> {
  const cores = cpus().length;
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      instances: 2,
      staffToken: STAFF_TOKEN,
      env: { ACCESS_TOKEN_TTL: '3600', TEST_HOOKS: '1' },
      // nginx closes a client's connection after 1 000 requests (keepalive_requests); autocannon keeps each of its
      // connections for the whole run, and now and then counts the reset of such a close as an error. Browsers
      // never come near that many requests on one connection, so the site file keeps nginx's default.
      nginxHttp: ['keepalive_requests 1000000;'],
      say: (line) => console.log(`  ${line}`),
    });
  } catch (err) {
    if (err instanceof ClusterUnavailable) throw new NotAvailable(err.message);
    throw err;
  }
  const runs: Run[] = [];
  const notes: string[] = [];
  try {
    const [a] = cluster.instances as [Instance, Instance];
    const one = await cluster.addBalancer('nginx-one', [a]);
    const two = cluster.balancer;
    const shapes: [Balancer, Instance[]][] = [
      [one, [a]],
      [two, cluster.instances],
    ];

    const { access } = await loginDemo(two.url);
    const auth = { authorization: `Bearer ${access}` };
    const t = Date.now();
    await bulkOrders(two.url, 'demo@example.com', ORDERS);
    const orderId = await firstOrderId(two.url, access);
    const list = await call<{ count?: number }>(two.url, '/api/client/orders/', { token: access });
    notes.push(
      `added ${fmt(ORDERS)} orders for the demo customer in ${((Date.now() - t) / 1000).toFixed(1)} s; the list's count = ${list.body.count ?? '?'}`,
    );

    for (const [balancer, members] of shapes)
      runs.push(
        await measure(cluster, balancer, members, 'order list', '/api/client/orders/', { headers: auth }),
      );
    const chat = `/api/client/orders/${orderId}/messages/`;
    for (const [balancer, members] of shapes)
      runs.push(
        await measure(cluster, balancer, members, 'chat post', chat, {
          requests: [
            {
              method: 'POST',
              path: chat,
              headers: { 'content-type': 'application/json', ...auth },
              // A fresh client_id per request: the idempotency check must not fold two posts into one.
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({ text: 'Нагрузочное сообщение', client_id: randomUUID() }),
              }),
            },
          ],
        }),
      );
  } finally {
    await cluster.close();
  }

  const busy = (r: Run) => (r.machineBusy === null ? 'n/a' : `${Math.round(r.machineBusy * 100)} %`);
  const tables: Table[] = [
    {
      title: `through nginx, PostgreSQL 15, ${cores} cores (${model}) shared by autocannon, nginx, PostgreSQL and the instances`,
      columns: [
        'endpoint',
        'instances',
        'req/s',
        'p50',
        'p99',
        'served by',
        'CPU busy',
        'errors',
        'goal',
        '',
      ],
      rows: runs.map((r) => {
        const errs = figureRow('', r.errors + r.non2xx, '', NO_ERRORS);
        return [
          r.endpoint,
          r.instances,
          fmt(Math.round(r.rps)),
          `${fmt(r.p50)} ms`,
          `${fmt(r.p99)} ms`,
          split(r),
          busy(r),
          errs[1]!,
          errs[2]!,
          errs[3]!,
        ];
      }),
    },
    {
      title: `two instances ÷ one (${cores} cores)`,
      columns: ['endpoint', 'req/s ×', 'p99 one → two'],
      rows: ['order list', 'chat post'].map((endpoint) => {
        const [r1, r2] = [1, 2].map((n) => runs.find((r) => r.endpoint === endpoint && r.instances === n)!);
        return [endpoint, (r2!.rps / r1!.rps).toFixed(2), `${fmt(r1!.p99)} → ${fmt(r2!.p99)} ms`];
      }),
    },
  ];
  notes.unshift(
    `${CONNECTIONS} connections, ${DURATION} s per row after a 2 s warm-up; the same nginx site file (deploy/nginx/cabinet.conf) in front of instance a alone, then of a and b; one database, one data set.`,
    `What bounds the ratio: this machine has ${cores} cores (${availableParallelism()} usable) and everything runs on them — autocannon (one core's worth of JavaScript), nginx, PostgreSQL and the instances. A second instance adds a process, not a core: once the cores are busy ("CPU busy" near 100 %), two instances share the same CPU time as one, and the ratio shows the cost of the extra hop and process more than any scaling. Real scaling needs instances on cores (or machines) of their own, with the database and the load generator elsewhere.`,
  );
  return {
    section: 'cluster',
    at: new Date().toISOString(),
    status: statusOf(tables),
    tables,
    notes,
    data: { cores, model, connections: CONNECTIONS, durationS: DURATION, orders: ORDERS, runs },
  };
}
