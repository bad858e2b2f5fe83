// Screenshots of the money pages (history, pay-out, withdraw) on a phone and a desktop, in both themes, with an axe
// check of each. For looking at the design, not a test: `npx tsx e2e/support/money-shots.ts <baseUrl> <outDir>`.
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
        await page.goto(baseUrl + path);
        await shoot(page, `${name}-${vp.name}-${theme}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
if (violations) process.exitCode = 1;
