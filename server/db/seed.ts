import { count } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../env';
import { orders, users } from './tables';
import { hashPassword } from '../domain/passwords';
import { seedOrders } from './seed/orders';
import { seedOrderPayments, seedPayments } from './seed/payments';
import { seedProfile } from './seed/profile';
import { seedPromoCodes } from './seed/promo-codes';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-password';

/** On an empty database: the demo customer, whose orders fill every tab, with chat, files, reworks and money. */
/** Resolves true when this call made the demo customer (the database was empty), false when it did nothing. */
export async function seedDemo(deps: Deps): Promise<boolean> {
  const [row] = await deps.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  try {
    await seedCustomer(deps, { email: DEMO_EMAIL, phone: '+79990000000' });
    return true;
  } catch (error) {
    // Another instance starting on the same empty database seeded it first: its customer row won the unique e-mail,
    // and this one's first insert failed before anything else was written. The demo customer exists; start.
    if (!isUniqueViolation(error)) throw error;
    return false;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

/** The demo password's hash, made once per process for lean customers (scrypt costs ~100 ms a call). */
let leanHash: Promise<string> | undefined;

/**
 * A customer with the full demo data set. The staff API exposes it (POST /api/staff/demo-customer/) so that each
 * e2e test can work on a customer of its own instead of sharing the demo account's state. `lean`: the customer and
 * one order awaiting payment only, with the demo password's one shared hash (bench/realtime.ts makes 1 000 of them).
 */
export async function seedCustomer(
  deps: Deps,
  opts: { email?: string; phone?: string; password?: string; fio?: string; lean?: boolean } = {},
) {
  const email = (opts.email ?? `customer-${randomBytes(5).toString('hex')}@example.com`).toLowerCase();
  const phone = opts.phone ?? `+7999${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const password = opts.password ?? DEMO_PASSWORD;
  const [user] = await deps.db
    .insert(users)
    .values({
      email,
      phone,
      fio: opts.fio ?? 'Анна Смирнова',
      passwordHash:
        opts.lean && password === DEMO_PASSWORD
          ? await (leanHash ??= hashPassword(DEMO_PASSWORD))
          : await hashPassword(password),
      emailConfirmed: true,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('customer not created');
  if (opts.lean) {
    const now = deps.now();
    await deps.db.insert(orders).values({
      userId: user.id,
      statusId: 3,
      workType: 'Курсовая работа',
      subject: 'Экономика',
      topic: 'Анализ спроса на рынке услуг',
      pages: 30,
      deadline: new Date(now.getTime() + 14 * 86_400_000),
      price: 5000,
      createdAt: now,
      updatedAt: now,
    });
    return { id: user.id, email, phone, password };
  }
  // The demo's promo codes are global, not the customer's: added once, kept when they are there.
  await seedPromoCodes(deps);
  await seedProfile(deps, user.id);
  await seedPayments(deps, user.id);
  await seedOrders(deps, user.id);
  await seedOrderPayments(deps, user.id);
  return { id: user.id, email, phone, password };
}
