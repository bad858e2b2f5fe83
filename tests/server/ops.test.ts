// What operators and the balancer see of one instance: the probes, the request log, the metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './helpers/test-database';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { createApp, type AppOps } from '../../server/app';
import { loadConfig, testConfig, type Config } from '../../server/config';
import { createRealtime } from '../../server/realtime/bus-hub';
import { startServer, type RunningServer } from '../../server/server';
import { createLogger } from '../../server/ops/logger';
import { createStorage } from '../../server/storage/storage';
import { users } from '../../server/db/tables';
import { hashPassword } from '../../server/domain/passwords';

const PASSWORD = 'ops-secret-password-42';
let database: Database;
const dataDir = mkdtempSync(join(tmpdir(), 'ops-test-'));

beforeAll(async () => {
  database = await openPglite();
  await database.db.insert(users).values({
    email: 'ops@example.com',
    fio: 'Клиент Операторов',
    passwordHash: await hashPassword(PASSWORD),
    emailConfirmed: true,
  });
});
afterAll(() => database?.close());

/** Captures pino's output, one parsed JSON object per line. */
function capture() {
  const raw: string[] = [];
  const log = createLogger('debug', { write: (line: string) => raw.push(line) });
  return { log, raw, lines: () => raw.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

async function appFor(db: Database, overrides: Partial<Config> = {}, ops: AppOps = {}) {
  const realtime = await createRealtime(db);
  const config = testConfig({ dataDir, ...overrides });
  const deps = {
    config,
    database: db,
    db: db.db,
    realtime,
    storage: await createStorage(config),
    now: () => new Date(),
  };
  return createApp(deps, undefined, ops);
}

describe('probes for the balancer', () => {
  it('answers /healthz, and /readyz with 200 when the database, its migrations and storage are ready', async () => {
    const app = await appFor(database);
    const health = await app.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      checks: {
        database: 'ok',
        migrations: 'ok',
        storage: 'ok',
        ...(database.kind === 'postgres' && { realtime: 'ok' }),
      },
    });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    // The one Playwright waits for stays.
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('answers /readyz with 503 as soon as shutdown begins, while /healthz still says alive', async () => {
    const lifecycle = { draining: false };
    const app = await appFor(database, {}, { lifecycle });
    expect((await app.request('/readyz')).status).toBe(200);
    lifecycle.draining = true;
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, checks: { shutdown: 'started' } });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('answers /readyz with 503 when the database is closed', async () => {
    const closed = await openPglite();
    const app = await appFor(closed);
    expect((await app.request('/readyz')).status).toBe(200);
    await closed.close();
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, checks: { database: 'failed', storage: 'ok' } });
  }, 60_000); // opens a database of its own

  it('answers /readyz with 503 when a migration this build ships is missing from the database', async () => {
    const app = await appFor(database);
    const newest = sql`from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`;
    const saved = (await database.db.execute(sql`select id, hash, created_at ${newest}`)) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const row = saved.rows[0]!;
    await database.db.execute(sql`delete ${newest}`);
    try {
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { database: 'ok', migrations: 'failed' } });
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await app.request('/readyz')).status).toBe(200);
  });

  it('answers /readyz with 503 when the files cannot be stored, and logs why once', async () => {
    const notADir = join(dataDir, 'a-file');
    writeFileSync(notADir, '');
    const { log, lines } = capture();
    const app = await appFor(database, { dataDir: join(notADir, 'data') }, { log });
    for (let i = 0; i < 2; i++) {
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { database: 'ok', storage: 'failed' } });
    }
    const why = lines().filter((l) => l.msg === 'not ready');
    expect(why).toHaveLength(1);
    expect(why[0]).toMatchObject({ level: 'warn', reasons: { storage: expect.stringContaining('ENOTDIR') } });
  });
});

describe('the request log', () => {
  it('writes one JSON line per request with the request id, the route pattern and no query string', async () => {
    const { log, lines } = capture();
    const app = await appFor(database, {}, { log });
    const res = await app.request('/api/client/orders/4711/?token=query-secret', {
      headers: { 'X-Request-Id': 'ops-req-1' },
    });
    expect(res.headers.get('x-request-id')).toBe('ops-req-1');
    const line = lines().find((l) => l.reqId === 'ops-req-1');
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/client/orders/4711/',
      status: res.status,
    });
    expect(line?.route).not.toContain('4711');
    expect(typeof line?.ms).toBe('number');
    // Without an id of the caller's, the one the app made and sent back.
    const own = await app.request('/healthz');
    expect(lines().at(-1)).toMatchObject({ reqId: own.headers.get('x-request-id'), level: 'debug' });
  });

  it('never carries a password, a bearer token, a cookie or the socket token', async () => {
    const { log, raw } = capture();
    const app = await appFor(database, {}, { log });
    const login = await app.request('/api/client/auth/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'ops@example.com', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    await app.request('/api/client/profile/', {
      headers: { Authorization: `Bearer ${access}`, Cookie: 'refresh=cookie-secret' },
    });
    await app.request(`/ws/client/?token=${access}`);
    // Should an object with credentials ever be logged, they are blanked.
    log.info({
      req: { headers: { authorization: `Bearer ${access}`, cookie: 'refresh=cookie-secret' } },
      body: { password: PASSWORD },
      query: { token: access },
    });
    const text = raw.join('');
    expect(raw.length).toBeGreaterThanOrEqual(4);
    expect(text).toContain('[redacted]');
    for (const secret of [PASSWORD, access, 'cookie-secret']) expect(text).not.toContain(secret);
  });
});

describe('metrics', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(testConfig({ dataDir, metricsPort: 0 }), { database });
  });
  afterAll(() => server?.close());

  const scrape = async () => {
    const res = await fetch(server.metricsUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('counts requests by route pattern, not by path, with their latency, and shows the open sockets', async () => {
    const login = await fetch(`${server.url}/api/client/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'ops@example.com', password: PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    for (const id of [4711, 4712])
      await fetch(`${server.url}/api/client/orders/${id}/`, {
        headers: { Authorization: `Bearer ${access}` },
      });
    await fetch(`${server.url}/healthz`);
    const text = await scrape();
    expect(text).toContain('http_requests_total{method="GET",route="/healthz",status="200"} 1');
    const orders = text
      .split('\n')
      .filter((l) => l.startsWith('http_requests_total{') && l.includes('/orders/'));
    expect(orders).toEqual([
      expect.stringMatching(/route="\/api\/client\/orders\/:id[^"]*\/",status="404"} 2$/),
    ]);
    // No label names a path's id (the values may hold any digits: a memory size, a CPU time).
    const labels = text.split('\n').flatMap((l) => /\{([^}]*)\}/.exec(l)?.[1] ?? []);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((l) => /4711|4712/.test(l))).toEqual([]);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"} 1/,
    );
    expect(text).toMatch(/^websocket_connections_open 0$/m);
    expect(text).toMatch(/^http_requests_in_flight 0$/m);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('is served only on its own port: the public port answers /metrics with 404', async () => {
    const pub = await fetch(`${server.url}/metrics`);
    expect(pub.status).toBe(404);
    expect(await pub.text()).not.toContain('http_requests_total');
    expect((await fetch(server.metricsUrl!.replace('/metrics', '/'))).status).toBe(404);
  });

  it('is off unless METRICS_PORT is set', async () => {
    const plain = await startServer(testConfig({ dataDir }), { database });
    try {
      expect(plain.metricsUrl).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('operator settings', () => {
  const env = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };

  it('reads LOG_LEVEL, SHUTDOWN_TIMEOUT_MS and METRICS_PORT, with quiet logs and no metrics by default', () => {
    expect(loadConfig(env)).toMatchObject({
      logLevel: 'info',
      shutdownTimeoutMs: 10_000,
      metricsPort: undefined,
    });
    expect(loadConfig({ ...env, VITEST: 'true' }).logLevel).toBe('silent');
    expect(
      loadConfig({
        ...env,
        LOG_LEVEL: 'warn',
        SHUTDOWN_TIMEOUT_MS: '2500',
        METRICS_PORT: '9464',
        HOST: '10.0.0.5',
      }),
    ).toMatchObject({
      logLevel: 'warn',
      shutdownTimeoutMs: 2500,
      metricsPort: 9464,
      metricsHost: '10.0.0.5',
    });
  });

  it('refuses values it cannot read', () => {
    expect(() => loadConfig({ ...env, LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of');
    expect(() => loadConfig({ ...env, SHUTDOWN_TIMEOUT_MS: '10s' })).toThrow(
      'SHUTDOWN_TIMEOUT_MS must be a whole number, not "10s".',
    );
    expect(() => loadConfig({ ...env, METRICS_PORT: 'yes' })).toThrow('METRICS_PORT must be a whole number');
  });
});
