import { eq } from 'drizzle-orm';
import type { Deps } from '../env';
import { users } from '../db/tables';
import { notFound } from './errors';
import { getFinances } from './ledger';
import type { SessionHandover } from '../../contract/auth.api';

/** Who a new access token belongs to and their balances (answered with the tokens, see SessionHandover). */
export async function sessionHandover(deps: Pick<Deps, 'db'>, userId: number): Promise<SessionHandover> {
  const [[user], finances] = await Promise.all([
    deps.db
      .select({ id: users.id, email: users.email, fio: users.fio })
      .from(users)
      .where(eq(users.id, userId)),
    getFinances(deps.db, userId),
  ]);
  if (!user) throw notFound('Пользователь не найден.');
  return { user: { id: user.id, email: user.email ?? '', fio: user.fio ?? '' }, finances };
}
