import { hashPassword } from '../../../server/domain/passwords';
import { users } from '../../../server/db/tables';
import type { Harness } from '../harness';
import { REFRESH_COOKIE } from '../../../contract/auth';
import type { AuthTokens } from '../../../contract/auth.api';
import type { OutboxMessage as OutboxMessageDto } from '../../../contract/staff.api';

export const DEFAULT_PASSWORD = 'correct-horse-42';

// scrypt is slow on purpose; tests reuse one hash per password (a fixed salt does not matter here).
const hashes = new Map<string, Promise<string>>();
let counter = 0;

export interface TestCustomer {
  id: number;
  email: string;
  password: string;
  phone: string | null;
}

/** Inserts a customer straight into the database (no welcome e-mail, no session). */
export async function createCustomer(
  h: Harness,
  opts: { email?: string; password?: string; phone?: string; fio?: string } = {},
): Promise<TestCustomer> {
  const email = (opts.email ?? `customer-${process.pid}-${++counter}@example.com`).toLowerCase();
  const password = opts.password ?? DEFAULT_PASSWORD;
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const [row] = await h.deps.db
    .insert(users)
    .values({
      email,
      phone: opts.phone ?? null,
      fio: opts.fio ?? 'Тестовый Клиент',
      passwordHash: await hashes.get(password)!,
      emailConfirmed: true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('customer not created');
  return { id: row.id, email, password, phone: opts.phone ?? null };
}

/** `cabinet_refresh=<token>` from a response's Set-Cookie, ready for a `cookie` request header. */
export function refreshCookieOf(res: Response): string | undefined {
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0] ?? '';
    if (pair.startsWith(`${REFRESH_COOKIE}=`) && pair.length > REFRESH_COOKIE.length + 1) return pair;
  }
  return undefined;
}

export interface SignedIn extends AuthTokens {
  refreshCookie: string;
}

/** Signs in through the API; throws with the answer when sign-in fails. */
export async function signIn(
  h: Harness,
  email: string,
  password: string = DEFAULT_PASSWORD,
): Promise<SignedIn> {
  const res = await h.request('/api/client/auth/login/', {
    method: 'POST',
    json: { login: email, password },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as AuthTokens;
  const refreshCookie = refreshCookieOf(res);
  if (!refreshCookie) throw new Error('sign-in set no refresh cookie');
  return { ...body, refreshCookie };
}

/** A customer who is signed in: `access` for `token:`, `refreshCookie` for a `cookie` header. */
export async function createSignedInCustomer(
  h: Harness,
  opts: Parameters<typeof createCustomer>[1] = {},
): Promise<TestCustomer & SignedIn> {
  const customer = await createCustomer(h, opts);
  return { ...customer, ...(await signIn(h, customer.email, customer.password)) };
}

/** The outbox as staff see it, newest first. */
export async function readOutbox(
  h: Harness,
  filter: { recipient?: string; kind?: string; status?: string } = {},
): Promise<OutboxMessageDto[]> {
  const q = new URLSearchParams(filter as Record<string, string>);
  const res = await h.request(`/api/staff/outbox/?${q}`, { token: h.deps.config.staffToken });
  if (res.status !== 200) throw new Error(`outbox: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { results: OutboxMessageDto[] }).results;
}
