// The socket's keep-alive through a real server on a real port: the client's `ping` is answered, and a peer that
// stops answering the server's protocol pings (a phone that slept, a forgotten NAT entry) is ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './helpers/test-database';
import WebSocket from 'ws';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/tables';
import { hashPassword } from '../../server/domain/passwords';
import { testConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { HEARTBEAT } from '../../contract/realtime';

const PING_MS = 150;
let database: Database;
let server: RunningServer;
let access: string;

beforeAll(async () => {
  database = await openPglite();
  server = await startServer(testConfig(), { database, socketPingMs: PING_MS });
  await server.deps.db.insert(users).values({
    email: 'socket@example.com',
    fio: 'Клиент Сокета',
    passwordHash: await hashPassword('socket-password'),
    emailConfirmed: true,
  });
  const answer = await fetch(`${server.url}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'socket@example.com', password: 'socket-password' }),
  });
  access = ((await answer.json()) as { access: string }).access;
}, 30_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** Opens the customer's socket; resolves with it and everything it received, once the server said hello. */
function connect(options: WebSocket.ClientOptions = {}) {
  const received: string[] = [];
  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/ws/client/?token=${encodeURIComponent(access)}`,
    options,
  );
  ws.on('message', (data) => received.push(String(data)));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise<{ ws: WebSocket; received: string[]; closed: Promise<number> }>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', () => resolve({ ws, received, closed }));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('socket keep-alive', () => {
  it("answers the client's ping with pong and nothing else", async () => {
    const { ws, received } = await connect();
    expect(JSON.parse(received[0]!)).toMatchObject({ type: 'hello' });
    ws.send(HEARTBEAT.ping);
    await expect.poll(() => received.slice(1)).toEqual([HEARTBEAT.pong]);
    ws.send('something else'); // not a command: ignored, the socket stays
    await sleep(50);
    expect(received.slice(1)).toEqual([HEARTBEAT.pong]);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('keeps a socket that answers the protocol pings open across many rounds', async () => {
    const { ws } = await connect();
    let pings = 0;
    ws.on('ping', () => pings++);
    await sleep(PING_MS * 5);
    expect(pings).toBeGreaterThanOrEqual(3);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('ends a socket that stops answering, within two rounds', async () => {
    const { closed } = await connect({ autoPong: false });
    const started = Date.now();
    const code = await closed;
    expect(code).toBe(1006); // terminated: no closing handshake with a peer that is gone
    expect(Date.now() - started).toBeLessThan(PING_MS * 10); // never, without the keep-alive
  });
});
