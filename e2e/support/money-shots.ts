// Screenshots of the money pages (history, pay-out, withdraw) on a phone and a desktop, in both themes, with an axe
// check of each. For looking at the design, not a test:
// `npx tsx e2e/support/money-shots.ts <baseUrl> <outDir> [history,pay-out,withdraw,payment-success]` against a dev
// server with a fresh DATA_DIR (the pay-out shots send SMS codes, which are rate-limited per phone).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

const [baseUrl = 'http://localhost:4312', outDir = '/tmp/money-shots', only = ''] = process.argv.slice(2);
const DEMO = { login: 'demo@example.com', password: 'demo-password' };
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;
const STAFF_TOKEN = process.env.STAFF_TOKEN ?? 'dev-staff-token';
const PAGES = [
  ['history', '/payments/history'],
  ['pay-out', '/payments/pay-out'],
  ['withdraw', '/withdraw'],
  ['payment-success', '/payment?status=success'],
] as const;

let violations = 0;
async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of axe.violations) {
    violations++;
    console.log(`  axe ${name}: ${v.id} (${v.impact}) ${v.help}`);
    for (const n of v.nodes.slice(0, 3)) console.log(`    ${n.target.join(' ')}`);
  }
  console.log(`${name}.png`);
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
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
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('E-mail или телефон').fill(DEMO.login);
      await page.getByLabel('Пароль', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Войти', exact: true }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });
      for (const [name, path] of PAGES) {
        if (only && !only.split(',').includes(name)) continue;
        if (name === 'pay-out')
          // Unverified again (staff API of the dev server), so every combination shows the first step.
          await fetch(`${baseUrl}/api/staff/verification/${encodeURIComponent(DEMO.login)}/repayment/`, {
            method: 'PATCH',
            headers: { authorization: `Bearer ${STAFF_TOKEN}`, 'content-type': 'application/json' },
            body: '{}',
          });
        await page.goto(baseUrl + path);
        await shoot(page, `${name}-${vp.name}-${theme}`);
        const request = page.getByRole('button', { name: 'Получить код по SMS' });
        if (name === 'pay-out' && (await request.isVisible())) {
          await request.click();
          await page.getByLabel('Код из SMS').waitFor({ timeout: 5000 });
          await shoot(page, `${name}-code-${vp.name}-${theme}`);
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
if (violations) process.exitCode = 1;
