// Issue 27: the origin cookies credit sign-ups, orders and payments; page views reach the database and the reports.
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { eq } from 'drizzle-orm';
import { useHarness, type Harness } from './harness';
import { customerOrigins, orderOrigins, pageViewDays, pageViews } from '../../server/db/tables';
import { orderForm } from './helpers/orders';
import { refreshCookieOf } from './helpers/auth';
import { signAccessToken } from '../../server/domain/tokens';
import { newKey, sandbox } from './payments-fixtures';
import { collectorOf, rollUpPageViews } from '../../server/domain/page-views';
import { METRICA_ORIGIN, securityHeadersFor } from '../../server/ops/headers';
import { createJobRunner } from '../../server/jobs/runner';
import { registerJobs } from '../../server/jobs/tasks';
import { PUBLIC_WRITES } from '../../contract/auth';
import type { FunnelReport, PageViewReport } from '../../contract/analytics.api';

const STAFF = { authorization: `Bearer ${testConfig().staffToken}` };
const DAY = 86_400_000;
const campaignCookies = [
  'cabinet_referrer=https://blog.example.org/post',
  'cabinet_landing=https://cabinet.example.ru/registration?utm_campaign=spring',
  'cabinet_utm=utm_campaign%3Dspring%26utm_source%3Dvk',
  'cabinet_partner=partner_42',
].join('; ');
const forged = `cabinet_referrer=https://evil.example/${'x'.repeat(10 * 1024)}; cabinet_partner=${'<script>'.repeat(10)}`;

let seq = 0;
/** The staff's page-view report over [from, to], through the API. */
async function pageViewReport(h: Harness, from: string, to: string) {
  const res = await h.request(`/api/staff/analytics/page-views/?from=${from}&to=${to}`, { headers: STAFF });
  return ((await res.json()) as PageViewReport).rows;
}

async function register(h: Harness, cookie?: string) {
  const email = `attr-${++seq}-${Date.now()}@example.com`;
  const res = await h.request('/api/client/profile/', {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    json: { email, password: 'long-enough-1', accept_terms: true },
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { access: string };
  return { email, access: body.access, refreshCookie: refreshCookieOf(res)!, res };
}

const originOf = async (h: Harness, email: string) => {
  const rows = await h.deps.db.select().from(customerOrigins);
  const users = await h.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
  return rows.find((r) => r.userId === users!.id);
};

/** A fresh access token of the same session (the clock moved past its 300 s). */
async function renewed(h: Harness, access: string) {
  const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  return (await signAccessToken(h.deps, { userId: Number(claims.sub), sessionId: claims.sid })).access;
}

async function newOrder(h: Harness, access: string, cookie?: string) {
  access = await renewed(h, access);
  const res = await h.request('/api/client/orders/', {
    method: 'POST',
    token: access,
    headers: cookie ? { cookie } : {},
    json: orderForm(h),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { order: { id: number; price: number } }).order;
}

async function orderTouch(h: Harness, id: number) {
  const [row] = await h.deps.db.select().from(orderOrigins).where(eq(orderOrigins.orderId, id));
  return row;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('attribution of sign-ups and orders', () => {
  const h = useHarness();

  it('keeps the first touch of a registration, which sign-in and refresh never change', async () => {
    const c = await register(h, campaignCookies);
    expect(await originOf(h, c.email)).toMatchObject({
      referrer: 'https://blog.example.org/post',
      landing: 'https://cabinet.example.ru/registration?utm_campaign=spring',
      source: 'vk',
      campaign: 'spring',
      partner: 'partner_42',
      touchedAt: h.clock.now,
    });
    const other = 'cabinet_utm=utm_campaign%3Dother; cabinet_partner=someone_else';
    const login = await h.request('/api/client/auth/login/', {
      method: 'POST',
      headers: { cookie: other },
      json: { login: c.email, password: 'long-enough-1' },
    });
    expect(login.status).toBe(200);
    const refresh = await h.request('/api/client/auth/token/refresh/', {
      method: 'POST',
      headers: { cookie: `${c.refreshCookie}; ${other}` },
      json: {},
    });
    expect(refresh.status).toBe(200);
    expect(await originOf(h, c.email)).toMatchObject({ campaign: 'spring', partner: 'partner_42' });
  });

  it('a forged 10 KB cookie changes nothing and breaks nothing', async () => {
    const c = await register(h, `${forged}; cabinet_utm=utm_campaign%3Dkept`);
    expect(await originOf(h, c.email)).toMatchObject({
      referrer: '',
      landing: '',
      source: '',
      campaign: 'kept',
      partner: '',
    });
    const order = await newOrder(h, c.access, forged);
    expect(await orderTouch(h, order.id)).toMatchObject({ referrer: '', partner: '', campaign: 'kept' });
  });

  it('records a social sign-up (sandbox) and a direct registration too', async () => {
    const res = await h.request('/client/api/socials/sandbox/vk/', {
      method: 'POST',
      headers: { cookie: campaignCookies, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'with_email=1',
    });
    expect(res.status).toBe(302);
    expect(await originOf(h, 'sandbox-vk@example.com')).toMatchObject({
      campaign: 'spring',
      partner: 'partner_42',
    });
    const direct = await register(h);
    expect(await originOf(h, direct.email)).toMatchObject({ source: '', campaign: '', partner: '' });
  });

  it("credits an order to the cookies sent with it, else to the first touch within each cookie's lifetime", async () => {
    const c = await register(h, campaignCookies);
    const fresh = await newOrder(h, c.access, 'cabinet_utm=utm_campaign%3Dautumn%26utm_source%3Dmail');
    expect(await orderTouch(h, fresh.id)).toMatchObject({
      campaign: 'autumn',
      source: 'mail',
      partner: 'partner_42',
      referrer: 'https://blog.example.org/post',
    });
    // Another device, the next hour: no cookies; the first touch still lives.
    h.clock.advance(3_600_000);
    const sameDay = await newOrder(h, c.access);
    expect(await orderTouch(h, sameDay.id)).toMatchObject({ campaign: 'spring', partner: 'partner_42' });
    // Two days on, only the partner's 30 days remain.
    h.clock.advance(2 * DAY);
    const twoDays = await newOrder(h, c.access);
    expect(await orderTouch(h, twoDays.id)).toMatchObject({
      campaign: '',
      source: '',
      referrer: '',
      partner: 'partner_42',
    });
    h.clock.advance(30 * DAY);
    const late = await newOrder(h, c.access);
    expect(await orderTouch(h, late.id)).toMatchObject({ partner: '', campaign: '' });
  });
});

describe('the staff funnel', () => {
  const h = useHarness();

  async function pay(c: { access: string }, orderId: number) {
    const res = await h.request('/api/client/payments/pay/', {
      method: 'POST',
      token: c.access,
      headers: { 'idempotency-key': newKey() },
      json: { purpose: 'order', order_id: orderId, method: 'card' },
    });
    expect(res.status).toBe(200);
    const { redirect_url } = (await res.json()) as { redirect_url: string };
    expect((await sandbox(h, redirect_url, 'pay')).status).toBe(302);
  }

  it('credits the sign-up, the first order and the first payment to the campaign and partner', async () => {
    const c = await register(h, campaignCookies);
    const o = await newOrder(h, c.access, campaignCookies);
    await newOrder(h, c.access, campaignCookies); // a second order is no first order
    await pay(c, o.id);
    await register(h); // a direct sign-up
    const res = await h.request(`/api/staff/analytics/funnel/?from=${today()}&to=${today()}`, {
      headers: STAFF,
    });
    expect(res.status).toBe(200);
    const report = (await res.json()) as FunnelReport;
    expect(report.touch).toBe('first');
    // By source first: the campaign and partner are the drill-down's.
    expect(report.source).toBeNull();
    expect(report.others).toBeNull();
    const counts = { signups: 1, first_orders: 1, first_orders_sum: o.price, first_payments: 1 };
    expect(report.rows).toEqual([
      { source: 'vk', campaign: null, partner: null, ...counts, first_payments_sum: o.price },
      {
        source: '',
        campaign: null,
        partner: null,
        signups: 1,
        first_orders: 0,
        first_orders_sum: 0,
        first_payments: 0,
        first_payments_sum: 0,
      },
    ]);
    const vk = (await (
      await h.request(`/api/staff/analytics/funnel/?from=${today()}&to=${today()}&source=vk`, {
        headers: STAFF,
      })
    ).json()) as FunnelReport;
    expect(vk).toMatchObject({ source: 'vk', others: null });
    expect(vk.rows).toEqual([
      { source: 'vk', campaign: 'spring', partner: 'partner_42', ...counts, first_payments_sum: o.price },
    ]);
    const last = (await (
      await h.request(`/api/staff/analytics/funnel/?from=${today()}&to=${today()}&touch=last`, {
        headers: STAFF,
      })
    ).json()) as FunnelReport;
    expect(last.rows[0]).toMatchObject({ source: 'vk', first_orders: 1, first_payments: 1 });

    const csv = await h.request(`/api/staff/analytics/funnel/csv/?from=${today()}&to=${today()}`, {
      headers: STAFF,
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'source,campaign,partner,signups,first_orders,first_orders_sum,first_payments,first_payments_sum',
    );
    expect(lines[1]).toBe(`vk,,,1,1,${o.price},1,${o.price}`);
    const drilled = await h.request(
      `/api/staff/analytics/funnel/csv/?from=${today()}&to=${today()}&source=vk`,
      {
        headers: STAFF,
      },
    );
    expect((await drilled.text()).trim().split('\r\n')[1]).toBe(
      `vk,spring,partner_42,1,1,${o.price},1,${o.price}`,
    );

    // Yesterday's range holds nothing of today.
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    const empty = (await (
      await h.request(`/api/staff/analytics/funnel/?from=${yesterday}&to=${yesterday}`, { headers: STAFF })
    ).json()) as FunnelReport;
    expect(empty.rows).toEqual([]);
  });

  it('refuses bad ranges in Russian and callers without the staff token', async () => {
    const bad = await h.request('/api/staff/analytics/funnel/?from=2026-13-01&to=2026-01-01', {
      headers: STAFF,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ from: ['Дата в формате ГГГГ-ММ-ДД.'] });
    const reversed = await h.request('/api/staff/analytics/page-views/?from=2026-02-01&to=2026-01-01', {
      headers: STAFF,
    });
    expect(await reversed.json()).toEqual({ to: ['Начало периода позже конца.'] });
    const long = await h.request(
      `/api/staff/analytics/funnel/?from=${today()}&to=${today()}&source=${'x'.repeat(201)}`,
      {
        headers: STAFF,
      },
    );
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ source: ['Источник — не длиннее 200 символов.'] });
    expect((await h.request(`/api/staff/analytics/funnel/?from=${today()}&to=${today()}`)).status).toBe(401);
  });
});

describe('the Metrica setting', () => {
  it("adds the counter's origin to the CSP only when a counter is set", () => {
    const csp = (list: readonly (readonly [string, string])[]) =>
      list.find(([name]) => name === 'Content-Security-Policy')![1];
    expect(csp(securityHeadersFor({}))).not.toContain(METRICA_ORIGIN);
    const withCounter = csp(securityHeadersFor({ yandexMetricaId: 12345 }));
    for (const directive of ['script-src', 'img-src', 'connect-src'])
      expect(withCounter).toMatch(new RegExp(`${directive} [^;]*${METRICA_ORIGIN.replace(/\./g, '\\.')}`));
    expect(withCounter).toMatch(/default-src 'self';/);
  });
});

describe('page views', () => {
  const h = useHarness();
  // The collector writes its buffer a second later: what a test sent is written before the next test starts, not
  // into its database (the flood's rows appeared in the roll-up test on PostgreSQL).
  afterEach(async () => {
    await collectorOf(h.deps.db).flush();
  });
  const collect = (json: unknown, headers: Record<string, string> = {}) =>
    h.request('/api/client/analytics/events/', { method: 'POST', json, headers });

  it('stores a batch with the customer id of a signed-in beacon and no query values', async () => {
    const c = await register(h);
    const res = await collect(
      {
        events: [
          {
            type: 'pageView',
            title: 'Registration',
            referrer: 'https://blog.example.org/post?email=a@b.c',
            path: '/registration',
          },
          { type: 'pageView', title: 'Home', referrer: '/registration', path: '/home?token=secret' },
          { type: 'goal', name: 'order_thanks', path: '/order/1/success' },
        ],
      },
      { cookie: `cabinet_access=${c.access}` },
    );
    expect(res.status).toBe(202);
    expect(await collectorOf(h.deps.db).flush()).toBe(3);
    const rows = await h.deps.db.select().from(pageViews).orderBy(pageViews.id);
    const user = await h.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, c.email) });
    expect(rows.map((r) => [r.kind, r.name, r.path, r.referrer, r.userId])).toEqual([
      ['view', 'Registration', '/registration', 'https://blog.example.org/post', user!.id],
      ['view', 'Home', '/home', '/registration', user!.id],
      ['goal', 'order_thanks', '/order/1/success', '', user!.id],
    ]);
    // Anonymous (and a forged access cookie) stores no id.
    await collect(
      { events: [{ type: 'pageView', title: 'Enter', referrer: '', path: '/login' }] },
      { cookie: 'cabinet_access=forged' },
    );
    await collectorOf(h.deps.db).flush();
    const [anon] = await h.deps.db.select().from(pageViews).where(eq(pageViews.name, 'Enter'));
    expect(anon?.userId).toBeNull();
    const report = (await (
      await h.request(`/api/staff/analytics/page-views/?from=${today()}&to=${today()}`, { headers: STAFF })
    ).json()) as PageViewReport;
    expect(report.rows).toEqual([
      { day: today(), kind: 'goal', name: 'order_thanks', referrer: '', views: 1 },
      { day: today(), kind: 'view', name: 'Enter', referrer: '', views: 1 },
      { day: today(), kind: 'view', name: 'Home', referrer: '/registration', views: 1 },
      {
        day: today(),
        kind: 'view',
        name: 'Registration',
        referrer: 'https://blog.example.org/post',
        views: 1,
      },
    ]);

    // The rows travel to the database as one JSON parameter: quotes, backslashes and any script arrive as sent,
    // and the server's time to the millisecond (moved a little, so it is not the database's own now()).
    const odd = '/заказ/«№1»/"q"/\\/\'/😀';
    h.clock.advance(1234);
    expect(
      (await collect({ events: [{ type: 'pageView', title: 'Odd', referrer: odd, path: odd }] })).status,
    ).toBe(202);
    await collectorOf(h.deps.db).flush();
    const [stored] = await h.deps.db.select().from(pageViews).where(eq(pageViews.name, 'Odd'));
    expect([stored?.path, stored?.referrer]).toEqual([odd, odd]);
    expect(stored!.at.getTime()).toBe(h.clock.now.getTime());
  });

  it('tells the SPA there is no Metrica counter unless one is set', async () => {
    const res = await h.request('/api/client/analytics/settings/');
    expect(await res.json()).toEqual({ metrica_counter: null });
    expect(res.headers.get('content-security-policy')).not.toContain('yandex');
  });

  it('refuses bad batches, too many events and too large bodies', async () => {
    expect((await collect({ events: [] })).status).toBe(400);
    expect(
      (await collect({ events: [{ type: 'pageView', title: '<b>', referrer: '', path: '/' }] })).status,
    ).toBe(400);
    const many = Array.from({ length: 51 }, () => ({ type: 'goal', name: 'x' }));
    expect((await collect({ events: many })).status).toBe(400);
    const big = await h.request('/api/client/analytics/events/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events: [{ type: 'goal', name: 'x', path: `/${'a'.repeat(20_000)}` }] }),
    });
    expect(big.status).toBe(413);
  });

  it('answers 429 with Retry-After to a caller over its batches per minute', async () => {
    let status = 0;
    let tries = 0;
    let res: Response | undefined;
    while (status !== 429 && tries < 100) {
      res = await collect({ events: [{ type: 'goal', name: 'flood' }] });
      status = res.status;
      tries++;
    }
    expect(status).toBe(429);
    expect(tries).toBeLessThanOrEqual(PUBLIC_WRITES.PAGE_EVENTS.max + 1);
    expect(Number(res!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rolls page views up, answers the same report from the roll-up, and drops raw rows after the retention', async () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const rows = [
      { at: new Date('2026-06-08T10:00:00Z'), kind: 'view' as const, name: 'Home', referrer: '/login' },
      { at: new Date('2026-06-08T23:59:00Z'), kind: 'view' as const, name: 'Home', referrer: '/login' },
      { at: new Date('2026-06-09T00:00:00Z'), kind: 'view' as const, name: 'Home', referrer: '/login' },
      { at: new Date('2026-06-10T08:00:00Z'), kind: 'view' as const, name: 'Payments', referrer: '/home' },
      { at: new Date('2026-01-01T08:00:00Z'), kind: 'view' as const, name: 'Old' },
    ];
    await h.deps.db.insert(pageViews).values(rows);
    const ask = () => pageViewReport(h, '2026-06-01', '2026-06-10');
    const before = await ask();
    expect(before).toEqual([
      { day: '2026-06-08', kind: 'view', name: 'Home', referrer: '/login', views: 2 },
      { day: '2026-06-09', kind: 'view', name: 'Home', referrer: '/login', views: 1 },
      { day: '2026-06-10', kind: 'view', name: 'Payments', referrer: '/home', views: 1 },
    ]);
    // The job on the one runner does it (its clock: the harness's).
    h.clock.now = now;
    const runner = createJobRunner({ db: h.deps.db, now: h.deps.now });
    registerJobs(runner, h.deps);
    expect((await runner.runDue()).recurring).toContain('analytics.rollup');
    expect((await h.deps.db.select().from(pageViews)).map((r) => r.name).sort()).toEqual(
      ['Home', 'Home', 'Home', 'Payments'], // the January row was past the 90 days
    );
    // Every row stamped until 5 minutes ago is counted, today's too, the January one before it went.
    expect(await h.deps.db.select().from(pageViewDays)).toHaveLength(4);
    expect(await ask()).toEqual(before);
    // Once the roll-up has counted a row, the raw row is no longer read (it goes at the retention).
    await h.deps.db.delete(pageViews).where(eq(pageViews.name, 'Home'));
    expect(await ask()).toEqual(before);
    // A row after the watermark is read raw and added to the day's count.
    await h.deps.db
      .insert(pageViews)
      .values({ at: new Date('2026-06-10T11:58:00Z'), kind: 'view', name: 'Payments', referrer: '/home' });
    const later = before.map((r) => (r.name === 'Payments' ? { ...r, views: 2 } : r));
    expect(await ask()).toEqual(later);
    // Again at the same moment: nothing new to count, nothing doubles.
    expect(await rollUpPageViews(h.deps.db, now, 90)).toMatchObject({ counted: 0, deleted: 0 });
    expect(await ask()).toEqual(later);
    // Ten minutes on, the new row is counted once.
    expect(await rollUpPageViews(h.deps.db, new Date(now.getTime() + 600_000), 90)).toMatchObject({
      counted: 1,
      deleted: 0,
    });
    expect(await ask()).toEqual(later);
    const csv = await h.request('/api/staff/analytics/page-views/csv/?from=2026-06-01&to=2026-06-10', {
      headers: STAFF,
    });
    expect((await csv.text()).replace(/^\uFEFF/, '').split('\r\n')[1]).toBe('2026-06-08,view,Home,/login,2');
  });

  it('rolls a batch of raw rows a pass, whatever the backlog, and the report is the same after every pass', async () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const at = (iso: string) => ({ at: new Date(iso), kind: 'view' as const, name: 'Home', referrer: '' });
    await h.deps.db.insert(pageViews).values([
      at('2026-06-08T10:00:00Z'),
      at('2026-06-08T11:00:00Z'),
      at('2026-06-08T23:59:59.999Z'),
      at('2026-06-09T00:00:00Z'),
      at('2026-06-09T00:00:00Z'),
      at('2026-06-09T00:00:00Z'),
      at('2026-06-09T05:00:00Z'),
      at('2026-06-10T11:56:00Z'), // within the last 5 minutes: read raw until a later pass
    ]);
    const ask = () => pageViewReport(h, '2026-06-08', '2026-06-10');
    const expected = [
      { day: '2026-06-08', kind: 'view', name: 'Home', referrer: '', views: 3 },
      { day: '2026-06-09', kind: 'view', name: 'Home', referrer: '', views: 4 },
      { day: '2026-06-10', kind: 'view', name: 'Home', referrer: '', views: 1 },
    ];
    expect(await ask()).toEqual(expected);
    const counts: number[] = [];
    for (let pass = 0; pass < 10; pass++) {
      const { counted } = await rollUpPageViews(h.deps.db, now, 90, 2);
      if (!counted) break;
      counts.push(counted);
      expect(await ask()).toEqual(expected);
    }
    // Two rows a pass; the three rows stamped alike go in one pass (a watermark cannot fall between them).
    expect(counts).toEqual([2, 1, 3, 1]);
    expect((await h.deps.db.select().from(pageViewDays)).map((r) => [r.day, r.views])).toEqual([
      ['2026-06-08', 3],
      ['2026-06-09', 4],
    ]);
    // The last row is counted once it is 5 minutes old.
    expect((await rollUpPageViews(h.deps.db, new Date('2026-06-10T12:02:00Z'), 90, 2)).counted).toBe(1);
    expect(await ask()).toEqual(expected);
  });
});
