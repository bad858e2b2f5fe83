import { count } from 'drizzle-orm';
import type { Deps } from '../env';
import { users } from './tables';
import { hashPassword } from '../domain/passwords';
import { seedOrders } from './seed/orders';
import { seedPayments } from './seed/payments';
import { seedProfile } from './seed/profile';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-password';

/** On an empty database: the demo customer, whose orders fill every tab, with chat, files, reworks and money. */
export async function seedDemo(deps: Deps): Promise<void> {
  const [row] = await deps.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return;
  const [user] = await deps.db
    .insert(users)
    .values({
      email: DEMO_EMAIL,
      phone: '+79990000000',
      fio: 'Анна Смирнова',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailConfirmed: true,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('demo customer not created');
  await seedProfile(deps, user.id);
  await seedPayments(deps, user.id);
  await seedOrders(deps, user.id);
}
