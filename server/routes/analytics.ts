// Page-view collection (public) and the owners' reports (staff): docs/analytics.md.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';
import { valid } from '../validate';
import { requireStaff } from '../middleware/staff';
import { verifyAccessToken } from '../domain/tokens';
import { collectorOf, type PageViewRow } from '../domain/page-views';
import { funnel, pageViewReport, toCsv } from '../domain/analytics-reports';
import {
  FunnelQuery,
  PageEventsRequest,
  ReportRange,
  type AnalyticsSettings,
  type FunnelReport,
  type PageViewReport,
} from '../../contract/analytics.api';
import { cleanPath, cleanReferrer } from '../../contract/page-events';
import { rawCookies } from '../../contract/origin-cookies';

const ACCESS_COOKIE = 'cabinet_access';

export function analyticsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const collector = collectorOf(deps.db);
  const ownOrigin = new URL(deps.config.publicOrigin).origin;

  // Batches per caller are limited by the endpoint row's `perCaller` (counted per instance, in memory).
  app.post('/client/analytics/events/', valid('json', PageEventsRequest), async (c) => {
    const { events } = c.req.valid('json');
    // The customer's id, when the beacon came with a valid access cookie; nothing else about the visitor is kept.
    const access = rawCookies(c.req.header('cookie'), [ACCESS_COOKIE]).get(ACCESS_COOKIE);
    const claims = access && access.length < 2048 ? await verifyAccessToken(deps, access) : null;
    const at = deps.now();
    const rows: PageViewRow[] = events.map((e) =>
      e.type === 'pageView'
        ? {
            at,
            kind: 'view',
            name: e.title,
            path: cleanPath(e.path),
            referrer: cleanReferrer(e.referrer, ownOrigin),
            userId: claims?.userId ?? null,
          }
        : { at, kind: 'goal', name: e.name, path: cleanPath(e.path ?? ''), userId: claims?.userId ?? null },
    );
    collector.add(rows);
    return c.body(null, 202);
  });

  app.get('/client/analytics/settings/', (c) =>
    c.json({ metrica_counter: deps.config.yandexMetricaId ?? null } satisfies AnalyticsSettings),
  );

  const staff = requireStaff(deps);
  app.get('/staff/analytics/funnel/', staff, valid('query', FunnelQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json({ ...q, source: q.source ?? null, ...(await funnel(deps.db, q)) } satisfies FunnelReport);
  });
  app.get('/staff/analytics/funnel/csv/', staff, valid('query', FunnelQuery), async (c) => {
    const q = c.req.valid('query');
    // The export holds every group of the level asked for, not the report's first ones.
    const { rows } = await funnel(deps.db, q, Infinity);
    const header = [
      'source',
      'campaign',
      'partner',
      'signups',
      'first_orders',
      'first_orders_sum',
      'first_payments',
      'first_payments_sum',
    ] as const;
    return csv(
      c,
      `funnel-${q.from}-${q.to}.csv`,
      toCsv(
        header,
        rows.map((r) => header.map((k) => r[k] ?? '')),
      ),
    );
  });
  app.get('/staff/analytics/page-views/', staff, valid('query', ReportRange), async (c) => {
    const q = c.req.valid('query');
    return c.json({ ...q, rows: await pageViewReport(deps.db, q) } satisfies PageViewReport);
  });
  app.get('/staff/analytics/page-views/csv/', staff, valid('query', ReportRange), async (c) => {
    const q = c.req.valid('query');
    const rows = await pageViewReport(deps.db, q);
    const text = toCsv(
      ['day', 'kind', 'name', 'referrer', 'views'],
      rows.map((r) => [r.day, r.kind, r.name, r.referrer, r.views]),
    );
    return csv(c, `page-views-${q.from}-${q.to}.csv`, text);
  });

  return app;
}

function csv(
  c: { body: (b: string, s: 200, h: Record<string, string>) => Response },
  name: string,
  text: string,
) {
  return c.body(text, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
  });
}
