// What the route files need beyond the contract's parsers (contract/params.ts: ids, tabs, payment results). No zod
// here or there: a route file's params/search/beforeLoad code is in the eager bundle (the /login budget).
//
// A `$id` route reads its id once, in `params.parse` (`idParams` below), and its components read
// `Route.useParams().id` as a number. A bad id throws `redirect('/404')` from parse. TanStack Router (1.170, with
// router-core 1.171) keeps a redirect or notFound thrown by `params.parse` as the match's `paramsError` and follows
// it when the load reaches that match — after the root guard's beforeLoad (a signed-out visitor still goes to
// Enter first), in the very place where the route's own beforeLoad used to throw the same redirect; the route's
// beforeLoad, loader and component never run. (Any other error thrown there would become a PathParamError and show
// the error component; and while routes are being matched, a throw from parse does not make another route match.)
import { redirect } from '@tanstack/react-router';
import type { OrderTab } from '../../contract/order-status';
import { parseId, parseOrderTab } from '../../contract/params';

const toNotFound = () => redirect({ to: '/404', replace: true });

/** `params` of a route whose `$id` is a database id: `{ id: '5' }` → `{ id: 5 }`, a bad id → /404. */
export const idParams = {
  parse: ({ id }: { id: string }): { id: number } => {
    const parsed = parseId(id);
    if (parsed === undefined) throw toNotFound();
    return { id: parsed };
  },
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};

/** `params` of /home/$tab: one of the order tabs, else /404. */
export const tabParams = {
  parse: ({ tab }: { tab: string }): { tab: OrderTab } => {
    const parsed = parseOrderTab(tab);
    if (parsed === undefined) throw toNotFound();
    return { tab: parsed };
  },
  stringify: ({ tab }: { tab: OrderTab }) => ({ tab }),
};

/** A non-empty string (numbers the router parsed from `?x=5` count as their text), else undefined. */
export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() ? value : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A non-negative amount in whole roubles (`amountInit`), else undefined. */
export function optionalAmount(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * A route's validated search, typed with optional keys. Keys stay present even when undefined: the router merges
 * the parent's (unvalidated) search under a route's own, so a dropped key would let the raw value through.
 */
export function validated<T extends Record<string, unknown>>(
  value: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return value as { [K in keyof T]?: Exclude<T[K], undefined> };
}
