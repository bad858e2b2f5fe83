// The sandbox pay page follows the visitor's theme cookie (like index.html's splash) and stays within the CSP:
// style attributes only, no <style> block, no script.
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { customer, order, post } from './payments-fixtures';
import { THEME_COOKIE, dark, light } from '../../contract/theme';

describe('the sandbox pay page in the visitor theme', () => {
  const h = useHarness();

  async function payUrl() {
    const c = await customer(h);
    const o = await order(h, c.id, { price: 4000 });
    const res = await post(h, c, 'pay/', { purpose: 'order', order_id: o.id, method: 'card' });
    return ((await res.json()) as { redirect_url: string }).redirect_url;
  }
  const open = async (url: string, cookie?: string) => {
    const res = await h.request(url, cookie ? { headers: { cookie } } : {});
    return { res, html: await res.text() };
  };
  const themeOf = (html: string) => /<html[^>]* data-theme="(\w+)"/.exec(html)?.[1];

  it('is light without the cookie and for any value but dark', async () => {
    const url = await payUrl();
    for (const cookie of [
      undefined,
      `${THEME_COOKIE}=light`,
      `${THEME_COOKIE}=%3Cscript%3E`,
      `${THEME_COOKIE}=`,
    ]) {
      const { res, html } = await open(url, cookie);
      expect(res.status).toBe(200);
      expect(themeOf(html), String(cookie)).toBe('light');
      expect(html).toContain('<meta name="color-scheme" content="light">');
      expect(html).toContain(`background:${light.color.bg}`);
      expect(html).toContain(`background:${light.color.surface}`);
      expect(html).not.toContain(dark.color.bg);
    }
  });

  it('is dark with the dark cookie: colour scheme, backgrounds and text from the tokens', async () => {
    const url = await payUrl();
    const { html } = await open(url, `other=1; ${THEME_COOKIE}=dark`);
    expect(themeOf(html)).toBe('dark');
    expect(html).toMatch(/<html[^>]* style="color-scheme:dark;/);
    expect(html).toContain('<meta name="color-scheme" content="dark">');
    expect(html).toContain(`background:${dark.color.bg};color:${dark.color.text}`);
    expect(html).toContain(`background:${dark.color.surface};color:${dark.color.text}`);
    expect(html).toContain(`color:${dark.color.textMuted}`);
    expect(html).toContain(
      `background:${dark.color.primary};border-color:${dark.color.primary};color:${dark.color.primaryContrast}`,
    );
    expect(html).not.toContain(`background:${light.color.surface}`);
    expect(html).toContain('Оплатить');
    expect(html).toContain('Отказаться');
  });

  it('the finished and the missing payment pages follow the cookie too', async () => {
    const url = await payUrl();
    await h.request(`${url}pay/`, { method: 'POST' });
    const done = await open(url, `${THEME_COOKIE}=dark`);
    expect(done.html).toContain('Платёж уже оплачен');
    expect(themeOf(done.html)).toBe('dark');
    expect(done.html).toContain(`color:${dark.color.primaryText}`);
    const missing = await open(
      '/api/client/payments/sandbox/00000000-0000-4000-8000-000000000000/',
      `${THEME_COOKIE}=dark`,
    );
    expect(missing.res.status).toBe(404);
    expect(themeOf(missing.html)).toBe('dark');
    expect(
      themeOf((await open('/api/client/payments/sandbox/00000000-0000-4000-8000-000000000000/')).html),
    ).toBe('light');
  });

  it('stays within the CSP the server sets: style attributes only, no style block, no script', async () => {
    const url = await payUrl();
    const { res, html } = await open(url, `${THEME_COOKIE}=dark`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(html).not.toMatch(/<style|<script|<link/i);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
