// Nothing waits for ever on the database (issue 34, docs/faults.md): a statement blocked by a lock the test holds,
// enough of them to take every pooled connection, and a transaction left open. Callers get 503 with Retry-After in
// bounded time, what does not touch the locked rows keeps answering, and everything answers again once the lock goes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { testConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import type { Harness } from './harness';
import { createCustomer, insertOrder, type Customer } from './helpers/orders';
import { havePostgres, startCluster, type PgCluster } from './helpers/pg-cluster';

const TIMEOUTS = { connectMs: 1_000, statementMs: 1_500, idleInTransactionMs: 1_500 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!havePostgres)
  console.warn(
    'faults-slow-database: skipped, no PostgreSQL 15 in /usr/lib/postgresql/15/bin (apt-get install postgresql-15)',
  );

describe.skipIf(!havePostgres)('a slow database', () => {
  let cluster: PgCluster;
  let server: RunningServer;
  let dataDir: string;
  let customer: Customer;
  let orderId: number;

  beforeAll(async () => {
    cluster = await startCluster();
    dataDir = mkdtempSync(join(tmpdir(), 'cabinet-slow-'));
    server = await startServer(testConfig({ dataDir, databaseUrl: cluster.url, dbTimeouts: TIMEOUTS }));
    const h = { deps: server.deps } as Harness;
    customer = await createCustomer(h);
    orderId = (await insertOrder(h, customer.id)).id;
  }, 60_000);

  afterAll(async () => {
    try {
      await Promise.race([server?.close(), sleep(10_000)]);
    } finally {
      await cluster?.destroy(); // never a PostgreSQL left running after the test
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const timed = async (path: string, auth = true) => {
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, {
      headers: auth ? { authorization: `Bearer ${customer.token}` } : {},
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  };

  it('answers 503 in bounded time when a lock holds every connection, keeps the rest answering, and recovers', async () => {
    // The test holds the orders table, as a long migration or a stuck batch job would.
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table orders in access exclusive mode');
    try {
      // Twenty readers of the order: ten take the pool's connections and wait on the lock, ten wait for a connection.
      const blocked = Promise.all(Array.from({ length: 20 }, () => timed(`/api/client/orders/${orderId}/`)));
      await sleep(200);
      const health = await timed('/healthz', false);
      const answers = await blocked;
      const worst = Math.max(...answers.map((a) => a.ms));
      console.info(
        `lock held: ${answers.filter((a) => a.status === 503).length} of 20 readers answered 503, the slowest in ` +
          `${Math.round(worst)} ms (statement_timeout ${TIMEOUTS.statementMs} ms, pool wait ${TIMEOUTS.connectMs} ms); ` +
          `/healthz meanwhile ${Math.round(health.ms)} ms`,
      );
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(500);
      for (const a of answers) {
        expect(a.status).toBe(503);
        expect(a.retryAfter).toBe('5');
        // The statement's own limit plus a wait for a connection, never the client's patience.
        expect(a.ms).toBeLessThan(TIMEOUTS.statementMs + TIMEOUTS.connectMs + 1_500);
      }
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const after = await timed(`/api/client/orders/${orderId}/`);
    expect(after.status).toBe(200);
  }, 30_000);

  it('ends a transaction left idle, and the pool goes on with a fresh connection', async () => {
    const left = server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(TIMEOUTS.idleInTransactionMs + 1_000); // idle in transaction past the limit
      await tx.execute(sql`select 1`);
    });
    await expect(left).rejects.toThrow();
    const answer = await timed(`/api/client/orders/${orderId}/`);
    expect(answer.status).toBe(200);
    expect(server.deps.database.poolStats?.().waiting).toBe(0);
  }, 30_000);
});
