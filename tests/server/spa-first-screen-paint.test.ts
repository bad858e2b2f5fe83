// The server-painted first screen (server/spa/first-screen-paint.ts, src/first-screen-ssr.tsx): a signed-in
// visitor's dashboard page comes with that customer's dashboard as HTML — their name, balances and orders, escaped —
// and never for a session that is over; without the renderer, or when it fails, the page is the splash as before.
import { beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { useHarness } from './harness';
import { createCustomer } from './helpers/auth';
import { insertOrder } from './helpers/orders';
import { serveSpa } from '../../server/spa/serve-spa';
import type { AppEnv } from '../../server/env';
import { renderFirstScreen } from '../../src/first-screen-ssr';
import { SESSION_HINT_COOKIE } from '../../contract/auth';
import { FIRST_SCREEN_ELEMENT_ID, PAGE_SESSION_COOKIE } from '../../contract/first-screen';
import type { RenderFirstScreen } from '../../contract/first-screen.api';
import type { AuthTokens } from '../../contract/auth.api';

const HTML =
  '<!doctype html><html lang="ru" data-theme="light"><head><title>x</title>\n' +
  '    <script type="module" crossorigin src="/assets/index.js"></script>\n  </head>\n' +
  '  <body>\n    <div id="boot" style="x">…</div>\n    <div id="root"></div>\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index.css">\n  </body>\n</html>';

function staticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'spa-first-screen-paint-'));
  writeFileSync(join(dir, 'index.html'), HTML);
  return dir;
}

/** The painted `#root` of a page, or null when the page has none. */
function paintedRoot(html: string): string | null {
  const at = html.search(/<div id="root" data-first-screen[ >]/);
  if (at === -1) return null;
  return html.slice(at, html.indexOf('<!--/first-screen-->', at));
}

function pageCookieOf(res: Response): string {
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0] ?? '';
    if (pair.startsWith(`${PAGE_SESSION_COOKIE}=`) && pair.length > PAGE_SESSION_COOKIE.length + 1)
      return pair;
  }
  throw new Error('no page session cookie');
}

describe('the painted first screen of a dashboard page', () => {
  const h = useHarness();
  let renders = 0;
  beforeAll(() => {
    const counting: RenderFirstScreen = (input) => {
      renders++;
      return renderFirstScreen(input);
    };
    serveSpa(h.app as unknown as Hono<AppEnv>, staticDir(), h.deps, { renderer: async () => counting });
  });

  async function customer(fio: string) {
    const { email, password, id } = await createCustomer(h, { fio });
    const res = await h.request('/api/client/auth/login/', {
      method: 'POST',
      json: { login: email, password },
    });
    expect(res.status).toBe(200);
    const { access } = (await res.json()) as AuthTokens;
    return { id, email, access, pageCookie: pageCookieOf(res) };
  }

  const visit = (path: string, pageCookie: string, extra = '') =>
    h.app.request(path, {
      headers: { cookie: [pageCookie, `${SESSION_HINT_COOKIE}=1`, extra].filter(Boolean).join('; ') },
    });

  it('paints that customer’s name, balances and orders, and nobody else’s, styled and without the splash', async () => {
    const a = await customer('Анна Первая');
    const b = await customer('Борис Второй');
    await insertOrder(h, a.id, { topic: 'Тема Анны', price: 1900, paid: 1900 });
    await insertOrder(h, a.id, { topic: 'Вторая тема Анны' });
    await insertOrder(h, b.id, { topic: 'Тема Бориса' });

    const res = await visit('/home', a.pageCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toBe('Cookie');
    const html = await res.text();
    const root = paintedRoot(html);
    expect(root).not.toBeNull();
    expect(root).toContain('Здравствуйте, Анна!');
    expect(root).toContain('Анна Первая'); // the account menu
    expect(root).toContain('Тема Анны');
    expect(root).toContain('Вторая тема Анны');
    expect(root).toMatch(/1\s900\s₽/u); // the price
    expect(root).toMatch(/href="\/order\/\d+\/chat"/); // a row links to the order's chat tab
    expect(root).toMatch(/href="\/home\/done"/);
    expect(html).not.toContain('Тема Бориса');
    expect(html).not.toContain('Борис');
    // The page's data block still goes with it (the machines start from it), and no script is inline.
    expect(html).toContain(`id="${FIRST_SCREEN_ELEMENT_ID}"`);
    expect(root).not.toContain('<script');
    // The app's scripts are named on #root for boot.js to add after the load event, not linked.
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<div id="root" data-first-screen data-entry="/assets/index.js">');
    // The splash is gone; the entry's stylesheet is in <head> too, so the first paint is styled.
    expect(html).not.toContain('<div id="boot"');
    expect(html.slice(0, html.indexOf('</head>'))).toContain('href="/assets/index.css"');

    // Another tab is painted with its own heading; the dark theme's page says so.
    const done = paintedRoot(await (await visit('/home/done', a.pageCookie, 'cabinet_theme=dark')).text());
    expect(done).toContain('Выполненные заказы');
    expect(done).not.toContain('Тема Анны'); // both are active
  });

  it('sends the painted page gzipped to a browser that accepts it', async () => {
    const a = await customer('Жанна');
    await insertOrder(h, a.id, { topic: 'Тема Жанны' });
    const res = await h.app.request('/home', {
      headers: {
        cookie: `${a.pageCookie}; ${SESSION_HINT_COOKIE}=1`,
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    const html = gunzipSync(bytes).toString('utf8');
    expect(paintedRoot(html)).toContain('Тема Жанны');
    expect(bytes.length).toBeLessThan(html.length / 3);
  });

  it('escapes hostile text: an order topic and a name with markup are text', async () => {
    const a = await customer('<img src=x onerror=alert(1)>');
    await insertOrder(h, a.id, { topic: '<script>alert("topic")</script>' });
    const html = await (await visit('/home', a.pageCookie)).text();
    const root = paintedRoot(html)!;
    expect(root).toContain('&lt;script&gt;alert(&quot;topic&quot;)&lt;/script&gt;');
    expect(root).not.toContain('<script>alert');
    expect(root).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
  });

  it('leaves the tips out for a customer who hid them', async () => {
    const a = await customer('Вера');
    expect(paintedRoot(await (await visit('/home', a.pageCookie)).text())).toContain('Скрыть советы');
    const hid = await h.request('/api/client/profile/session/', {
      method: 'POST',
      token: a.access,
      json: { tipsHidden: true },
    });
    expect(hid.status).toBe(200);
    const root = paintedRoot(await (await visit('/home', a.pageCookie)).text());
    expect(root).toContain('Здравствуйте, Вера!');
    expect(root).not.toContain('Скрыть советы');
  });

  it('never renders for a revoked session: /login, nothing painted', async () => {
    const a = await customer('Галина');
    await insertOrder(h, a.id, { topic: 'Тема Галины' });
    const out = await h.request('/api/client/auth/logout/', { method: 'POST', token: a.access });
    expect(out.status).toBeLessThan(300);
    const before = renders;
    const res = await visit('/home', a.pageCookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Fhome');
    const body = await res.text();
    expect(body).not.toContain('Тема Галины');
    expect(body).not.toContain('Галина');
    expect(renders).toBe(before);
  });

  it('paints an order’s page with its chat tab, for its own customer only, and never an archived or unknown order', async () => {
    const a = await customer('Ирина Заказова');
    const b = await customer('Кирилл Чужой');
    const own = await insertOrder(h, a.id, { topic: 'Тема заказа Ирины', price: 3100, paid: 1000 });
    const archived = await insertOrder(h, a.id, { topic: 'Удалённая тема Ирины', isTrash: true });
    const others = await insertOrder(h, b.id, { topic: 'Тема заказа Кирилла' });

    for (const path of [`/order/${own.id}`, `/order/${own.id}/chat`, `/order/${own.id}/`]) {
      const res = await visit(path, a.pageCookie);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      const html = await res.text();
      const root = paintedRoot(html);
      expect(root, path).not.toBeNull();
      expect(root).toContain(`Заказ №${own.id}`);
      expect(root).toContain('Тема заказа Ирины');
      expect(root).toMatch(/3\s100\s₽/u);
      expect(root).toContain('Ирина Заказова'); // the account menu
      // The tabs, the chat marked current, loading its messages as the app's chat opens; the composer is there.
      expect(root).toMatch(new RegExp(`href="/order/${own.id}/chat"[^>]*aria-current="page"`));
      expect(root).toContain(`href="/order/${own.id}/files"`);
      expect(root).toContain('aria-busy="true"');
      expect(root).toContain('<textarea');
      expect(root).not.toContain('<script');
      expect(html).not.toContain('Кирилл');
      // The machines' copy goes with it: the order loader opens it without a request.
      const block = html.slice(html.indexOf(`id="${FIRST_SCREEN_ELEMENT_ID}"`));
      expect(block).toContain(`"order":{"id":${own.id}`);
    }

    // Another customer's order and an unknown id: nothing painted, nothing of it in the page (the app's own read
    // shows its not-found); an archived order is not painted (the route takes it to the archive tab).
    for (const [id, text] of [
      [others.id, 'Тема заказа Кирилла'],
      [999_999, ''],
      [archived.id, 'Удалённая тема Ирины'],
    ] as const) {
      const res = await visit(`/order/${id}`, a.pageCookie);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(paintedRoot(html), String(id)).toBeNull();
      expect(html).toContain('<div id="boot"');
      if (text && id !== archived.id) expect(html).not.toContain(text);
    }
  });

  it('paints the payments page with the customer’s orders waiting for payment, and nobody else’s', async () => {
    const a = await customer('Лариса Платёжная');
    const b = await customer('Марк Чужой');
    const waiting = await insertOrder(h, a.id, {
      topic: 'Ждёт оплаты Ларисы',
      price: 5200,
      paid: 1200,
      statusId: 3,
    });
    await insertOrder(h, b.id, { topic: 'Ждёт оплаты Марка', price: 900, statusId: 3 });
    for (const path of ['/payments', '/payments/pay']) {
      const res = await visit(path, a.pageCookie);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = await res.text();
      const root = paintedRoot(html);
      expect(root, path).not.toBeNull();
      expect(root).toContain('Заказы, ожидающие оплаты');
      expect(root).toContain('Ждёт оплаты Ларисы');
      expect(root).toMatch(/4\s000\s₽/u); // what is left to pay
      expect(root).toContain(`href="/order/${waiting.id}/pay"`);
      // The tabs, the first marked current.
      expect(root).toMatch(/href="\/payments\/pay"[^>]*aria-current="page"/);
      expect(root).toContain('href="/payments/history"');
      expect(html).not.toContain('Марк');
      expect(html).not.toContain('Ждёт оплаты Марка');
    }
    // Nothing waiting: the empty state, as the app shows it.
    const c = await customer('Нина');
    expect(paintedRoot(await (await visit('/payments', c.pageCookie)).text())).toContain(
      'Нет заказов, ожидающих оплаты',
    );
  });

  it('paints no page with a search in the address (the app loads that query), and no page outside those it knows', async () => {
    const a = await customer('Дарья');
    for (const path of ['/home?search=x', '/order/1/files', '/order/x', '/payments/history', '/profile']) {
      const html = await (await visit(path, a.pageCookie)).text();
      expect(paintedRoot(html), path).toBeNull();
      expect(html, path).toContain('<div id="boot"');
    }
  });

  it('does not serve the build’s renderer to browsers', async () => {
    expect((await h.app.request('/ssr/first-screen.mjs')).status).toBe(404);
  });
});

describe('the painted first screen when it cannot be painted', () => {
  const h = useHarness();

  async function signedIn(app: Hono<AppEnv>) {
    const { email, password, id } = await createCustomer(h, { fio: 'Ева' });
    await insertOrder(h, id, { topic: 'Тема Евы' });
    const res = await h.request('/api/client/auth/login/', {
      method: 'POST',
      json: { login: email, password },
    });
    return app.request('/home', { headers: { cookie: `${pageCookieOf(res)}; ${SESSION_HINT_COOKIE}=1` } });
  }

  it.each([
    ['the build has no renderer', async () => null],
    [
      'the render throws',
      async (): Promise<RenderFirstScreen> => () => {
        throw new Error('render failed');
      },
    ],
  ])('serves the splash with the data block when %s', async (_, renderer) => {
    const app = new Hono<AppEnv>();
    serveSpa(app, staticDir(), h.deps, { renderer });
    const res = await signedIn(app);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('<div id="boot"');
    expect(paintedRoot(html)).toBeNull();
    expect(html).toContain(`id="${FIRST_SCREEN_ELEMENT_ID}"`);
  });

  it('serves the splash, never a 500, while the database does not answer', async () => {
    const app = new Hono<AppEnv>();
    const down = {
      db: new Proxy(
        {},
        {
          get: () => () => {
            throw new Error('connection refused');
          },
        },
      ),
      now: () => new Date(),
    } as never;
    serveSpa(app, staticDir(), down, { renderer: async () => renderFirstScreen });
    const res = await app.request('/home', {
      headers: { cookie: `${PAGE_SESSION_COOKIE}=${'cd'.repeat(32)}; ${SESSION_HINT_COOKIE}=1` },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="boot"');
    expect(paintedRoot(html)).toBeNull();
  });
});
