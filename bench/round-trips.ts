// The hot paths' SQL, request by request: how many round trips each costs (every statement node-postgres sends,
// BEGIN and COMMIT included), how long it takes sequentially in process (app.request, no sockets), and the plans of
// its statements for a customer with 10 000 orders and an order with 5 000 messages.
//
//   DATABASE_URL=postgres://…/db npx tsx bench/round-trips.ts [--explain]
//
// PostgreSQL only: a temporary database is made and dropped (round trips are the same code on PGlite; a PGlite run
// would need its own counter).
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../server/db/client';
import { createApp } from '../server/app';
import { testConfig } from '../server/config';
import { createRealtime } from '../server/realtime/bus-hub';
import { createStorage } from '../server/storage/storage';
import { seedCustomer } from '../server/db/seed';
import { bulkStaffMessages } from '../server/domain/chat';
import { loadOrder } from '../server/domain/orders/read-model';
import { orders } from '../server/db/tables';
import { createSession } from '../server/domain/sessions';
import type { Deps } from '../server/env';
import { tempPostgres } from './lib/server';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const admin = process.env.DATABASE_URL;
if (!admin) throw new Error('set DATABASE_URL');
const explain = process.argv.includes('--explain');
const REPEAT = Number(process.env.REPEAT ?? 300);

const seen: { text: string; values: unknown[] }[] = [];
let counting = false;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof first === 'string' ? first : first.text;
    const values = (typeof first === 'string' ? undefined : first.values) ?? second ?? [];
    seen.push({ text, values });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const temp = await tempPostgres(admin);
const database = await openDatabase({ url: temp.url });
const config = testConfig({ dataDir: mkdtempSync(join(tmpdir(), 'round-trips-')) });
const storage = await createStorage(config);
const realtime = await createRealtime(database);
const deps: Deps = { config, database, db: database.db, realtime, storage, now: () => new Date() };
const app = createApp(deps);

try {
  const c = await seedCustomer(deps, { email: 'big@example.com' });
  // 10 000 more orders, and 5 000 messages in the first order's chat.
  const [first] = await deps.db.select().from(orders).where(eq(orders.userId, c.id));
  const template = first!;
  for (let done = 0; done < 10_000; done += 2000)
    await deps.db.insert(orders).values(
      Array.from({ length: 2000 }, () => {
        const { id: _id, tab: _tab, ...rest } = template;
        return { ...rest, statusId: 3, isTrash: false };
      }),
    );
  const order = await loadOrder(deps.db, template.id);
  await bulkStaffMessages(deps, order, 5000);
  await database.db.execute(sql`analyze`);
  const session = await createSession(deps, c.id);
  const token = session.access;

  const auth = { authorization: `Bearer ${token}` };
  const paths: { name: string; method?: string; path: string; body?: () => unknown }[] = [
    { name: 'GET one order', path: `/api/client/orders/${order.id}/` },
    { name: 'GET chat page (messages)', path: `/api/client/orders/${order.id}/messages/` },
    { name: 'GET profile', path: '/api/client/profile/' },
    { name: 'GET finances (profile/status)', path: '/api/client/profile/status/' },
    {
      name: 'POST chat message',
      method: 'POST',
      path: `/api/client/orders/${order.id}/messages/`,
      body: () => ({ text: 'Профилирование', client_id: randomUUID() }),
    },
    { name: 'GET order list (active)', path: '/api/client/orders/?tab=active' },
    { name: 'GET /api/health', path: '/api/health' },
  ];
  const call = async (p: (typeof paths)[number]) => {
    const body = p.body?.();
    const res = await app.request(p.path, {
      method: p.method ?? 'GET',
      headers: body ? { ...auth, 'content-type': 'application/json' } : auth,
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 300) throw new Error(`${p.name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  console.log('| request | SQL round trips | sequential, in process (mean of %d) |', REPEAT);
  console.log('|---|---|---|');
  for (const p of paths) {
    for (let i = 0; i < 20; i++) await call(p); // warm: prepared statements, JIT
    seen.length = 0;
    counting = true;
    await call(p);
    counting = false;
    const statements = seen.splice(0);
    const t = performance.now();
    for (let i = 0; i < REPEAT; i++) await call(p);
    const ms = (performance.now() - t) / REPEAT;
    console.log(`| ${p.name} | ${statements.length} | ${ms.toFixed(2)} ms |`);
    if (explain)
      for (const s of statements) {
        console.log(`    ${s.text.replace(/\s+/g, ' ').slice(0, 300)}`);
        if (!/^\s*(select|with)/i.test(s.text)) continue;
        const plan = await database.db.$client.query(`explain ${s.text}`, s.values as unknown[]);
        for (const line of (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows)
          console.log(`      ${line['QUERY PLAN']}`);
      }
  }
} finally {
  await realtime.close();
  await storage.close();
  await database.close();
  await temp.drop();
}
