import { eq } from 'drizzle-orm';
import type { Deps } from '../env';
import { accountClosures } from '../db/tables';
import { badRequest } from './errors';
import { ACCOUNT_MESSAGES as M } from '../../contract/account';

/**
 * Refuses a sign-in into a closed account (server/domain/account-closing.ts), with when it will be erased and how to
 * cancel. Every sign-in — password, code, social, auto-login — makes its session through createSession, which asks
 * here after the credentials were checked, so the refusal tells nothing to whoever does not know the password.
 */
export async function refuseIfClosed(deps: Pick<Deps, 'db'>, userId: number): Promise<void> {
  const [row] = await deps.db.select().from(accountClosures).where(eq(accountClosures.userId, userId));
  if (row && !row.erasedAt) throw badRequest(M.closedSignIn(row.eraseAt.toISOString()));
}
