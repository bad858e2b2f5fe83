import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Deps } from './env';
import { DomainError } from './domain/errors';
import { HTTP_STATUS, UNAVAILABLE } from './errors';
import { authRoutes } from './routes/auth';
import { socialsRoutes } from './routes/socials';
import { profileRoutes } from './routes/profile';
import { notificationRoutes } from './routes/notifications';
import { profilePublicRoutes } from './routes/profile-public';
import { ordersRoutes } from './routes/orders';
import { paymentsRoutes } from './routes/payments';
import { staffRoutes } from './routes/staff';
import { staffOrdersRoutes } from './routes/staff-orders';
import { staffPaymentsRoutes } from './routes/staff-payments';
import { staffPromoCodesRoutes } from './routes/staff-promo-codes';
import { staffDoorRoutes } from './routes/staff-door';
import { registrationRoutes } from './routes/registration';
import { staffTwoFactorRoutes, twoFactorRoutes } from './routes/two-factor';
import { financesRoutes } from './routes/finances';
import { createLogger, type Logger } from './ops/logger';
import type { Metrics } from './ops/metrics';
import { observeRequests } from './ops/observe';
import { healthRoutes, type Lifecycle } from './ops/health';
import { limitBodies } from './middleware/body-limit';
import { limitPublicWrites } from './middleware/public-limits';
import { fixedHeaders, NO_STORE, requestIds, securityHeadersFor } from './ops/headers';
import { docsRoutes } from './routes/docs';
import { analyticsRoutes } from './routes/analytics';
import { accountRoutes, accountStaffRoutes } from './routes/account';
import { databaseUnavailable } from './db/unavailable';
import { shedLoad } from './ops/shedding';
import { StorageUnavailableError } from './storage/storage';

/** The error or one in its `cause` chain is the file store's "cannot be used now". */
const storageUnavailable = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof StorageUnavailableError) return true;
  return false;
};

/** What the operators' side of the app is given: by startServer, or quiet defaults (tests that call createApp). */
export interface AppOps {
  log?: Logger;
  metrics?: Metrics;
  lifecycle?: Lifecycle;
}

export function createApp(deps: Deps, mount?: (app: Hono<AppEnv>) => void, ops: AppOps = {}) {
  const app = new Hono<AppEnv>();
  const log = ops.log ?? createLogger(deps.config.logLevel);

  // First, before any other work: past the limits, a request that is neither a probe nor signed in gets 503 at once.
  if (deps.config.shedding.enabled)
    app.use(shedLoad(deps, deps.config.shedding, { log, metrics: ops.metrics }));
  app.use(requestIds());
  app.use(observeRequests(log, ops.metrics));
  app.use(fixedHeaders(securityHeadersFor(deps.config)));
  // Every write under every prefix, limited by its row of the endpoint table (413 before the body is read).
  app.use(limitBodies());
  // Public writes whose row states a limit per caller (registration, restore, auto-login, …): 429 over it.
  app.use(limitPublicWrites(deps));
  app.use('/api/*', fixedHeaders(NO_STORE));

  app.get('/api/health', (c) => c.json({ ok: true }));
  // The OpenAPI document of the endpoint table and its viewer (/api/openapi.json, /api/docs/).
  app.route('/api', docsRoutes());
  app.route('/', healthRoutes(deps, ops.lifecycle ?? { draining: false }, log));
  app.route('/api/client/auth', authRoutes(deps));
  app.route('/client/api', socialsRoutes(deps));
  app.route('/client/api', profilePublicRoutes(deps));
  app.route('/api/client', registrationRoutes(deps));
  app.route('/api/client', profileRoutes(deps));
  app.route('/api/client', notificationRoutes(deps));
  app.route('/api/client/profile', twoFactorRoutes(deps));
  app.route('/api/client', accountRoutes(deps));
  app.route('/api/client', financesRoutes(deps));
  app.route('/api/client/orders/', ordersRoutes(deps));
  app.route('/api/client/payments', paymentsRoutes(deps));
  app.route('/api/staff', staffDoorRoutes(deps));
  app.route('/api/staff', staffRoutes(deps));
  app.route('/api/staff', staffOrdersRoutes(deps));
  app.route('/api/staff', staffPaymentsRoutes(deps));
  app.route('/api/staff', staffPromoCodesRoutes(deps));
  app.route('/api', analyticsRoutes(deps));
  app.route('/api/staff', staffTwoFactorRoutes(deps));
  app.route('/api/staff', accountStaffRoutes(deps));
  mount?.(app);
  app.all('/api/*', (c) => c.json({ detail: 'Не найдено.' }, 404));
  app.all('/client/api/*', (c) => c.json({ detail: 'Не найдено.' }, 404));

  app.onError((err, c) => {
    if (err instanceof DomainError) {
      if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
      return c.json(err.body, HTTP_STATUS[err.kind]);
    }
    if (err instanceof HTTPException) {
      return c.json({ detail: err.message || 'Ошибка запроса.' }, err.status);
    }
    const down = storageUnavailable(err) ? 'storage' : databaseUnavailable(err) ? 'database' : undefined;
    if (down) {
      // The database or the file store restarts, went away or is saturated: a bounded, clear answer to retry.
      log.warn(
        { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, err },
        `${down} unavailable`,
      );
      c.header('Retry-After', String(UNAVAILABLE.retryAfterSeconds));
      return c.json({ detail: UNAVAILABLE.detail }, 503);
    }
    log.error({ reqId: c.get('requestId'), method: c.req.method, path: c.req.path, err }, 'unhandled error');
    return c.json({ detail: 'Внутренняя ошибка сервера.' }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
