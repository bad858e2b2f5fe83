import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../env';
import { unauthorized } from '../domain/errors';
import { verifyAccessToken } from '../domain/tokens';
import { liveSession } from '../domain/sessions';

/**
 * Requires `Authorization: Bearer <access>` of a live session; sets `userId`, `sessionId` and `ordersVersion`.
 * The guard in the SPA is no authorization boundary: every cabinet call passes through here.
 */
export function requireCustomer(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Учётные данные не были предоставлены.');
    const claims = await verifyAccessToken(deps, match[1]);
    const session = claims && (await liveSession(deps, claims.sessionId));
    if (!claims || !session) throw unauthorized('Токен недействителен или просрочен.');
    c.set('userId', claims.userId);
    c.set('sessionId', claims.sessionId);
    c.set('ordersVersion', session.ordersVersion);
    await next();
  });
}
