// The order list's query (search, filters, sort) as it lives in /home/{tab}?… and in GET /api/client/orders/?…:
// the same names on both sides, so a shared link, back/forward and a reload reopen the same view. Zod-free for the
// same reason as contract/params.ts (the route's validateSearch is in the eager bundle): `parseOrderQuery` is the
// `.catch` written by hand — each bad or unknown value falls back to its default, never an error. The server's zod
// schema (OrderListQuery in orders.api.ts) takes the same names and values and answers 400 for a bad one.
import { oneOf } from './params';

/** `ordering`: a field, descending with a leading '-'. 'created' is the order number (it grows with creation). */
export const ORDER_SORTS = [
  '-created',
  'created',
  'deadline',
  '-deadline',
  '-updated',
  'updated',
  '-price',
  'price',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: OrderSort = '-created';

/**
 * The statuses a customer may filter by (as the list shows them: 16 is an order in the trash) — the ids of
 * ORDER_STATUSES, written out so that the statuses' titles stay out of the eager bundle (a test checks they agree).
 */
export const FILTER_STATUS_IDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 16];

export const SEARCH_MAX = 200;

export interface OrderQuery {
  /** Order number, topic or subject; '' for none. */
  search: string;
  status?: number;
  /** One of WORK_TYPES (contract/orders.ts). */
  work_type?: string;
  /** 'YYYY-MM-DD' days in Moscow time, both inclusive. */
  deadline_from?: string;
  deadline_to?: string;
  /** Only orders with money still due (status "Ожидает оплаты"). */
  awaiting_payment: boolean;
  /** Only orders with chat messages the customer has not read. */
  unread: boolean;
  ordering: OrderSort;
}

export const EMPTY_ORDER_QUERY: OrderQuery = {
  search: '',
  awaiting_payment: false,
  unread: false,
  ordering: DEFAULT_ORDER_SORT,
};

/** A real calendar day written 'YYYY-MM-DD', else undefined. */
export function parseDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : undefined;
}

/** A flag: true, 1, 'true' or '1' (the router parses `?unread=1` into a number). */
export function parseFlag(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

function parseSearch(value: unknown): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof text === 'string' ? text.slice(0, SEARCH_MAX) : '';
}

function parseStatus(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && FILTER_STATUS_IDS.includes(n) ? n : undefined;
}

/**
 * Any record (a URL's search, a query string's entries) → the query; a bad value is its default. The work type is
 * checked against `workTypes` when given (the dashboard passes WORK_TYPES; the route's validateSearch, in the
 * eager bundle, checks only its shape, so the list's Russian names load with the dashboard's chunk).
 */
export function parseOrderQuery(raw: Record<string, unknown>, workTypes?: readonly string[]): OrderQuery {
  const q: OrderQuery = {
    search: parseSearch(raw.search),
    awaiting_payment: parseFlag(raw.awaiting_payment),
    unread: parseFlag(raw.unread),
    ordering: oneOf(raw.ordering, ORDER_SORTS) ?? DEFAULT_ORDER_SORT,
  };
  const status = parseStatus(raw.status);
  if (status !== undefined) q.status = status;
  const workType =
    typeof raw.work_type === 'string' && raw.work_type.length <= 100 ? raw.work_type : undefined;
  if (workType && (!workTypes || workTypes.includes(workType))) q.work_type = workType;
  const from = parseDay(raw.deadline_from);
  if (from) q.deadline_from = from;
  const to = parseDay(raw.deadline_to);
  if (to) q.deadline_to = to;
  return q;
}

/** The query as search params: only what differs from the defaults (a clean URL for the plain list). */
export function orderQueryParams(q: OrderQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.search.trim()) out.search = q.search.trim();
  if (q.status !== undefined) out.status = String(q.status);
  if (q.work_type) out.work_type = q.work_type;
  if (q.deadline_from) out.deadline_from = q.deadline_from;
  if (q.deadline_to) out.deadline_to = q.deadline_to;
  if (q.awaiting_payment) out.awaiting_payment = '1';
  if (q.unread) out.unread = '1';
  if (q.ordering !== DEFAULT_ORDER_SORT) out.ordering = q.ordering;
  return out;
}

/** Does the query narrow the list (search or a filter; a sort alone does not)? */
export function isFiltered(q: OrderQuery): boolean {
  const { ordering: _sort, ...rest } = orderQueryParams(q);
  return Object.keys(rest).length > 0;
}

export function sameOrderQuery(a: OrderQuery, b: OrderQuery): boolean {
  return JSON.stringify(orderQueryParams(a)) === JSON.stringify(orderQueryParams(b));
}

const UPPER = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё';
const LOWER = 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе';
/**
 * The text a search compares: Latin and Cyrillic letters in lower case and ё as е, nothing else changed — the
 * database column orders.search_text is built by the same rule (migration 0014: translate + lower of ASCII), so
 * no locale of either side can make them differ.
 */
export function normalizeSearch(text: string): string {
  let out = '';
  for (const ch of text) {
    const i = UPPER.indexOf(ch);
    out += i >= 0 ? LOWER[i] : ch >= 'A' && ch <= 'Z' ? ch.toLowerCase() : ch;
  }
  return out;
}
export const SEARCH_FOLD = {
  from: UPPER + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  to: LOWER + 'abcdefghijklmnopqrstuvwxyz',
};

/**
 * The query as the router's search object (only what differs from the defaults). Numbers and flags stay numbers:
 * the router writes a string that reads as JSON (e.g. '3') in quotes, a number plainly (`?status=3&unread=1`).
 */
export interface OrderUrlSearch {
  search?: string | undefined;
  status?: number | undefined;
  work_type?: string | undefined;
  deadline_from?: string | undefined;
  deadline_to?: string | undefined;
  awaiting_payment?: 1 | undefined;
  unread?: 1 | undefined;
  ordering?: OrderSort | undefined;
}

export function orderUrlSearch(q: OrderQuery): OrderUrlSearch {
  // Every key present (undefined for a default): the router merges a parent's raw search under missing keys.
  return {
    search: q.search.trim() || undefined,
    status: q.status,
    work_type: q.work_type,
    deadline_from: q.deadline_from,
    deadline_to: q.deadline_to,
    awaiting_payment: q.awaiting_payment ? 1 : undefined,
    unread: q.unread ? 1 : undefined,
    ordering: q.ordering === DEFAULT_ORDER_SORT ? undefined : q.ordering,
  };
}

/** Orders per page: small pages keep a list of 1 000 orders light (spec point 4: paging, "show more"). */
export const ORDER_PAGE_SIZE = 20;
