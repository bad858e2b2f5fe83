// The database goes away and comes back under a running server (issue 34, docs/faults.md): a fast restart, a crash
// (kill -9 of the postmaster) and a connection cut by a proxy. Through each, customers keep writing chat messages and
// a socket stays open; the test checks that the process answers every request in bounded time (503 + Retry-After
// while the database is gone), that /readyz says so, that answers return within 5 s of the fault's end, that no
// acknowledged message is lost, that the socket is told to read again and then holds every message of the gap, and
// that a job whose lease ran out during the gap is run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { testConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { openDatabase, type Database } from '../../server/db/client';
import { createRealtime } from '../../server/realtime/bus-hub';
import { createLogger } from '../../server/ops/logger';
import { sendStaffMessage } from '../../server/domain/chat';
import { jobs } from '../../server/db/tables';
import type { Deps } from '../../server/env';
import type { Realtime } from '../../server/realtime/hub';
import { RESYNC_CLOSE, SOCKET_PATH } from '../../contract/realtime';
import type { ChatPage } from '../../contract/orders.api';
import type { Harness } from './harness';
import { createCustomer, insertOrder, type Customer } from './helpers/orders';
import { havePostgres, startCluster, type PgCluster } from './helpers/pg-cluster';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long the database stays away in each scenario. */
const GAP_MS = 1_500;

if (!havePostgres)
  console.warn(
    'faults-database: skipped, no PostgreSQL 15 in /usr/lib/postgresql/15/bin (apt-get install postgresql-15)',
  );

describe.skipIf(!havePostgres)('the database goes away and comes back', () => {
  let cluster: PgCluster;
  let proxy: TcpProxy;
  let server: RunningServer;
  let dataDir: string;
  /** "Another instance": its own connection straight to PostgreSQL, not through the proxy. */
  let other: { database: Database; realtime: Realtime; deps: Deps };
  let customer: Customer;
  let orderId: number;
  const logLines: Record<string, unknown>[] = [];
  const jobsRun: number[] = [];

  beforeAll(async () => {
    cluster = await startCluster();
    proxy = await startTcpProxy(cluster.port);
    dataDir = mkdtempSync(join(tmpdir(), 'cabinet-faults-'));
    const log = createLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) });
    server = await startServer(
      testConfig({ dataDir, databaseUrl: `postgres://postgres@127.0.0.1:${proxy.port}/postgres` }),
      { log },
    );
    server.jobs.handle<{ n: number }>('faults.probe', async ({ n }) => void jobsRun.push(n));
    const h = { deps: server.deps } as Harness;
    customer = await createCustomer(h);
    orderId = (await insertOrder(h, customer.id)).id;
    const database = await openDatabase({ url: cluster.url, log: createLogger('silent') });
    const realtime = await createRealtime(database);
    other = { database, realtime, deps: { ...server.deps, database, db: database.db, realtime } };
  }, 60_000);

  afterAll(async () => {
    // Whatever happens to the server's close, the cluster is stopped and removed (a PostgreSQL left running would
    // hold its memory and CPU after the test).
    const bounded = (p: Promise<unknown> | undefined) => Promise.race([p?.catch(() => {}), sleep(10_000)]);
    try {
      await bounded(other?.realtime.close());
      await bounded(other?.database.close());
      await bounded(server?.close());
      await proxy?.close();
    } finally {
      await cluster?.destroy();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });

  /**
   * What the SPA does (machines/chat): a socket that reconnects after any drop and then reads again what it missed,
   * after the newest message it has read (the socket's events do not move that mark).
   */
  function customerTab() {
    const seen = new Set<number>();
    const closes: number[] = [];
    let ws: WebSocket | undefined;
    let stopped = false;
    let readUpTo = 0;
    const readAgain = async () => {
      for (;;) {
        const res = await api(`/api/client/orders/${orderId}/messages/?after=${readUpTo}&limit=200`);
        if (res.status !== 200) throw new Error(`read again: ${res.status}`);
        const page = (await res.json()) as ChatPage;
        for (const m of page.results) seen.add(m.id);
        readUpTo = Math.max(readUpTo, ...page.results.map((m) => m.id));
        if (!page.has_more || page.results.length === 0) return;
      }
    };
    const open = () => {
      if (stopped) return;
      ws = new WebSocket(`${server.url.replace('http', 'ws')}${SOCKET_PATH}?token=${customer.token}`);
      // The first open reads the chat as the page does; an open after a drop reads what was missed.
      ws.on('open', () => {
        readAgain().catch(() => ws?.close());
      });
      ws.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string; message?: { id: number } };
        if (event.type === 'chat.message' && event.message) seen.add(event.message.id);
      });
      ws.on('error', () => {});
      ws.on('close', (code) => {
        closes.push(code);
        setTimeout(open, 200);
      });
    };
    open();
    return {
      seen,
      closes,
      opened: () => new Promise<void>((resolve) => ws!.once('open', () => resolve())),
      stop() {
        stopped = true;
        ws?.close();
      },
    };
  }

  /**
   * Writers posting chat messages side by side, as the SPA's outbox does: a message answered 503 is sent again with
   * its client_id until it is taken. Every answer is timed and kept.
   */
  function writers(count: number) {
    const answers: { clientId: string; status: number; ms: number; retryAfter: string | null }[] = [];
    let running = true;
    const loops = Array.from({ length: count }, async (_, w) => {
      for (let i = 0; running; i++) {
        const clientId = randomUUID();
        for (let status = 0; status !== 201 && status !== 200;) {
          const started = performance.now();
          const res = await api(`/api/client/orders/${orderId}/messages/`, {
            method: 'POST',
            body: JSON.stringify({ text: `писатель ${w}, сообщение ${i}`, client_id: clientId }),
          });
          await res.arrayBuffer();
          status = res.status;
          answers.push({
            clientId,
            status,
            ms: performance.now() - started,
            retryAfter: res.headers.get('retry-after'),
          });
          if (status !== 503) break;
          await sleep(200);
        }
        await sleep(50);
      }
    });
    return {
      answers,
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  /** Client ids of every message in the database, read straight from PostgreSQL. */
  async function storedClientIds(): Promise<Set<string>> {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ client_id: string }>(
      'select client_id from chat_messages where client_id is not null',
    );
    await client.end();
    return new Set(rows.map((r) => r.client_id));
  }

  /**
   * One fault: `fault()` makes the database go away, `GAP_MS` later `heal()` brings it back, and `duringGap()` runs
   * in between. Returns the recovery time (fault ended → the first 200 of an order read) for the report.
   */
  async function survive(
    name: string,
    fault: () => Promise<void>,
    heal: () => Promise<void>,
    duringGap: () => Promise<void> = async () => {},
  ) {
    const tab = customerTab();
    await tab.opened();
    const writing = writers(4);
    await sleep(300);

    // A job leased by an instance that then died: its lease runs out while the database is away.
    const [job] = await server.deps.db
      .insert(jobs)
      .values({
        name: 'faults.probe',
        key: name,
        payload: { n: jobsRun.length + 100 },
        state: 'running',
        attempts: 1,
        maxAttempts: 5,
        runAt: new Date(),
        lockedBy: 'a-dead-instance',
        lockedUntil: new Date(Date.now() + 500),
        createdAt: new Date(),
      })
      .returning({ id: jobs.id, payload: jobs.payload });

    await fault();
    const faultAt = performance.now();
    // While the database is away: /readyz says so, and every request gets its answer at once.
    const probes: { status: number; ms: number; retryAfter: string | null }[] = [];
    let readyz: { status: number; body: unknown } | undefined;
    const probing = (async () => {
      while (performance.now() - faultAt < GAP_MS - 300) {
        const started = performance.now();
        const res = await api(`/api/client/orders/${orderId}/`);
        await res.arrayBuffer();
        probes.push({
          status: res.status,
          ms: performance.now() - started,
          retryAfter: res.headers.get('retry-after'),
        });
        const ready = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
        readyz = { status: ready.status, body: await ready.json() };
        await sleep(100);
      }
    })();
    await duringGap();
    await probing;
    await sleep(Math.max(0, GAP_MS - (performance.now() - faultAt)));
    await heal();
    const healedAt = performance.now();

    let recoveredMs: number | undefined;
    while (performance.now() - healedAt < 10_000) {
      const res = await api(`/api/client/orders/${orderId}/`);
      await res.arrayBuffer();
      if (res.status === 200) {
        recoveredMs = performance.now() - healedAt;
        break;
      }
      await sleep(50);
    }
    let readyMs: number | undefined;
    while (performance.now() - healedAt < 10_000) {
      const res = await fetch(`${server.url}/readyz`);
      await res.arrayBuffer();
      if (res.status === 200) {
        readyMs = performance.now() - healedAt;
        break;
      }
      await sleep(50);
    }
    await sleep(500); // writers succeed again for a moment
    await writing.stop();

    // The job whose lease ran out during the gap was run once the database was back.
    const payloadN = (job!.payload as { n: number }).n;
    for (let i = 0; i < 100 && !jobsRun.includes(payloadN); i++) await sleep(100);

    // The tab reads what it missed: every message, its own writers' and the gap's staff one included.
    const stored = await storedClientIds();
    const acknowledged = writing.answers.filter((a) => a.status === 201 || a.status === 200);
    const lost = acknowledged.filter((a) => !stored.has(a.clientId));
    const { rows } = await other.database.db.execute<{ id: number }>(
      sql`select id from chat_messages where order_id = ${orderId}`,
    );
    const allIds = (rows as { id: number }[]).map((r) => Number(r.id));
    for (let i = 0; i < 50 && allIds.some((id) => !tab.seen.has(id)); i++) await sleep(100);
    const unseen = allIds.filter((id) => !tab.seen.has(id));
    tab.stop();

    const failed = [...writing.answers, ...probes].filter((a) => a.status !== 200 && a.status !== 201);
    const slowest = Math.max(0, ...failed.map((a) => a.ms));
    console.info(
      `${name}: ${writing.answers.length} writes (${acknowledged.length} acknowledged, ${lost.length} lost), ` +
        `${failed.length} answered 503 (slowest ${Math.round(slowest)} ms), answers back ${Math.round(recoveredMs ?? -1)} ms ` +
        `and /readyz 200 ${Math.round(readyMs ?? -1)} ms after the fault ended; socket closes ${tab.closes.join(',')}; ` +
        `${allIds.length} messages, ${unseen.length} unseen by the tab`,
    );

    expect(
      probes.some((p) => p.status === 503),
      'a request during the gap got 503',
    ).toBe(true);
    expect(readyz?.status, '/readyz during the gap').toBe(503);
    for (const a of failed) {
      expect(a.status, 'a failure is a 503').toBe(503);
      expect(a.retryAfter, '503 carries Retry-After').toBe('5');
      expect(a.ms, 'a 503 comes within 2 s').toBeLessThan(2_000);
    }
    expect(recoveredMs, 'answers return within 5 s').toBeLessThan(5_000);
    expect(readyMs, '/readyz says ready again within 5 s').toBeLessThan(5_000);
    expect(lost, 'acknowledged writes lost').toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(tab.closes, 'the socket was told to read again').toContain(RESYNC_CLOSE);
    expect(unseen, 'messages the tab never got').toEqual([]);
    expect(jobsRun, 'the job leased during the gap ran').toContain(payloadN);
    return { recoveredMs, readyMs };
  }

  /** A staff message from "another instance" as soon as the database takes it (retried until then). */
  async function staffMessageFromElsewhere(text: string) {
    const row = (await other.deps.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) }))!;
    for (;;) {
      try {
        return await sendStaffMessage(other.deps, row, { author: 'writer', text });
      } catch {
        await sleep(100);
      }
    }
  }

  it('survives a fast restart (pg_ctl restart -m fast)', async () => {
    await survive(
      'fast restart',
      () => cluster.stop('fast'),
      async () => {
        await cluster.start();
        await staffMessageFromElsewhere('Автор: сообщение сразу после перезапуска базы');
      },
    );
    expect(logLines.some((l) => l.msg === 'realtime bus: listening again')).toBe(true);
  }, 40_000);

  it('survives a crash (kill -9 of the postmaster, then a start)', async () => {
    await survive(
      'crash',
      () => cluster.kill(),
      async () => {
        await cluster.start();
        await staffMessageFromElsewhere('Автор: сообщение после сбоя базы');
      },
    );
  }, 40_000);

  it('survives a connection cut in the middle of queries, and delivers what another instance sent meanwhile', async () => {
    await survive(
      'connection cut',
      async () => proxy.cut(),
      async () => proxy.heal(),
      // The database itself is up: another instance writes to the customer while this one is cut off.
      () => staffMessageFromElsewhere('Автор: сообщение, пока связь была прервана').then(() => {}),
    );
  }, 40_000);
});
