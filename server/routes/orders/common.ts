// What the orders routers (the customer's and the staff's) share: the path parameters' pattern, the order a path
// names, and the multipart reading before `valid('form', …)`.
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../../env';
import { badRequest } from '../../domain/errors';
import { loadOwnOrder, type OrderRow } from '../../domain/orders/read-model';
import { valid, type Target } from '../../validate';
import type { Schema } from '../../../contract/http';

/** A numeric path parameter (`:id${ID}`): 1–9 digits, so `continue/`, `success/` and the like never match it. */
export const ID = '{[0-9]{1,9}}';

/** The context of a route whose path names an order: `c.get('order')`. */
export type OrderEnv = AppEnv & { Variables: { order: OrderRow } };

/**
 * The customer's order named by `:id` (after `valid('param', …)`), loaded before the query or the body is read:
 * another customer's order, or none, is the same 404 whatever the request carries.
 */
export function ownOrder(deps: Deps) {
  return createMiddleware<OrderEnv, string, { out: { param: { id: number } } }>(async (c, next) => {
    c.set('order', await loadOwnOrder(deps.db, c.get('userId'), c.req.valid('param').id));
    await next();
  });
}

/**
 * `valid(target, schema)` for a route that finds the customer's order itself (in the same statement as the rest of
 * its work, to save a round trip): invalid input on another customer's order, or none, is still the 404 `ownOrder`
 * would answer, so the order is looked up only when the input is refused.
 */
export function validForOwnOrder<T extends Target, S extends Schema>(deps: Deps, target: T, schema: S) {
  const check = valid(target, schema);
  return createMiddleware(async (c, next) => {
    try {
      await check(c, async () => {});
    } catch (error) {
      await loadOwnOrder(deps.db, c.get('userId'), Number(c.req.param('id')));
      throw error;
    }
    await next();
  }) as unknown as typeof check;
}

/**
 * Reads a multipart body before `valid('form', …)` parses its fields (Hono keeps the parsed form): another content
 * type, or a body that cannot be read, is a 400 with a clear detail, never a 500 or an empty form.
 */
export const multipart: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
    throw badRequest('Ожидается multipart/form-data с файлом в поле «file».');
  try {
    await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('Не удалось прочитать загруженные файлы.');
  }
  await next();
};
