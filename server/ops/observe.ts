import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppEnv } from '../env';
import type { Logger } from './logger';
import type { Metrics } from './metrics';

/** The balancer's probes, every few seconds on every instance: logged only at debug level. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * One log line and one metrics sample per request, after it is answered. The line carries the request id (the
 * caller's X-Request-Id when it sent a valid one) and the path without its query string: the socket's bearer
 * travels in `?token=`. Headers and bodies are never logged.
 */
export function observeRequests(log: Logger, metrics: Metrics | undefined) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    // The pattern of the handler that answered (`/api/client/orders/:id`), not the path.
    const route = routePath(c);
    const status = c.res.status;
    metrics?.observe(c.req.method, route, status, ms / 1000);
    const line = {
      reqId: c.get('requestId'),
      method: c.req.method,
      route,
      path: c.req.path,
      status,
      ms: Math.round(ms * 10) / 10,
    };
    if (PROBES.has(c.req.path)) log.debug(line, 'request');
    else log.info(line, 'request');
  });
}
