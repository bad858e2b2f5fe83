import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../env';
import { valid } from '../../validate';
import { REWORK_MAX_DAYS } from '../../../contract/orders';
import {
  CreateReworkRequest,
  OrderParams,
  ReworkParams,
  type ReworkList,
} from '../../../contract/orders.api';
import { withDeadlineRange } from '../../domain/order-form';
import { createRework, listReworks, loadRework, reworkDetail } from '../../domain/reworks';
import { ID, ownOrder } from './common';

/** Reworks: free corrections the customer asks for while the guarantee runs. */
export function reworkRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const own = ownOrder(deps);

  app.post(
    `/:id${ID}/reworks/`,
    valid('param', OrderParams),
    own,
    valid('json', withDeadlineRange(CreateReworkRequest, deps.now, REWORK_MAX_DAYS)),
    async (c) => c.json(await createRework(deps, c.get('order'), c.req.valid('json')), 201),
  );

  app.get(`/:id${ID}/reworks/`, valid('param', OrderParams), own, async (c) => {
    const results = await listReworks(deps.db, c.get('order').id);
    return c.json({ next: null, previous: null, count: results.length, results } satisfies ReworkList);
  });

  app.get(`/:id${ID}/reworks/:rework${ID}/`, valid('param', ReworkParams), own, async (c) => {
    const rework = await loadRework(deps.db, c.get('order').id, c.req.valid('param').rework);
    return c.json(await reworkDetail(deps.db, rework));
  });

  return app;
}
