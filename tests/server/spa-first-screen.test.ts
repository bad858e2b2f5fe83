// The signed-in first screen (server/spa/first-screen.ts): a first screen page of a signed-in visitor carries the data
// of its first paint — that customer's, as the API answers it — checked read-only; a dead session gets /login.
import { beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useHarness } from './harness';
import { dumpTables } from './helpers/table-dump';
import { createCustomer, refreshCookieOf } from './helpers/auth';
import { insertOrder } from './helpers/orders';
import { serveSpa } from '../../server/spa/serve-spa';
import type { AppEnv } from '../../server/env';
import { SESSION_HINT_COOKIE } from '../../contract/auth';
import { FIRST_SCREEN_ELEMENT_ID, PAGE_SESSION_COOKIE } from '../../contract/first-screen';
import type { FirstScreen } from '../../contract/first-screen.api';
import type { OrderList } from '../../contract/orders.api';
import type { AuthTokens } from '../../contract/auth.api';

const HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="boot" style="x">…</div><div id="root"></div></body></html>';

function staticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'spa-first-screen-'));
  writeFileSync(join(dir, 'index.html'), HTML);
  return dir;
}

/** `cabinet_page=<hash>` from a sign-in's Set-Cookie. */
function pageCookieOf(res: Response): string {
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0] ?? '';
    if (pair.startsWith(`${PAGE_SESSION_COOKIE}=`) && pair.length > PAGE_SESSION_COOKIE.length + 1)
      return pair;
  }
  throw new Error('no page session cookie');
}

/** The first screen's JSON as the page carries it (everything up to the first `</script>` after its tag). */
function inlined(html: string): FirstScreen | null {
  const open = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">`;
  const at = html.indexOf(open);
  if (at === -1) return null;
  const body = html.slice(at + open.length, html.indexOf('</script>', at));
  return JSON.parse(body) as FirstScreen;
}

describe('the signed-in first screen of a dashboard page', () => {
  const h = useHarness();
  let dir: string;
  beforeAll(() => {
    dir = staticDir();
    serveSpa(h.app as unknown as Hono<AppEnv>, dir, h.deps);
  });

  /** A customer signed in through the API, with the cookies a browser would send to a page. */
  async function customer(opts: { fio?: string } = {}) {
    const { email, password, id } = await createCustomer(h, opts);
    const res = await h.request('/api/client/auth/login/', {
      method: 'POST',
      json: { login: email, password },
    });
    expect(res.status).toBe(200);
    const { access } = (await res.json()) as AuthTokens;
    return { id, email, access, pageCookie: pageCookieOf(res), refreshCookie: refreshCookieOf(res)! };
  }

  const visit = (path: string, pageCookie: string, hint = true) =>
    h.app.request(path, {
      headers: { cookie: [pageCookie, hint ? `${SESSION_HINT_COOKIE}=1` : ''].filter(Boolean).join('; ') },
    });

  it('inlines that customer’s user, finances and first page of orders, exactly as the API answers them', async () => {
    const a = await customer({ fio: 'Анна Первая' });
    const b = await customer({ fio: 'Борис Второй' });
    await insertOrder(h, a.id, { topic: 'Тема Анны' });
    await insertOrder(h, a.id, { topic: 'Вторая тема Анны' });
    await insertOrder(h, b.id, { topic: 'Тема Бориса' });

    const res = await visit('/home', a.pageCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toBe('Cookie');
    const html = await res.text();
    const screen = inlined(html);
    expect(screen?.user).toEqual({ id: a.id, email: a.email, fio: 'Анна Первая' });

    const api = async (path: string) => {
      const r = await h.request(path, { token: a.access });
      expect(r.status, path).toBe(200);
      return r.json() as Promise<unknown>;
    };
    const finances = (await api('/api/client/profile/status/')) as { money: number; bonus: number };
    expect(screen?.finances).toEqual({ money: finances.money, bonus: finances.bonus });
    const list = (await api('/api/client/orders/?tab=active&page=1&page_size=20')) as OrderList;
    expect(screen?.orders).toEqual({ tab: 'active', page_size: 20, list });
    expect(list.results.map((o) => o.topic).sort()).toEqual(['Вторая тема Анны', 'Тема Анны']);
    // Nobody else's data anywhere in the page.
    expect(html).not.toContain('Тема Бориса');
    expect(html).not.toContain(b.email);
    expect(html).not.toContain('Борис');

    // Another dashboard tab lists that tab; a search in the URL leaves the list to the app (another query).
    expect(inlined(await (await visit('/home/archive', a.pageCookie)).text())?.orders?.tab).toBe('archive');
    const searched = inlined(await (await visit('/home?search=Анны', a.pageCookie)).text());
    expect(searched?.user.id).toBe(a.id);
    expect(searched?.orders).toBeNull();
  });

  it('inlines an order’s page’s order exactly as the API answers it, and only the customer’s own', async () => {
    const a = await customer({ fio: 'Вера Заказова' });
    const b = await customer({ fio: 'Глеб Чужой' });
    const own = await insertOrder(h, a.id, { topic: 'Тема заказа Веры', price: 2500, paid: 500 });
    const others = await insertOrder(h, b.id, { topic: 'Тема заказа Глеба' });

    for (const path of [`/order/${own.id}`, `/order/${own.id}/chat`]) {
      const res = await visit(path, a.pageCookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const screen = inlined(await res.text());
      expect(screen?.user.id).toBe(a.id);
      const api = await h.request(`/api/client/orders/${own.id}/`, { token: a.access });
      expect(screen?.order).toEqual(await api.json());
      expect(screen?.orders).toBeNull();
    }
    // Another customer's order and an unknown id: the session only, the order is the app's to ask for (404).
    for (const id of [others.id, 999_999]) {
      const html = await (await visit(`/order/${id}`, a.pageCookie)).text();
      expect(inlined(html)?.user.id).toBe(a.id);
      expect(inlined(html)?.order).toBeNull();
      expect(html).not.toContain('Тема заказа Глеба');
      expect(html).not.toContain('Глеб');
    }
  });

  it('inlines the payments page’s waiting orders exactly as the API answers them, the customer’s only', async () => {
    const a = await customer({ fio: 'Дина Платёжная' });
    const b = await customer({ fio: 'Егор Чужой' });
    await insertOrder(h, a.id, { topic: 'Ждёт оплаты Дины', price: 4000, paid: 1000, statusId: 3 });
    await insertOrder(h, a.id, { topic: 'Оплачен у Дины', price: 4000, paid: 4000, statusId: 3 });
    await insertOrder(h, b.id, { topic: 'Ждёт оплаты Егора', price: 4000, statusId: 3 });
    const api = await h.request('/api/client/payments/waiting/?page_size=100', { token: a.access });
    expect(api.status).toBe(200);
    const list = (await api.json()) as { results: { topic: string }[] };
    expect(list.results.map((o) => o.topic)).toEqual(['Ждёт оплаты Дины']);
    for (const path of ['/payments', '/payments/pay', '/payments/']) {
      const res = await visit(path, a.pageCookie);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = await res.text();
      expect(inlined(html)?.waiting, path).toEqual({ page_size: 100, list });
      expect(html).not.toContain('Егор');
    }
    // Its other tabs are the app's.
    expect(inlined(await (await visit('/payments/history', a.pageCookie)).text())).toBeNull();
  });

  it('keeps a name with </script> inside the data block', async () => {
    const fio = 'Ива</script><script>alert(1)</script>н <!-- & \u2028';
    const a = await customer({ fio });
    const html = await (await visit('/home', a.pageCookie)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(inlined(html)?.user.fio).toBe(fio);
  });

  it('writes nothing: no rotation, no "last used", no row anywhere', async () => {
    const a = await customer();
    await insertOrder(h, a.id);
    const before = await dumpTables(h);
    h.clock.advance(60_000);
    for (const path of ['/home', '/home/done', '/home?search=x', '/order/1', '/payments']) {
      expect((await visit(path, a.pageCookie)).status).toBe(200);
    }
    expect(await dumpTables(h)).toEqual(before);
    // The refresh cookie still refreshes: it was not rotated by the page.
    const refresh = await h.request('/api/client/auth/token/refresh/', {
      method: 'POST',
      json: {},
      headers: { cookie: a.refreshCookie },
    });
    expect(refresh.status).toBe(200);
  });

  it.each([
    ['revoked (signed out)', 'logout'],
    ['expired', 'expire'],
    ['unknown', 'unknown'],
  ] as const)('sends a %s session to /login and drops the hint', async (_, how) => {
    const a = await customer();
    let cookie = a.pageCookie;
    if (how === 'logout') {
      const out = await h.request('/api/client/auth/logout/', {
        method: 'POST',
        token: a.access,
        headers: { cookie: a.refreshCookie },
      });
      expect(out.status).toBeLessThan(300);
    } else if (how === 'expire') h.clock.advance(31 * 24 * 3600_000);
    else cookie = `${PAGE_SESSION_COOKIE}=${'ab'.repeat(32)}`;
    const res = await visit('/home', cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Fhome');
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=;`) && /Max-Age=0/i.test(c))).toBe(true);
    expect(await res.text()).not.toContain(FIRST_SCREEN_ELEMENT_ID);
  });

  it('sends a dead session to /login with the page and its query to come back to, as the SPA does (no msg)', async () => {
    const res = await visit('/home/done?search=ab&msg=hi', `${PAGE_SESSION_COOKIE}=${'cd'.repeat(32)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Fhome%2Fdone%3Fsearch%3Dab');
  });

  it('leaves a rotated token, a page outside the dashboard and a visit without the hint to the app', async () => {
    const a = await customer();
    const old = a.pageCookie;
    const rotated = await h.request('/api/client/auth/token/refresh/', {
      method: 'POST',
      json: {},
      headers: { cookie: a.refreshCookie },
    });
    expect(rotated.status).toBe(200);
    // The old hash names a token the refresh route may still forgive (a lost answer): the splash, the app asks.
    const stale = await visit('/home', old);
    expect(stale.status).toBe(200);
    expect(inlined(await stale.text())).toBeNull();
    // The new one is live again.
    expect(inlined(await (await visit('/home', pageCookieOf(rotated))).text())?.user.id).toBe(a.id);
    for (const res of [
      await visit('/order/1/files', a.pageCookie),
      await visit('/profile', a.pageCookie),
      await visit('/home', a.pageCookie, false),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(inlined(await res.text())).toBeNull();
    }
  });
});

describe('the first screen while the database does not answer', () => {
  it('serves today’s splash page, never a 500', async () => {
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
    serveSpa(app, staticDir(), down);
    const res = await app.request('/home', {
      headers: { cookie: `${PAGE_SESSION_COOKIE}=${'cd'.repeat(32)}; ${SESSION_HINT_COOKIE}=1` },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="boot"');
    expect(inlined(html)).toBeNull();
  });
});
