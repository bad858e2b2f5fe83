// Page-view collection (public) and the owners' reports (staff): the endpoint rows of issue 27.
// docs/analytics.md says what each number means.
import * as z from 'zod/mini';
import { endpoint } from './http';
import { PUBLIC_WRITES } from './auth';
import {
  COLLECT_BODY_LIMIT,
  COLLECT_MAX_EVENTS,
  EVENT_NAME_MAX,
  EVENT_PATH_MAX,
  isEventName,
} from './page-events';

const name = z
  .string({ error: 'Имя — строка.' })
  .check(z.maxLength(EVENT_NAME_MAX), z.refine(isEventName, 'Имя — латинские буквы, цифры, «.», «_», «-».'));
const pathText = z.string().check(z.maxLength(EVENT_PATH_MAX * 4));

export const PageEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pageView'), title: name, referrer: pathText, path: pathText }),
  z.object({ type: z.literal('goal'), name, path: z.optional(pathText) }),
]);
export type PageEvent = z.infer<typeof PageEvent>;

export const PageEventsRequest = z.object(
  {
    events: z
      .array(PageEvent)
      .check(
        z.minLength(1, 'Нет событий.'),
        z.maxLength(COLLECT_MAX_EVENTS, `Не больше ${COLLECT_MAX_EVENTS} событий за раз.`),
      ),
  },
  { error: 'Ожидается JSON-объект.' },
);

export const AnalyticsSettings = z.object({
  /** The Yandex Metrica counter's id when the server has one (YANDEX_METRICA_ID), else null: nothing loads. */
  metrica_counter: z.nullable(z.number()),
});
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;

export const analyticsApi = {
  /** Page views and goals in a batch (sendBeacon): accepted at once (202), stored within a second or so. */
  'POST /api/client/analytics/events/': endpoint({
    body: PageEventsRequest,
    status: 202,
    bodyLimit: COLLECT_BODY_LIMIT,
    errors: [400, 413, 429],
    auth: 'public',
    perCaller: PUBLIC_WRITES.PAGE_EVENTS,
  }),
  'GET /api/client/analytics/settings/': endpoint({
    answer: AnalyticsSettings,
    errors: [],
    auth: 'public',
  }),
} as const;

// ---- staff reports ------------------------------------------------------------------------------------------------
const DAY_ERROR = 'Дата в формате ГГГГ-ММ-ДД.';
const day = z.string({ error: DAY_ERROR }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, DAY_ERROR),
  z.refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '2000' && s < '2101';
  }, DAY_ERROR),
);

/** A range of UTC days, both ends included; at most 366 days. */
export const ReportRange = z.object({ from: day, to: day }).check(
  z.refine((q) => q.from <= q.to, { message: 'Начало периода позже конца.', path: ['to'] }),
  z.refine((q) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < 366, {
    message: 'Период — не больше 366 дней.',
    path: ['to'],
  }),
);

export const FUNNEL_SOURCE_MAX = 200;
export const FunnelQuery = z.extend(ReportRange, {
  /** first: everything credited to the customer's first touch; last: orders (and their payments) to the order's. */
  touch: z._default(z.enum(['first', 'last'], { error: 'touch — first или last.' }), 'first'),
  /**
   * Absent: a row per source. A source ('' is a direct visit): a row per campaign and partner of that source (the
   * drill-down; docs/analytics.md).
   */
  source: z.optional(
    z.string().check(z.maxLength(FUNNEL_SOURCE_MAX, `Источник — не длиннее ${FUNNEL_SOURCE_MAX} символов.`)),
  ),
});
export type FunnelQuery = z.infer<typeof FunnelQuery>;

const funnelCounts = {
  signups: z.number(),
  first_orders: z.number(),
  first_orders_sum: z.number(),
  first_payments: z.number(),
  first_payments_sum: z.number(),
};
export const FunnelRow = z.object({
  /** utm_source, else the referrer's host; '' is a direct visit. */
  source: z.string(),
  /** null in a report by source (all of the source's campaigns and partners). */
  campaign: z.nullable(z.string()),
  partner: z.nullable(z.string()),
  ...funnelCounts,
});
export type FunnelRow = z.infer<typeof FunnelRow>;
export const FunnelReport = z.object({
  from: z.string(),
  to: z.string(),
  touch: z.enum(['first', 'last']),
  /** The source drilled into; null: the report is by source. */
  source: z.nullable(z.string()),
  /** The groups with the most sign-ups (then first payments' sum), at most 100. */
  rows: z.array(FunnelRow),
  /** The groups after them, summed («Прочие»); null when the rows hold them all. */
  others: z.nullable(z.object({ groups: z.number(), ...funnelCounts })),
});
export type FunnelReport = z.infer<typeof FunnelReport>;

export const PageViewRow = z.object({
  day: z.string(),
  kind: z.enum(['view', 'goal']),
  /** The route name (a view) or the goal's name. */
  name: z.string(),
  /** The referrer without its query: another site's origin and path, a ref code, or the previous path here. */
  referrer: z.string(),
  views: z.number(),
});
export type PageViewRow = z.infer<typeof PageViewRow>;
export const PageViewReport = z.object({ from: z.string(), to: z.string(), rows: z.array(PageViewRow) });
export type PageViewReport = z.infer<typeof PageViewReport>;

export const staffAnalyticsApi = {
  'GET /api/staff/analytics/funnel/': endpoint({
    query: FunnelQuery,
    answer: FunnelReport,
    errors: [400, 401],
    auth: 'staff',
    role: 'admin',
  }),
  /** The same rows as CSV (UTF-8 with a BOM, for spreadsheets). */
  'GET /api/staff/analytics/funnel/csv/': endpoint({
    query: FunnelQuery,
    answers: 'file',
    errors: [400, 401],
    auth: 'staff',
    role: 'admin',
  }),
  'GET /api/staff/analytics/page-views/': endpoint({
    query: ReportRange,
    answer: PageViewReport,
    errors: [400, 401],
    auth: 'staff',
    role: 'admin',
  }),
  'GET /api/staff/analytics/page-views/csv/': endpoint({
    query: ReportRange,
    answers: 'file',
    errors: [400, 401],
    auth: 'staff',
    role: 'admin',
  }),
} as const;
