// Public writes limited per caller: a row of the endpoint table that states `perCaller` (contract/http.ts) is
// counted per client IP (behind TRUST_PROXY the real client's, see clientIp) in the database table the sign-in
// lockout uses, so every instance sees the same count; over the limit is a 429 with Retry-After, before the
// handler runs. Every call counts, valid or not: a token guessed wrong is a try like any other. A row counted
// `'instance'` (the page-view beacon) is counted in this instance's memory: a database write per beacon would cost
// more than the beacon.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../env';
import { assertWithinLimit, recordEvent, type Limit } from '../domain/rate-limit';
import { tooManyRequests } from '../domain/errors';
import { endpointOf } from '../endpoints';
import { clientIp } from './sign-in';

/**
 * A fixed-window count per key in memory, bounded: when `maxKeys` callers are counted the window starts over
 * (a flood of addresses forgets the counts rather than growing without end). Answers the seconds to wait, or 0.
 */
export function windowCounter(limit: Limit, maxKeys = 100_000) {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return (key: string, now: number): number => {
    if (now - windowStart >= limit.windowMs || counts.size >= maxKeys) {
      windowStart = now;
      counts = new Map();
    }
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n > limit.max ? Math.max(1, (windowStart + limit.windowMs - now) / 1000) : 0;
  };
}

export function limitPublicWrites(deps: Deps): MiddlewareHandler<AppEnv> {
  const inMemory = new Map<string, ReturnType<typeof windowCounter>>();
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const route = endpointOf(method, c.req.path);
    const limit = route?.spec.perCaller;
    if (!route || !limit) return next();
    const ip = clientIp(c, deps.config.trustProxy);
    if (limit.counted === 'instance') {
      let counter = inMemory.get(route.key);
      if (!counter) inMemory.set(route.key, (counter = windowCounter(limit)));
      const retryAfter = counter(ip, deps.now().getTime());
      if (retryAfter) throw tooManyRequests(retryAfter);
      return next();
    }
    const bucket = [`door:${route.key}|${ip}`];
    await assertWithinLimit(deps, bucket, limit);
    await recordEvent(deps, bucket, limit);
    return next();
  };
}
