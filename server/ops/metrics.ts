import { createServer } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface Metrics {
  registry: Registry;
  /** Counts one answered request under its route pattern (never the raw path: ids would make a series each). */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** Counts one request refused by load shedding (server/ops/shedding.ts), which `observe` never sees. */
  shed(): void;
}

/** One registry per server (tests start several in one process), with Node's own process metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its response (headers; a streamed body may take longer), by route pattern.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const shed = new Counter({
    name: 'http_requests_shed_total',
    help: 'Requests answered 503 at once by load shedding (too many in flight or a late event loop).',
    registers: [registry],
  });
  // The labelled series of each (method, route, status), looked up once: prom-client hashes a labels object on
  // every call otherwise. Routes are patterns, so the map stays small.
  const series = new Map<string, { count: { inc(): void }; time: { observe(s: number): void } }>();
  return {
    registry,
    observe(method, route, status, seconds) {
      const m = METHODS.has(method) ? method : 'other';
      const key = `${m} ${status} ${route}`;
      let s = series.get(key);
      if (!s) {
        const labels = { method: m, route, status: String(status) };
        s = { count: requests.labels(labels), time: duration.labels(labels) };
        series.set(key, s);
      }
      s.count.inc();
      s.time.observe(seconds);
    },
    shed: () => shed.inc(),
  };
}

/** Gauges read at each scrape: requests in flight, open sockets and, on PostgreSQL, the pool. */
export function watchServer(
  metrics: Metrics,
  read: {
    inFlight: () => number;
    sockets: () => number;
    pool: (() => { total: number; idle: number; waiting: number }) | undefined;
  },
): void {
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers: [metrics.registry],
      collect() {
        this.set(value());
      },
    });
  gauge('http_requests_in_flight', 'Requests received and not yet answered in full.', read.inFlight);
  gauge('websocket_connections_open', 'Open realtime sockets.', read.sockets);
  const pool = read.pool;
  if (!pool) return;
  gauge('db_pool_connections', 'Connections in the PostgreSQL pool.', () => pool().total);
  gauge('db_pool_connections_idle', 'Idle connections in the PostgreSQL pool.', () => pool().idle);
  gauge('db_pool_waiting_queries', 'Queries waiting for a connection of the pool.', () => pool().waiting);
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), which the balancer does not forward (docs/operations.md
 * says why).
 */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
