// Профиль → Устройства и сеансы with two (three) browsers signed in as the same customer: the list marks this one,
// ending another sends that browser to /login with the reason — driven by its socket closing, with no click there.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  signedInWithSocket,
  signInFast,
  staff,
  test,
} from './support/fixtures';

const MESSAGE = 'Сеанс завершён с другого устройства. Войдите снова.';
const UA = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 YaBrowser/24.1.2.86.00 SA/3 Mobile Safari/537.36',
};

const LOOKS = [
  { theme: 'light', name: 'desktop', viewport: { width: 1280, height: 800 } },
  { theme: 'dark', name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

type Look = (typeof LOOKS)[number];

async function browserOf(browser: Browser, look: Look, userAgent: string, ip: string) {
  // The server trusts one proxy in e2e: X-Forwarded-For names this "device's" address.
  const context = await browser.newContext({
    userAgent,
    viewport: look.viewport,
    locale: 'ru-RU',
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });
  await context.addInitScript((t) => localStorage.setItem('cabinet.theme', t), look.theme);
  return { context, page: await context.newPage() };
}

const devices = (page: Page) => page.getByRole('region', { name: 'Устройства и сеансы' });
const items = (page: Page) => devices(page).getByRole('listitem');

/** The tab of an ended session: on /login, saying why, with nothing done in it. */
async function expectSentToLogin(page: Page) {
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole('dialog')).toContainText(MESSAGE);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/home');
}

for (const look of LOOKS) {
  test.describe(`${look.theme} theme, ${look.name}`, () => {
    let contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.map((c) => c.close()));
      contexts = [];
    });

    test('lists both sessions with this one marked; ending the other sends that browser to /login', async ({
      browser,
      customer,
    }) => {
      const b = await browserOf(browser, look, UA.iphone, '198.51.100.23');
      const a = await browserOf(browser, look, UA.windows, '203.0.113.57');
      contexts = [a.context, b.context];
      await signedInWithSocket(b.page, customer);

      await signInFast(a.page, customer, '/profile');
      await expect(a.page.locator('html')).toHaveAttribute('data-theme', look.theme);
      await expect(items(a.page)).toHaveCount(2);
      const here = items(a.page).first();
      await expect(here).toContainText('Chrome 120 · Windows');
      await expect(here).toContainText('Это устройство');
      await expect(here).toContainText('IP 203.0.113.*');
      const other = items(a.page).nth(1);
      await expect(other).toContainText('Safari 17 · iOS 17');
      await expect(other).toContainText('Телефон · IP 198.51.100.*');
      await expect(other).not.toContainText('Это устройство');
      await expect(devices(a.page)).not.toContainText('198.51.100.23');
      await devices(a.page).scrollIntoViewIfNeeded();
      await expectNoAxeViolations(a.page);

      await other.getByRole('button', { name: /^Завершить сеанс: Safari 17/ }).click();
      await expect(devices(a.page).getByRole('status').getByText('Сеанс завершён.')).toBeVisible();
      await expect(items(a.page)).toHaveCount(1);
      await expect(devices(a.page)).toContainText('Других активных сеансов нет.');

      // B did nothing: its socket closed, and the tab went to /login with the reason.
      await expectSentToLogin(b.page);
      await expectNoAxeViolations(b.page);
      await b.page.reload();
      await expect(b.page).toHaveURL(/\/login/);
      await expect(b.page.getByLabel(/e-mail или телефон/i)).toBeVisible();

      // A stays signed in, also after a reload.
      await a.page.reload();
      await expect(items(a.page)).toHaveCount(1);
    });

    test('"end all other sessions" asks first, then ends both others and keeps this one', async ({
      browser,
      customer,
    }) => {
      const b = await browserOf(browser, look, UA.iphone, '198.51.100.23');
      const c = await browserOf(browser, look, UA.android, '192.0.2.80');
      const a = await browserOf(browser, look, UA.windows, '203.0.113.57');
      contexts = [a.context, b.context, c.context];
      await signedInWithSocket(b.page, customer);
      await signedInWithSocket(c.page, customer);
      await signInFast(a.page, customer, '/profile');
      await expect(items(a.page)).toHaveCount(3);
      await expect(items(a.page).nth(1)).toContainText('Яндекс Браузер 24 · Android 14');

      const endAll = devices(a.page).getByRole('button', { name: 'Завершить все другие сеансы' });
      await endAll.click();
      const dialog = a.page.getByRole('dialog', { name: 'Завершить все другие сеансы?' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(a.page);
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await expect(dialog).toBeHidden();
      await expect(items(a.page)).toHaveCount(3);
      await expect(b.page).toHaveURL(/\/home/);

      await endAll.click();
      await dialog.getByRole('button', { name: 'Завершить', exact: true }).click();
      await expect(devices(a.page).getByText('Другие сеансы завершены.')).toBeVisible();
      await expect(items(a.page)).toHaveCount(1);
      await expect(endAll).toBeHidden();
      await expectSentToLogin(b.page);
      await expectSentToLogin(c.page);
    });
  });
}

test('the devices list that did not load says so and loads on retry', async ({ page, customer }) => {
  let fail = true;
  await page.route('**/api/client/auth/sessions/', (route) => (fail ? route.abort() : route.continue()));
  await signInFast(page, customer, '/profile');
  await expect(devices(page).getByRole('heading', { name: 'Не удалось загрузить сеансы' })).toBeVisible();
  fail = false;
  await devices(page).getByRole('button', { name: 'Повторить' }).click();
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText('Это устройство');
});

test('a confirmed e-mail change offers to end the other sessions, and doing so signs the other browser out', async ({
  browser,
  page,
  request,
  customer,
}) => {
  const other = await browserOf(browser, LOOKS[1], UA.iphone, '198.51.100.23');
  try {
    await signedInWithSocket(other.page, customer);
    await signInFast(page, customer, '/email-edit');
    const newEmail = `devices-${customer.id}@example.com`;
    await page.getByLabel('Новый e-mail').fill(newEmail);
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expect(page.getByRole('heading', { name: 'Проверьте почту' })).toBeVisible();
    const outbox = await staff<{ results: { payload: { link: string } }[] }>(
      request,
      'GET',
      `/outbox/?recipient=${encodeURIComponent(newEmail)}&kind=email_change_confirm`,
    );
    await page.goto(outbox.results[0]!.payload.link);
    await expect(page.getByRole('heading', { name: 'E-mail изменён' })).toBeVisible();
    const offer = page.getByRole('region', { name: 'Завершить другие сеансы?' });
    await expect(offer).toBeVisible();
    await expectNoAxeViolations(page);
    await offer.getByRole('button', { name: 'Завершить все другие сеансы' }).click();
    await expect(offer.getByText('Другие сеансы завершены.')).toBeVisible();
    await expectSentToLogin(other.page);
    // This browser stays signed in.
    await page.goto('/profile');
    await expect(items(page)).toHaveCount(1);
  } finally {
    await other.context.close();
  }
});
