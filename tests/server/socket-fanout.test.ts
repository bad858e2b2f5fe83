// One event to many sockets (docs/scaling.md "Sockets"): the hub sends it in slices, a `setImmediate` apart, keeping
// every socket's events in order, and a real WebSocket gets the one frame made for all of them as its text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openPglite } from './helpers/test-database';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/tables';
import { hashPassword } from '../../server/domain/passwords';
import { testConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { createRealtime, FANOUT_SLICE } from '../../server/realtime/bus-hub';
import { textFrame } from '../../server/realtime/socket';
import type { Realtime } from '../../server/realtime/hub';
import type { RealtimeEvent } from '../../contract/realtime.api';

let database: Database;

beforeAll(async () => {
  database = await openPglite();
}, 30_000);
afterAll(() => database?.close());

const changed = (orderId: number): RealtimeEvent => ({ type: 'order.changed', orderId, price: orderId });

describe('the hub fan-out', () => {
  let hub: Realtime;
  beforeAll(async () => {
    hub = await createRealtime(database);
  });
  afterAll(() => hub.close());

  it('sends an event to more sockets than a slice in slices, each socket getting its events in order', async () => {
    const count = FANOUT_SLICE * 2 + 500;
    const got: number[][] = Array.from({ length: count }, () => []);
    let sends = 0;
    /** How many sends had been made when a callback queued by the first send ran. */
    let betweenSlices: number | null = null;
    for (let i = 0; i < count; i++)
      hub.attach(7, `s${i}`, {
        send: (data) => {
          if (sends++ === 0) setImmediate(() => (betweenSlices = sends));
          got[i]!.push((JSON.parse(data) as { orderId: number }).orderId);
        },
        close: () => {},
      });
    // Another customer's socket gets nothing of it.
    const other: string[] = [];
    hub.attach(8, 'other', { send: (d) => other.push(d), close: () => {} });

    await hub.publish(7, changed(1));
    await hub.publish(7, changed(2));
    await expect.poll(() => sends, { timeout: 5_000 }).toBe(count * 2);
    expect(got.every((events) => events.length === 2 && events[0] === 1 && events[1] === 2)).toBe(true);
    // Other work ran after the first slice and long before the last send.
    expect(betweenSlices).toBeGreaterThanOrEqual(FANOUT_SLICE);
    expect(betweenSlices).toBeLessThan(count * 2);
    expect(other).toEqual([]);
  });

  it("passes one shared message to the sockets that take it, the same text as a plain socket's", async () => {
    const shared: { text: string }[] = [];
    const plain: string[] = [];
    hub.attach(9, 'a', { send: () => {}, sendShared: (m) => void shared.push(m), close: () => {} });
    hub.attach(9, 'b', { send: () => {}, sendShared: (m) => void shared.push(m), close: () => {} });
    hub.attach(9, 'c', { send: (d) => void plain.push(d), close: () => {} });
    await hub.publish(9, changed(3));
    await expect.poll(() => shared.length + plain.length).toBe(3);
    expect(shared[0]).toBe(shared[1]);
    expect(JSON.parse(shared[0]!.text)).toEqual(changed(3));
    expect(plain).toEqual([shared[0]!.text]);
  });
});

describe('a shared frame on real sockets', () => {
  let server: RunningServer;
  let access: string;
  let userId: number;
  beforeAll(async () => {
    server = await startServer(testConfig(), { database });
    const [row] = await server.deps.db
      .insert(users)
      .values({
        email: 'fanout@example.com',
        fio: 'Клиент Рассылки',
        passwordHash: await hashPassword('fanout-password'),
        emailConfirmed: true,
      })
      .returning({ id: users.id });
    userId = row!.id;
    const answer = await fetch(`${server.url}/api/client/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'fanout@example.com', password: 'fanout-password' }),
    });
    access = ((await answer.json()) as { access: string }).access;
  }, 30_000);
  afterAll(() => server?.close());

  const connect = () =>
    new Promise<{ ws: WebSocket; received: { text: string; binary: boolean }[] }>((resolve, reject) => {
      const received: { text: string; binary: boolean }[] = [];
      const ws = new WebSocket(
        `${server.url.replace('http', 'ws')}/ws/client/?token=${encodeURIComponent(access)}`,
      );
      ws.on('message', (data, binary) => {
        received.push({ text: String(data), binary });
        if (received.length === 1) resolve({ ws, received });
      });
      ws.on('error', reject);
    });

  it('reaches every tab as a text message, short and long frames alike, after the hello', async () => {
    const tabs = await Promise.all([connect(), connect(), connect()]);
    // A 7-bit length, a 16-bit one, and the longest a NOTIFY carries (below 8 000 bytes) in Cyrillic.
    const events: RealtimeEvent[] = [
      changed(1),
      { type: 'chat.read', orderId: 2, upToId: 3, unread: 4 },
      {
        type: 'chat.message',
        orderId: 5,
        message: {
          id: 6,
          order_id: 5,
          author: 'writer',
          author_name: 'Автор',
          text: 'Ж'.repeat(3_000),
          files: [],
          created_at: '2026-06-01T10:00:00.000Z',
          read_at: null,
          client_id: null,
        },
      },
    ];
    for (const e of events) await server.deps.realtime.publish(userId, e);
    for (const { ws, received } of tabs) {
      await expect.poll(() => received.length).toBe(4);
      expect(received.map((r) => r.binary)).toEqual([false, false, false, false]);
      expect(JSON.parse(received[0]!.text)).toMatchObject({ type: 'hello' });
      expect(received.slice(1).map((r) => JSON.parse(r.text) as unknown)).toEqual(events);
      ws.close();
    }
  });
});

describe('textFrame', () => {
  it('writes the length in 7, 16 or 64 bits, unmasked, FIN and text', () => {
    for (const [n, head] of [
      [125, 2],
      [126, 4],
      [65_535, 4],
      [65_536, 10],
    ] as const) {
      const frame = Buffer.from(textFrame('a'.repeat(n)));
      expect(frame.length).toBe(head + n);
      expect(frame[0]).toBe(0x81);
      const length =
        head === 2 ? frame[1] : head === 4 ? frame.readUInt16BE(2) : Number(frame.readBigUInt64BE(2));
      expect(frame[1]! & 0x80).toBe(0);
      expect(length).toBe(n);
    }
  });
});
