import { testConfig } from '../../server/config';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orders, outbox, users } from '../../server/db/tables';
import { createSession } from '../../server/domain/sessions';
import { signAccessToken } from '../../server/domain/tokens';
import { ledgerSums, getFinances } from '../../server/domain/ledger';
import type { Harness } from './harness';

/** The tests' bootstrap STAFF_TOKEN: long, random per process (server/config.ts testConfig). */
export const STAFF = testConfig().staffToken!;

export interface Customer {
  id: number;
  email: string;
  sessionId: string;
  /** A fresh access token (after h.clock.advance the old one may have expired). */
  token(): Promise<string>;
}

let seq = 0;

/** A customer straight in `users` plus a sign-in session. */
export async function customer(h: Harness, opts: { phone?: string | null } = {}): Promise<Customer> {
  seq += 1;
  const email = `c${seq}-${randomUUID().slice(0, 8)}@example.com`;
  const phone = opts.phone === undefined ? `+7999${String(1000000 + seq).slice(-7)}` : opts.phone;
  const [u] = await h.deps.db
    .insert(users)
    .values({ email, phone, fio: 'Тест Тестович', passwordHash: 'x', emailConfirmed: true })
    .returning({ id: users.id });
  const s = await createSession(h.deps, u!.id);
  return {
    id: u!.id,
    email,
    sessionId: s.sessionId,
    token: async () => (await signAccessToken(h.deps, { userId: u!.id, sessionId: s.sessionId })).access,
  };
}

/** An order of the customer; by default awaiting payment (status 3). */
export async function order(
  h: Harness,
  userId: number,
  opts: { price?: number; paid?: number; statusId?: number } = {},
) {
  const [o] = await h.deps.db
    .insert(orders)
    .values({
      userId,
      workType: 'Курсовая работа',
      topic: 'Тема',
      deadline: new Date(Date.now() + 14 * 86400_000),
      price: opts.price ?? 5000,
      paid: opts.paid ?? 0,
      statusId: opts.statusId ?? 3,
    })
    .returning();
  return o!;
}

export async function orderRow(h: Harness, id: number) {
  const [o] = await h.deps.db.select().from(orders).where(eq(orders.id, id));
  return o!;
}

export async function credit(h: Harness, c: Customer, money?: number, bonus?: number) {
  const res = await h.request('/api/staff/payments/credit/', {
    method: 'POST',
    token: STAFF,
    json: { email: c.email, money, bonus },
  });
  if (res.status !== 200) throw new Error(`credit failed ${res.status} ${await res.text()}`);
}

export async function verify(h: Harness, c: Customer, kind = 'repayment') {
  const res = await h.request(`/api/staff/verification/${encodeURIComponent(c.email)}/${kind}/`, {
    method: 'PATCH',
    token: STAFF,
    json: { status: 'verified' },
  });
  if (res.status !== 200) throw new Error(`verify failed ${res.status}`);
}

/** The balances as the customer sees them, checked against the ledger sums on the way. */
export async function finances(h: Harness, c: Customer) {
  const res = await h.request('/api/client/profile/status/', { method: 'PATCH', token: await c.token() });
  const body = (await res.json()) as { money: number; bonus: number };
  const sums = await ledgerSums(h.deps.db, c.id);
  const row = await getFinances(h.deps.db, c.id);
  if (sums.money !== row.money || sums.bonus !== row.bonus)
    throw new Error(`ledger ${JSON.stringify(sums)} != balance ${JSON.stringify(row)}`);
  return body;
}

let keySeq = 0;
export const newKey = () => `test-key-${++keySeq}-${randomUUID()}`;

/** A money-moving call with an Idempotency-Key (a fresh one unless given). */
export async function post(
  h: Harness,
  c: Customer,
  path: string,
  json: unknown,
  key: string | null = newKey(),
) {
  const headers: Record<string, string> = {};
  if (key) headers['idempotency-key'] = key;
  return h.request(`/api/client/payments/${path}`, { method: 'POST', token: await c.token(), json, headers });
}

export async function get(h: Harness, c: Customer, path: string) {
  return h.request(`/api/client/payments/${path}`, { token: await c.token() });
}

export async function lastSmsCode(h: Harness, phone: string): Promise<string> {
  const rows = await h.deps.db.select().from(outbox).where(eq(outbox.recipient, phone));
  const last = rows.sort((a, b) => b.id - a.id)[0];
  return String(last?.payload.code ?? '');
}

export async function phoneOf(h: Harness, userId: number) {
  const [u] = await h.deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return u!.phone!;
}

/** Follows the sandbox: opens the pay page, presses a button, returns the redirect target. */
export async function sandbox(h: Harness, redirectUrl: string, action: 'pay' | 'decline') {
  const page = await h.request(redirectUrl);
  if (page.status !== 200) throw new Error(`sandbox page ${page.status}`);
  const res = await h.request(`${redirectUrl}${action}/`, { method: 'POST' });
  return { status: res.status, location: res.headers.get('location') ?? '', html: await page.text() };
}
