import { chromium } from 'playwright-core';
const base = 'http://localhost:4182';
const out = '/tmp/shots-orders';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const list = await (await fetch(`${base}/api/staff/orders/?email=demo@example.com`, { headers: { authorization: 'Bearer e2e-staff-token' } })).json();
const guarantee = list.results.find((o: { topic: string }) => o.topic.startsWith('Продвижение бренда')).id;
const rework = list.results.find((o: { topic: string }) => o.topic.startsWith('Решение задач')).id;
const pay = list.results.find((o: { topic: string }) => o.topic.startsWith('Анализ финансовой')).id;
for (const theme of ['light', 'dark']) {
  for (const vp of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }]) {
    const ctx = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, locale: 'ru-RU', reducedMotion: 'reduce', isMobile: vp.name === 'phone', hasTouch: vp.name === 'phone' });
    await ctx.addInitScript((t) => localStorage.setItem('cabinet.theme', t), theme);
    const page = await ctx.newPage();
    const res = await page.request.post(`${base}/api/client/auth/login/`, { data: { login: 'demo@example.com', password: 'demo-password' } });
    if (res.status() !== 200) throw new Error('login ' + res.status());
    for (const [name, path, wait] of [
      ['dashboard', '/home', '[data-testid=order-list]'],
      ['archive', '/home/archive', '[data-testid=order-list]'],
      ['order-files', `/order/${guarantee}/files`, '[data-testid=order-files]'],
      ['order-reworks', `/order/${guarantee}/reworks`, '#reworks-title'],
      ['order-reworks-list', `/order/${rework}/reworks`, '[data-testid=reworks]'],
      ['order-pay', `/order/${pay}/files`, 'h1'],
    ] as const) {
      await page.goto(base + path);
      await page.waitForSelector(wait);
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.screenshot({ path: `${out}/${name}-${vp.name}-${theme}.png`, fullPage: true });
    }
    await ctx.close();
  }
}
await browser.close();
console.log('done');
