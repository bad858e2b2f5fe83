// Small search/param validators for the route files (no zod in the SPA: bundle budget). Each one falls back
// instead of throwing, so a bad parameter never breaks a page; the route decides what a fallback means.
import type { OrderTab } from '../../contract/order-status';

export const ORDER_TABS: readonly OrderTab[] = ['active', 'archive', 'done'];
export const PAYMENT_STATUSES = ['success', 'fail'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A non-empty string (numbers the router parsed from `?x=5` count as their text), else undefined. */
export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() ? value : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A positive whole number written in digits only (`5`, not `05x` or `1e3`); the router may give a number. */
export function positiveId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A non-negative amount in whole roubles (`amountInit`), else undefined. */
export function optionalAmount(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

export function isOrderTab(value: unknown): value is OrderTab {
  return oneOf(value, ORDER_TABS) !== undefined;
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

/** The earlier name of `validated` (route files of other features still use it). */
export const defined = validated;
