import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { authSessions, orders, users } from '../../../server/db/tables';
import { signAccessToken } from '../../../server/domain/tokens';
import { mskDay } from '../../../contract/moscow-time';
import type { Harness } from '../harness';
import type { CreateOrderResponse, OrderDetail } from '../../../contract/orders.api';

let counter = 0;

/** A fresh DATA_DIR per test file, so stored files of one file never meet another's. */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'orders-test-'));

export interface Customer {
  id: number;
  email: string;
  sessionId: string;
  token: string;
}

/** A customer row, a live sign-in session and an access token for it (no password sign-in needed). */
export async function createCustomer(
  h: Harness,
  opts: { email?: string; fio?: string } = {},
): Promise<Customer> {
  const email = opts.email ?? `orders-${process.pid}-${++counter}@example.com`;
  const [user] = await h.deps.db
    .insert(users)
    .values({ email, fio: opts.fio ?? 'Иван Петров', passwordHash: 'not-used', emailConfirmed: true })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const [session] = await h.deps.db
    .insert(authSessions)
    .values({ userId: user.id, createdAt: h.deps.now() })
    .returning({ id: authSessions.id });
  if (!session) throw new Error('session not created');
  const { access } = await signAccessToken(h.deps, { userId: user.id, sessionId: session.id });
  return { id: user.id, email, sessionId: session.id, token: access };
}

/** A new access token for the same session (after the clock moved past the 300 s lifetime). */
export async function freshToken(h: Harness, c: Customer): Promise<string> {
  c.token = (await signAccessToken(h.deps, { userId: c.id, sessionId: c.sessionId })).access;
  return c.token;
}

/** 'YYYY-MM-DD' (Moscow) `days` from the harness clock. */
export const dayFromNow = (h: Harness, days: number) =>
  mskDay(new Date(h.clock.now.getTime() + days * 86_400_000));

export function orderForm(h: Harness, overrides: Record<string, unknown> = {}) {
  return {
    work_type: 'Курсовая работа',
    subject: 'Экономика',
    topic: 'Анализ финансовой устойчивости предприятия',
    deadline: dayFromNow(h, 20),
    pages: 30,
    originality: 70,
    requirements: 'ГОСТ 7.32, список литературы не старше 5 лет.',
    link: 'https://example.com/metodichka.pdf',
    ...overrides,
  };
}

export async function createOrder(h: Harness, c: Customer, overrides: Record<string, unknown> = {}) {
  const res = await h.request('/api/client/orders/', {
    method: 'POST',
    token: c.token,
    json: orderForm(h, overrides),
  });
  if (res.status !== 201) throw new Error(`create order: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreateOrderResponse;
}

/** An order straight in the database, in any state. */
export async function insertOrder(
  h: Harness,
  userId: number,
  values: Partial<typeof orders.$inferInsert> = {},
): Promise<typeof orders.$inferSelect> {
  const now = h.deps.now();
  const [row] = await h.deps.db
    .insert(orders)
    .values({
      userId,
      workType: 'Реферат',
      topic: 'История русской литературы XIX века',
      subject: 'Литература',
      deadline: new Date(now.getTime() + 10 * 86_400_000),
      price: 2000,
      statusId: 3,
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returning();
  if (!row) throw new Error('order not inserted');
  return row;
}

export async function getOrder(h: Harness, c: Customer, id: number): Promise<OrderDetail> {
  const res = await h.request(`/api/client/orders/${id}/`, { token: c.token });
  if (res.status !== 200) throw new Error(`get order: ${res.status} ${await res.text()}`);
  return (await res.json()) as OrderDetail;
}

export interface FilePart {
  name: string;
  /** Text content, or a byte count of zeros. */
  content?: string;
  size?: number;
  type?: string;
}

export function filesForm(files: FilePart[], fields: Record<string, string> = {}, field = 'file'): FormData {
  const form = new FormData();
  for (const f of files) {
    const blob =
      f.size !== undefined
        ? new Blob([new Uint8Array(f.size)], { type: f.type ?? 'application/octet-stream' })
        : new Blob([f.content ?? 'содержимое'], { type: f.type ?? 'text/plain' });
    form.append(field, blob, f.name);
  }
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

export function upload(h: Harness, path: string, token: string, form: FormData, method = 'POST') {
  return h.request(path, { method, token, body: form });
}

export function staff(h: Harness, path: string, init: RequestInit & { json?: unknown } = {}) {
  return h.request(`/api/staff${path}`, { ...init, token: h.deps.config.staffToken });
}

/** Reads a zip's central directory: each entry's name and inflated bytes. */
export function unzip(buf: Buffer): { name: string; data: Buffer }[] {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip');
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < entries; i++) {
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const lName = buf.readUInt16LE(local + 26);
    const lExtra = buf.readUInt16LE(local + 28);
    const start = local + 30 + lName + lExtra;
    const raw = buf.subarray(start, start + compressed);
    out.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
