// The socket's doors, through a real server on a real port with `ws`: a frame over the limit closes the socket
// with 1009 (refused on its header, never buffered), a client flooding messages or protocol pings is cut off with
// 1008, and neither grows the server's memory.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from './helpers/test-database';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/tables';
import { hashPassword } from '../../server/domain/passwords';
import { testConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { HEARTBEAT, LIMIT_CLOSE, SOCKET_LIMITS } from '../../contract/realtime';

let database: Database;
let server: RunningServer;
let access: string;

beforeAll(async () => {
  database = await openPglite();
  server = await startServer(testConfig(), { database });
  await server.deps.db.insert(users).values({
    email: 'limits@example.com',
    fio: 'Клиент Лимитов',
    passwordHash: await hashPassword('limits-password'),
    emailConfirmed: true,
  });
  const answer = await fetch(`${server.url}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'limits@example.com', password: 'limits-password' }),
  });
  access = ((await answer.json()) as { access: string }).access;
}, 90_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const MB = 1024 * 1024;

/** Opens the customer's socket once the server said hello; `closed` resolves with the close code. */
function connect() {
  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/ws/client/?token=${encodeURIComponent(access)}`,
  );
  const received: string[] = [];
  ws.on('message', (data) => received.push(String(data)));
  ws.on('error', () => {}); // a cut-off connection may error on the client's side as well
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise<{ ws: WebSocket; received: string[]; closed: Promise<number> }>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('message', () => resolve({ ws, received, closed }));
  });
}

describe('socket limits', () => {
  it('a frame one byte over the limit closes the socket with 1009; one at the limit does not', async () => {
    const ok = await connect();
    ok.ws.send('x'.repeat(SOCKET_LIMITS.maxFrameBytes));
    ok.ws.send(HEARTBEAT.ping);
    await expect.poll(() => ok.received).toContain(HEARTBEAT.pong);
    expect(ok.ws.readyState).toBe(WebSocket.OPEN);
    ok.ws.close();

    // @hono/node-ws reports the error as an ErrorEvent, which Node 20 lacks: no ReferenceError may reach the log.
    const logged = vi.spyOn(console, 'error');
    const big = await connect();
    big.ws.send('x'.repeat(SOCKET_LIMITS.maxFrameBytes + 1));
    expect(await big.closed).toBe(LIMIT_CLOSE.tooBig);
    await new Promise((r) => setTimeout(r, 50));
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('huge frames are refused on their header: memory stays flat', async () => {
    // A frame that says it carries 50 MB, written on the socket by hand and followed by 1 MB of it: the server must
    // close on the header, never waiting for (or holding) the rest. The client's memory is not part of the figure.
    const payload = Buffer.alloc(MB, 0x78);
    const header = Buffer.alloc(14);
    header[0] = 0x81; // FIN, text
    header[1] = 0x80 | 127; // masked, 64-bit length
    header.writeBigUInt64BE(BigInt(50 * MB), 2); // under ws's default limit (100 MB), far over ours
    header.writeUInt32BE(0x01020304, 10); // the mask key
    const start = process.memoryUsage().rss;
    for (let i = 0; i < 10; i++) {
      const { ws, closed } = await connect();
      const socket = (ws as unknown as { _socket: Socket })._socket;
      socket.write(header);
      socket.write(payload);
      expect(await closed).toBe(LIMIT_CLOSE.tooBig);
    }
    expect(process.memoryUsage().rss - start).toBeLessThan(50 * MB);
  });

  it('a client flooding messages is cut off with 1008, and so is one flooding protocol pings', async () => {
    const start = process.memoryUsage().rss;
    const flood = await connect();
    for (let i = 0; i < 10_000 && flood.ws.readyState === WebSocket.OPEN; i++) flood.ws.send(HEARTBEAT.ping);
    expect(await flood.closed).toBe(LIMIT_CLOSE.flood);
    // The server answered no more than the limit allowed.
    expect(flood.received.filter((m) => m === HEARTBEAT.pong).length).toBeLessThanOrEqual(
      SOCKET_LIMITS.messagesPerWindow,
    );

    const pings = await connect();
    for (let i = 0; i < 10_000 && pings.ws.readyState === WebSocket.OPEN; i++) pings.ws.ping();
    expect(await pings.closed).toBe(LIMIT_CLOSE.flood);
    expect(process.memoryUsage().rss - start).toBeLessThan(50 * MB);
  });

  it('a client within the limit keeps its socket', async () => {
    const { ws, received } = await connect();
    for (let i = 0; i < SOCKET_LIMITS.messagesPerWindow - 1; i++) ws.send(HEARTBEAT.ping);
    await expect.poll(() => received.length).toBe(SOCKET_LIMITS.messagesPerWindow); // hello + the pongs
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });
});
