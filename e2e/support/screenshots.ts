// Screenshots of every public screen, the signed-in home and the money pages (history, pay-out with its code step,
// withdraw), the order lists, the order page with its tabs, the order form, the profile, on a phone and a desktop, in both themes, with an axe check of each. For looking at the design, not a test: `npx tsx e2e/support/screenshots.ts <baseUrl> <outDir>`
// (e.g. against `PORT=4150 DATA_DIR=/tmp/ui-check npx tsx server/main.ts`). Exits 1 when axe finds violations.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';

const [baseUrl = 'http://localhost:4150', outDir = '/tmp/shots'] = process.argv.slice(2);
const DEMO = { login: 'demo@example.com', password: 'demo-password' };
/** The server's bootstrap STAFF_TOKEN or an admin's API key (docs/staff.md): no default. */
const STAFF_TOKEN = process.env.STAFF_TOKEN ?? '';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;

const MONEY_PAGES = [
  ['history', '/payments/history'],
  ['pay-out', '/payments/pay-out'],
  ['withdraw', '/withdraw'],
] as const;

const CABINET_PAGES = [
  ['archive', '/home/archive'],
  ['done', '/home/done'],
  ['search', '/home/active?search=%D0%BE%D1%82%D1%87%D0%B5%D1%82&awaiting_payment=1&ordering=-price'],
  ['order-new', '/order-new'],
  ['replenish', '/payments/replenish'],
  ['pay-packet-list', '/payments'],
  ['profile', '/profile'],
  ['email-edit', '/email-edit'],
] as const;

/** The order page's tabs, for the first order awaiting payment and for the one on guarantee (chat, files, reworks). */
const ORDER_TOPICS = [
  ['order-pay', 'Анализ финансовой устойчивости'],
  ['order-guarantee', 'Продвижение бренда'],
] as const;
const ORDER_TABS = [
  ['', ''],
  ['-chat', '/chat'],
  ['-files', '/files'],
  ['-reworks', '/reworks'],
] as const;

const PUBLIC_PAGES = [
  ['login', '/login'],
  ['registration', '/registration'],
  ['restore', '/restore'],
  ['change-password', '/change-password/x/'],
  ['socials-email-auth', '/socials-email-auth?token=x'],
  ['not-found', '/404'],
  ['too-many-requests', '/429'],
  ['payment-success', '/payment?status=success'],
  ['payment-fail', '/payment?status=fail'],
] as const;

let violations = 0;

async function shoot(page: Page, name: string) {
  // Let skeletons settle and fonts render; the page is quiet once no request is running.
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of axe.violations) {
    violations++;
    console.log(`  axe ${name}: ${v.id} (${v.impact}) ${v.help}`);
    for (const n of v.nodes.slice(0, 3))
      console.log(`    ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1] ?? ''}`);
  }
  console.log(`${name}.png`);
}

async function run(browser: Browser) {
  for (const theme of THEMES) {
    for (const vp of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: vp.width, height: vp.height },
        locale: 'ru-RU',
        colorScheme: theme,
        reducedMotion: 'reduce',
        isMobile: vp.name === 'phone',
        hasTouch: vp.name === 'phone',
      });
      await context.addInitScript((t) => localStorage.setItem('cabinet.theme', t), theme);
      const page = await context.newPage();
      const suffix = `${vp.name}-${theme}`;

      for (const [name, path] of PUBLIC_PAGES) {
        await page.goto(baseUrl + path);
        await shoot(page, `${name}-${suffix}`);
      }

      // The Error route: a returning customer (the session hint cookie is there) whose start-up refresh gets no
      // answer, so the session cannot initialise.
      await context.addCookies([{ name: 'cabinet_signed_in', value: '1', url: baseUrl }]);
      await page.route('**/api/client/auth/token/refresh/', (route) => route.abort('connectionrefused'));
      await page.goto(`${baseUrl}/home`);
      await page
        .getByRole('button', { name: 'Повторить' })
        .waitFor({ timeout: 10_000 })
        .catch(() => {});
      await shoot(page, `session-failed-${suffix}`);
      await page.unroute('**/api/client/auth/token/refresh/');
      await context.clearCookies({ name: 'cabinet_signed_in' });

      // Forms with errors. Sign-in failures and sent codes count against the server's rate limits, so those
      // flows run in two of the four combinations only.
      await page.goto(`${baseUrl}/registration`);
      await page.getByRole('button', { name: 'Создать аккаунт' }).click();
      await shoot(page, `registration-errors-${suffix}`);
      const sideEffects = (vp.name === 'phone') === (theme === 'light');
      if (sideEffects) {
        await page.goto(`${baseUrl}/login`);
        await page.getByLabel('E-mail или телефон').fill(DEMO.login);
        await page.getByLabel('Пароль', { exact: true }).fill('wrong-password');
        await page.getByRole('button', { name: 'Войти', exact: true }).click();
        await page
          .getByRole('alert')
          .first()
          .waitFor({ timeout: 5000 })
          .catch(() => {});
        await shoot(page, `login-error-${suffix}`);

        // The restore confirmation and the code form.
        await page.goto(`${baseUrl}/restore`);
        await page.getByLabel('E-mail').fill(DEMO.login);
        await page.getByRole('button', { name: 'Прислать ссылку' }).click();
        await page
          .getByRole('heading', { name: 'Проверьте почту' })
          .waitFor({ timeout: 5000 })
          .catch(() => {});
        await shoot(page, `restore-sent-${suffix}`);
        await page.goto(`${baseUrl}/login`);
        await page.getByRole('button', { name: 'Войти по коду' }).click();
        await page.getByLabel('E-mail или телефон').fill(DEMO.login);
        await page.getByRole('button', { name: 'Получить код' }).click();
        await page
          .getByLabel('Код из сообщения')
          .waitFor({ timeout: 5000 })
          .catch(() => {});
        await shoot(page, `login-code-${suffix}`);
      }

      // Signed in.
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('E-mail или телефон').fill(DEMO.login);
      await page.getByLabel('Пароль', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Войти', exact: true }).click();
      await page.waitForURL(/\/home/, { timeout: 10_000 });
      await shoot(page, `home-${suffix}`);
      await page.getByRole('button', { name: /Меню пользователя/ }).click();
      await page.screenshot({ path: join(outDir, `home-menu-${suffix}.png`) });
      await page.goto(
        `${baseUrl}/home?msg=${encodeURIComponent('Спасибо за заказ! Автор скоро возьмётся за работу.')}`,
      );
      await page
        .getByRole('dialog')
        .waitFor({ timeout: 5000 })
        .catch(() => {});
      await page.screenshot({ path: join(outDir, `home-dialog-${suffix}.png`) });
      console.log(`home-dialog-${suffix}.png`);

      for (const [name, path] of MONEY_PAGES) {
        if (name === 'pay-out')
          // Unverified again (staff API of the server), so every combination shows the first step.
          await fetch(`${baseUrl}/api/staff/verification/${encodeURIComponent(DEMO.login)}/repayment/`, {
            method: 'PATCH',
            headers: { authorization: `Bearer ${STAFF_TOKEN}`, 'content-type': 'application/json' },
            body: '{}',
          });
        await page.goto(baseUrl + path);
        await shoot(page, `${name}-${suffix}`);
        // The code step sends an SMS (rate-limited per phone): in two of the four combinations only.
        const request = page.getByRole('button', { name: 'Получить код по SMS' });
        if (name === 'pay-out' && sideEffects && (await request.isVisible())) {
          await request.click();
          await page.getByLabel('Код из SMS').waitFor({ timeout: 5000 });
          await shoot(page, `pay-out-code-${suffix}`);
        }
      }

      for (const [name, path] of CABINET_PAGES) {
        await page.goto(baseUrl + path);
        await shoot(page, `${name}-${suffix}`);
      }
      for (const [name, topic] of ORDER_TOPICS) {
        await page.goto(`${baseUrl}/home/active`);
        const link = page.getByRole('link', { name: new RegExp(topic) }).first();
        await link.waitFor({ timeout: 10_000 });
        // The row links to the order's chat tab: the order's own path is what the tabs hang off.
        const href = (await link.getAttribute('href'))?.replace(/\/chat$/, '');
        for (const [tabName, tabPath] of ORDER_TABS) {
          await page.goto(`${baseUrl}${href}${tabPath}`);
          await shoot(page, `${name}${tabName}-${suffix}`);
        }
        if (name === 'order-pay') {
          await page.goto(`${baseUrl}${href}/pay`);
          await shoot(page, `order-checkout-${suffix}`);
        }
      }
      await context.close();
    }
  }
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium()?.path,
  args: CHROMIUM_ARGS,
});
try {
  await run(browser);
} finally {
  await browser.close();
}
console.log(violations ? `axe: ${violations} violation(s)` : 'axe: no violations');
process.exitCode = violations ? 1 : 0;
