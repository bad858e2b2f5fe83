import { createMiddleware } from 'hono/factory';
import { timingSafeEqual } from 'node:crypto';
import type { AppEnv, Deps } from '../env';
import { unauthorized } from '../domain/errors';

/** The staff API (/api/staff/…) takes its own bearer token from config (STAFF_TOKEN), never a customer's. */
export function requireStaff(deps: Deps) {
  const expected = Buffer.from(deps.config.staffToken);
  return createMiddleware<AppEnv>(async (c, next) => {
    const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw unauthorized('Нужен токен сотрудника.');
    await next();
  });
}
