// The values a path or a query carries (ids, tabs, a payment's result), read the same way on both sides: the
// server's `Id` schema (contract/http.ts) runs `parseId`, and the SPA's route files run these parsers in their
// `params.parse` and `validateSearch`. Zod-free on purpose: a route file's params/search/beforeLoad code is in the
// eager bundle of the first visit, and /login has a 125 KB gzip budget that zod/mini (~9 KB) would eat into. So
// each parser is the `.catch` fallback written by hand, "value → T | undefined": a bad value never throws, and the
// caller says what undefined means (the server answers 400 'Неверный номер.', a route sends the visitor to /404).
import type { OrderTab } from './order-status';

/** The largest id a path or a query may carry (the ids are int4 in the database). */
export const ID_MAX = 2_000_000_000;

/**
 * A database id: a positive whole number written in digits only — `'5'`, not `'05'`, `'+5'`, `' 5'`, `'5x'` or
 * `'1e3'` — at most ID_MAX. A number (the router may parse `?id=5` into one) passes when it is such an integer.
 */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 1 && value <= ID_MAX ? value : undefined;
  }
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= ID_MAX ? id : undefined;
}

/** One of `allowed`, spelled exactly (case included), else undefined. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** The tabs of /home/{tab} (the counters of the order list). */
export const ORDER_TABS = ['active', 'archive', 'done'] as const satisfies readonly OrderTab[];

export function parseOrderTab(value: unknown): OrderTab | undefined {
  return oneOf(value, ORDER_TABS);
}

/** How a payment at the provider ended: the server sends the customer back to `/payment?status=…`. */
export const PAYMENT_RESULTS = ['success', 'fail'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

export function parsePaymentResult(value: unknown): PaymentResult | undefined {
  return oneOf(value, PAYMENT_RESULTS);
}
