import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../env';
import { requireCustomer } from '../../middleware/auth';
import { orderRoutes } from './orders';
import { draftRoutes } from './drafts';
import { fileRoutes } from './files';
import { reworkRoutes } from './reworks';
import { messageRoutes } from './messages';

/**
 * /api/client/orders/… (spec point 7 "Orders"), mounted at '/api/client/orders/' so the list's own path keeps its
 * slash: one router per sub-resource behind one customer check. Every numeric parameter has the pattern ID, so the
 * literal paths (`continue/`, `success/`, `ajax-files/` …) never meet `:id/` whatever the order of mounting.
 */
export function ordersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('*', requireCustomer(deps));
  app.route('/', orderRoutes(deps));
  app.route('/', draftRoutes(deps));
  app.route('/', fileRoutes(deps));
  app.route('/', reworkRoutes(deps));
  app.route('/', messageRoutes(deps));
  return app;
}
