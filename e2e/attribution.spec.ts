// Issue 27 in the browser: a visit from a foreign site with a campaign and a partner uid registers, orders and pays;
// the staff funnel credits all three to that campaign and partner, and the visit's page views (route names,
// referrers) are in the staff report. With Global Privacy Control on, nothing is sent.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, staff, test } from './support/fixtures';
import type { FunnelReport, PageViewReport } from '../contract/analytics.api';

const COLLECT = '/api/client/analytics/events/';

function dayFromNow(days: number): string {
  const msk = new Date(Date.now() + 3 * 3600_000);
  return new Date(Date.UTC(msk.getUTCFullYear(), msk.getUTCMonth(), msk.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}
const today = () => new Date().toISOString().slice(0, 10);
/** A client address of its own: the collector counts batches per address in memory, and every earlier spec of the
 * run sent its beacons from this machine's address (the e2e server trusts X-Forwarded-For). */
const fakeIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Today's funnel by source, or a source's campaigns and partners. */
const funnel = (request: APIRequestContext, source?: string) =>
  staff<FunnelReport>(
    request,
    'GET',
    `/analytics/funnel/?from=${today()}&to=${today()}${source === undefined ? '' : `&source=${encodeURIComponent(source)}`}`,
  );
const pageViewReport = (request: APIRequestContext) =>
  staff<PageViewReport>(request, 'GET', `/analytics/page-views/?from=${today()}&to=${today()}`);

async function registerWithForm(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill('correct-horse-42');
  await page.getByLabel(/Как к вам обращаться/).fill('Мария');
  await page.getByLabel(/Я принимаю условия/).check();
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('a campaign visit: sign-up, order and payment are credited to the campaign and partner; its page views are reported', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': fakeIp() });
  const id = unique();
  const campaign = `spring-${id}`;
  const partner = `partner_${id}`;
  const referrer = `https://blog.example.org/post-${id}`;
  const beacons: string[] = [];
  // A beacon's body is not in the request event; a route sees it, and lets it through.
  await page.route(`**${COLLECT}`, async (route) => {
    beacons.push(route.request().postData() ?? '');
    await route.continue();
  });

  await page.goto(`/registration?utm_campaign=${campaign}&utm_source=blog&uid=${partner}`, {
    referer: referrer,
  });
  // The first views go in a batch within 2 s (or with the page as it hides); waiting for it keeps the test about
  // what is reported, not about how fast the runner leaves the page. (A beacon's body is not shown to the runner.)
  const firstViews = page.waitForResponse((r) => new URL(r.url()).pathname === COLLECT, { timeout: 20_000 });
  await registerWithForm(page, `campaign-${id}@example.com`);
  expect((await firstViews).status()).toBe(202);

  await page.goto('/order-new');
  await page.getByLabel('Тип работы').selectOption('Реферат');
  await page.getByLabel('Тема работы').fill('История Древнего Рима');
  await page.getByLabel('Срок сдачи').fill(dayFromNow(10));
  await page.getByLabel('Объём, страниц').fill('12');
  await expect(page.getByTestId('order-cost')).toBeVisible();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/success\?/);
  // The page is on screen (its view is queued) before the runner leaves it.
  await expect(page.getByRole('heading', { level: 1, name: 'Спасибо за первый заказ!' })).toBeVisible();
  const orderId = Number(/\/order\/(\d+)\//.exec(page.url())![1]);

  await page.goto(`/order/${orderId}/pay`);
  const pay = page.getByRole('button', { name: /^Оплатить/ });
  await expect(pay).toBeVisible();
  // A new customer's profile reminder may open over the page: Escape closes it first.
  await expect(async () => {
    if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
    await pay.click({ timeout: 2000 });
  }).toPass();
  await page.waitForURL(/\/sandbox\//);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/payment\?status=success/);
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();

  // The funnel: one sign-up, one first order and one first payment, with their sums, for this campaign and partner.
  await expect
    .poll(async () => (await funnel(request, 'blog')).rows.find((r) => r.campaign === campaign))
    .toMatchObject({
      source: 'blog',
      partner,
      signups: 1,
      first_orders: 1,
      first_payments: 1,
    });
  const row = (await funnel(request, 'blog')).rows.find((r) => r.campaign === campaign)!;
  // The report by source holds the blog's row with at least these counts.
  expect((await funnel(request)).rows.find((r) => r.source === 'blog')).toMatchObject({
    campaign: null,
    partner: null,
  });
  expect(row.first_orders_sum).toBeGreaterThan(0);
  expect(row.first_payments_sum).toBe(row.first_orders_sum);

  // The page views of this visit, with their route names and referrers (the first one: the foreign page).
  const views = async () =>
    (await pageViewReport(request)).rows
      .filter((r) => r.kind === 'view')
      .map((r) => `${r.name} ← ${r.referrer}`);
  await expect
    .poll(views, { timeout: 15_000 })
    .toEqual(
      expect.arrayContaining([
        `Registration ← ${referrer}`,
        'Home ← /registration',
        'OrderNew ← ',
        `OrderSuccess ← /order-new`,
        'OrderPay ← ',
        'Payment ← /api/',
      ]),
    );
  // Sent in batches, with no query values and no e-mail in them.
  expect(beacons.some((body) => body.includes('"pageView"'))).toBe(true);
  for (const body of beacons) {
    expect(body).not.toContain('utm_campaign');
    expect(body).not.toContain('@example.com');
    expect(body).not.toContain('status=success');
  }
});

test('with Global Privacy Control on, no page view or goal leaves the browser', async ({ page }) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', {
      get: () => true,
      configurable: true,
    }),
  );
  const sent: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/client/analytics/')) sent.push(path);
  });
  await page.goto(`/registration?utm_campaign=gpc&uid=gpc_partner`, {
    referer: 'https://blog.example.org/gpc',
  });
  await registerWithForm(page, `gpc-${unique()}@example.com`);
  await page.goto('/payments');
  await page.waitForLoadState('load');
  // Past the load event, the idle callback and a batch's delay: still nothing (the in-page sink still records).
  await page.waitForTimeout(3000);
  await page.goto('/login');
  // The in-page sink records once the app has started (on the prerendered /login, after the load event).
  await expect
    .poll(() => page.evaluate(() => (window as { __analytics?: unknown[] }).__analytics?.length ?? 0))
    .toBeGreaterThan(0);
  expect(sent).toEqual([]);
});

test('a forged 10 KB origin cookie changes nothing and breaks nothing', async ({ request }) => {
  const email = `forged-${unique()}@example.com`;
  const forged = `cabinet_partner=${'<x>'.repeat(1000)}; cabinet_referrer=https://evil.example/${'a'.repeat(7_000)}`;
  const res = await request.post('/api/client/profile/', {
    headers: { cookie: forged },
    data: { email, password: 'correct-horse-42', accept_terms: true },
  });
  expect(res.status()).toBe(201);
  const sources = (await funnel(request)).rows;
  const rows = (await Promise.all(sources.map((s) => funnel(request, s.source)))).flatMap((r) => r.rows);
  expect(rows.some((r) => r.partner?.includes('<') || r.source.includes('evil'))).toBe(false);
});
