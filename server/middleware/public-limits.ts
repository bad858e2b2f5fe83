// Public writes limited per caller: a row of the endpoint table that states `perCaller` (contract/http.ts) is
// counted per client IP (behind TRUST_PROXY the real client's, see clientIp) in the database table the sign-in
// lockout uses, so every instance sees the same count; over the limit is a 429 with Retry-After, before the
// handler runs. Every call counts, valid or not: a token guessed wrong is a try like any other.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../env';
import { assertWithinLimit, recordEvent } from '../domain/rate-limit';
import { endpointOf } from '../endpoints';
import { clientIp } from './sign-in';

export function limitPublicWrites(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const route = endpointOf(method, c.req.path);
    const limit = route?.spec.perCaller;
    if (!route || !limit) return next();
    const bucket = [`door:${route.key}|${clientIp(c, deps.config.trustProxy)}`];
    await assertWithinLimit(deps, bucket, limit);
    await recordEvent(deps, bucket, limit);
    return next();
  };
}
