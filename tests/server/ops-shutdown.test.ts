// A graceful shutdown through a real server on a real port, as SIGTERM runs it (server/main.ts → server.close()).
import { describe, expect, it } from 'vitest';
import { openPglite } from './helpers/test-database';
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { users } from '../../server/db/tables';
import { hashPassword } from '../../server/domain/passwords';
import { testConfig } from '../../server/config';
import { startServer } from '../../server/server';
import { createLogger } from '../../server/ops/logger';

const PASSWORD = 'shutdown-secret-password';

/** A GET on a connection of its own (no pooled keep-alive): resolves with the answer, rejects with the socket error. */
function get(url: string, token?: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = request(url, { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {} });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A server on a database of its own (PGlite opens in ~2 s, far longer on a busy machine: hence 60 s tests), with a
 * signed-in customer whose socket is open and one request of theirs held in flight: the database is busy in a
 * transaction (PGlite runs one at a time) until the test calls `release`.
 */
async function serverWithSlowRequest(shutdownTimeoutMs: number) {
  // What the server did, in order: its log lines (shutdown steps, answered requests) and the database's close.
  const events: string[] = [];
  const raw: string[] = [];
  const log = createLogger('info', {
    write(line: string) {
      raw.push(line);
      const { msg, path, status } = JSON.parse(line) as { msg: string; path?: string; status?: number };
      events.push(path ? `${msg} ${path} ${status}` : msg);
    },
  });
  const database = await openPglite();
  const closeDatabase = database.close;
  database.close = async () => {
    events.push('database closed');
    await closeDatabase();
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-shutdown-'));
  const server = await startServer(testConfig({ dataDir, metricsPort: 0, shutdownTimeoutMs }), {
    database,
    closeDatabase: true,
    log,
  });

  await database.db.insert(users).values({
    email: 'shutdown@example.com',
    fio: 'Клиент Остановки',
    passwordHash: await hashPassword(PASSWORD),
    emailConfirmed: true,
  });
  const login = await fetch(`${server.url}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'shutdown@example.com', password: PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };

  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/ws/client/?token=${encodeURIComponent(access)}`,
  );
  const socketClosed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('message', resolve); // the server's hello
    ws.once('error', reject);
  });

  let release!: () => void;
  const busy = database.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
  const slow = get(`${server.url}/api/client/profile/`, access);
  slow.catch(() => {}); // awaited by the test; a cut request must not count as unhandled before that
  const inFlight = async () =>
    /^http_requests_in_flight (\d+)$/m.exec(await (await fetch(server.metricsUrl!)).text())?.[1];
  await expect.poll(inFlight).toBe('1');

  return {
    server,
    database,
    access,
    events,
    raw,
    socketClosed,
    slow,
    release: async () => {
      release();
      await busy;
    },
  };
}

describe('graceful shutdown', () => {
  it('refuses new connections, answers the request in flight, tells sockets 1001, and closes the database last', async () => {
    const { server, database, access, events, raw, socketClosed, slow, release } =
      await serverWithSlowRequest(30_000);

    const stopped = server.close();
    expect(await socketClosed).toBe(1001);
    await expect(get(`${server.url}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    await release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ email: 'shutdown@example.com' });
    expect(answer.connection).toBe('close');

    await stopped;
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
    expect(events.slice(events.indexOf('shutting down'))).toEqual([
      'shutting down',
      'request /api/client/profile/ 200',
      'connections closed',
      'database closed',
      'stopped',
    ]);
    expect(raw.map((l) => (JSON.parse(l) as { level: string }).level)).not.toContain('warn');
    for (const secret of [PASSWORD, access]) expect(raw.join('')).not.toContain(secret);
  }, 60_000);

  it('cuts a request that outlasts SHUTDOWN_TIMEOUT_MS, says so in the log, and still closes the database', async () => {
    const { server, database, events, raw, socketClosed, slow, release } = await serverWithSlowRequest(50);

    const stopped = server.close();
    await socketClosed; // told 1001, or cut too should its closing handshake take longer than the bound
    await expect(slow).rejects.toMatchObject({ code: 'ECONNRESET' });
    await release();

    await stopped;
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
    const cut = raw.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.level === 'warn');
    expect(cut).toMatchObject({ msg: 'shutdown timed out: cut what was left', requestsCut: 1 });
    expect(events.slice(-2)).toEqual(['database closed', 'stopped']);
  }, 60_000);
});
