// Big lists in Chromium (playwright-core): an order with 5 000 chat messages and a dashboard with 1 000 orders.
//
// What the SPA must expose (the pages are built by the orders and chat features):
//   [data-testid="chat-list"]   the chat's message list on /order/{id} (chat is the default child)
//   [data-testid="order-list"]  the order list on /home (active tab)
// Each list element should appear once data is rendered, or carry aria-busy="true" while it shows a skeleton.
// Data requests recognised (resource timing): the chat's GET …/orders/{id}/messages/… and the list's GET
// /api/client/orders/?… .
//
// Figures:
//   DOM nodes     document.getElementsByTagName('*').length once the list is rendered and settled (500 ms).
//   data → paint  responseEnd of the data request (Resource Timing) → the first frame after the list has children:
//                 an in-page MutationObserver sees the list rendered, then requestAnimationFrame + a message-channel
//                 task marks the moment after that frame is produced. Both times are on the page's own clock.
//   scrolling     2 s of mouse-wheel steps over the list (up in the chat, whose newest message is at the bottom;
//                 down in the order list) while a rAF loop records frame times: average and worst frame.
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureDist } from './bundle';
import { CHROMIUM, CHROME_FLAGS } from './lighthouse';
import {
  bulkMessages,
  bulkOrders,
  firstOrderId,
  loginDemo,
  startChild,
  tempPostgres,
  DEMO,
  type Child,
} from './lib/server';
import {
  EndpointMissing,
  NotAvailable,
  figureRow,
  type Goal,
  type SectionReport,
  type Table,
  statusOf,
} from './lib/report';

export const SELECTORS = { chat: '[data-testid="chat-list"]', orders: '[data-testid="order-list"]' };
const DATA_URLS = { chat: /\/orders\/\d+\/messages\/?(\?|$)/, orders: /\/api\/client\/orders\/?(\?|$)/ };
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 5000);
const ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 1000);
/** The search load (issue 24): a customer with this many orders, so many connections, so long per row. */
const SEARCH_ORDERS = Number(process.env.BENCH_SEARCH_ORDERS ?? 10_000);
const SEARCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SEARCH_DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SEARCH_P99: Goal = { op: '<=', limit: 30, unit: 'ms' };
/** What a customer types and picks (the bulk orders' topics are "Тестовый заказ №k: анализ данных и выводы"). */
const SEARCHES = [
  'search=психология',
  'search=ЭКОНОМИКА&tab=active',
  'search=выводы&ordering=deadline',
  'search=заказ №777',
  'search=4242',
  'search=нет такой темы',
  'search=право&status=4&ordering=-price',
  'work_type=Реферат&awaiting_payment=1',
  'unread=1',
  'deadline_from=2026-01-01&deadline_to=2030-01-01&ordering=price',
  'search=анализ&tab=done&ordering=-updated',
  'status=16&tab=archive',
];

const GOALS = {
  chatNodes: { op: '<', limit: 1500 } satisfies Goal,
  paint: { op: '<=', limit: 200, unit: 'ms' } satisfies Goal,
};

interface ListFigures {
  domNodes: number;
  dataToPaintMs: number | null;
  avgFrameMs: number | null;
  worstFrameMs: number | null;
  frames: number;
  scrolledPx: number;
}

/**
 * Runs in the page before any script: watches for the list and marks the first frame after it rendered. A string,
 * not a function: tsx compiles functions with esbuild's keepNames, whose `__name` helper does not exist in the page.
 */
function probe(selector: string): string {
  return `(() => {
    const b = (window.__bench = { renderedAt: null, paintAt: null });
    const check = () => {
      if (b.renderedAt !== null) return;
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el || el.getAttribute('aria-busy') === 'true' || el.querySelectorAll('*').length < 3) return;
      b.renderedAt = performance.now();
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => (b.paintAt = performance.now());
        ch.port2.postMessage(0);
      });
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  })();`;
}

/** Records rAF timestamps until window.__stop is set (a string for the same reason as the probe). */
const FRAME_RECORDER = `(() => {
  window.__frames = [];
  window.__stop = false;
  const loop = (t) => {
    window.__frames.push(t);
    if (!window.__stop) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})()`;

export async function measureList(page: Page, url: string, kind: 'chat' | 'orders'): Promise<ListFigures> {
  const selector = SELECTORS[kind];
  await page.addInitScript({ content: probe(selector) });
  await page.goto(url);
  try {
    await page.waitForFunction(
      () => (window as unknown as { __bench: { paintAt: number | null } }).__bench.paintAt !== null,
      undefined,
      { timeout: 20_000 },
    );
  } catch {
    throw new NotAvailable(`n/a (no ${selector} rendered on ${new URL(page.url()).pathname})`);
  }
  const source = DATA_URLS[kind].source;
  const dataToPaintMs = await page.evaluate((src) => {
    const re = new RegExp(src);
    const b = (window as unknown as { __bench: { renderedAt: number; paintAt: number } }).__bench;
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => re.test(new URL(e.name).pathname + new URL(e.name).search))
      .map((e) => (e as PerformanceResourceTiming).responseEnd)
      .filter((t) => t <= b.renderedAt);
    return entries.length ? b.paintAt - Math.max(...entries) : null;
  }, source);
  await page.waitForTimeout(500);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);

  // Scroll: wheel over the list's centre for 2 s; rAF records frame times meanwhile.
  const box = await page.locator(selector).first().boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height, 600) / 2);
  const before = await scrollPos(page, selector);
  await page.evaluate(FRAME_RECORDER);
  const end = Date.now() + 2000;
  const delta = kind === 'chat' ? -120 : 120;
  while (Date.now() < end) {
    await page.mouse.wheel(0, delta);
    await page.waitForTimeout(16);
  }
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    return w.__frames;
  });
  const after = await scrollPos(page, selector);
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
  return {
    domNodes,
    dataToPaintMs,
    avgFrameMs: gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : null,
    worstFrameMs: gaps.length ? Math.max(...gaps) : null,
    frames: frames.length,
    scrolledPx: Math.abs(after - before),
  };
}

/** scrollTop of the list's nearest scrollable box (itself, an ancestor, or the page). */
function scrollPos(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    let el = document.querySelector(sel) as HTMLElement | null;
    while (el) {
      const s = getComputedStyle(el).overflowY;
      if ((s === 'auto' || s === 'scroll') && el.scrollHeight > el.clientHeight) return el.scrollTop;
      el = el.parentElement;
    }
    return document.scrollingElement?.scrollTop ?? 0;
  }, selector);
}

async function signedInPage(browser: Browser, server: Child): Promise<Page> {
  const { cookies } = await loginDemo(server.url);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  await context.addCookies(
    cookies.map((c) => ({
      name: c.name,
      value: c.value,
      url: server.origin + c.path,
      httpOnly: c.httpOnly,
      secure: c.secure,
      sameSite: c.sameSite,
      ...(c.expires ? { expires: c.expires } : {}),
    })),
  );
  return context.newPage();
}

function rows(figs: ListFigures | string, nodesGoal?: Goal): (string | number | null)[][] {
  if (typeof figs === 'string')
    return [
      ['DOM nodes', figs, nodesGoal ? '< 1500' : '', 'n/a'],
      ['data → first paint', figs, '≤ 200 ms', 'n/a'],
    ];
  return [
    figureRow('DOM nodes', figs.domNodes, '', nodesGoal, 0),
    figureRow('data → first paint', figs.dataToPaintMs, 'ms', GOALS.paint, 0),
    figureRow('scroll: average frame', figs.avgFrameMs, 'ms'),
    figureRow('scroll: worst frame', figs.worstFrameMs, 'ms'),
    figureRow('scroll: frames in 2 s', figs.frames, '', undefined, 0),
    figureRow('scroll: distance', figs.scrolledPx, 'px', undefined, 0),
  ];
}

interface SearchFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * GET /api/client/orders/?<search> at SEARCH_CONNECTIONS connections for SEARCH_DURATION s after a 2 s warm-up.
 * `fresh`: every request a query never asked before (a deadline_to one day later each time), so no answer comes
 * from the list cache: each one is searched in the database. Else the twelve SEARCHES in turn (the cache answers
 * a repeat while the customer's orders have not changed, as for a customer paging back and forth).
 */
async function searchLoad(server: Child, fresh: boolean): Promise<SearchFigures> {
  const { access } = await loginDemo(server.url);
  const headers = { authorization: `Bearer ${access}` };
  const base = `${server.url}/api/client/orders/`;
  let n = 0;
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  const requests: LoadRequest[] = [
    {
      method: 'GET',
      setupRequest: (req) => {
        const i = n++;
        // Encoded: a request line carries ASCII only (raw Cyrillic stalls the connection until its timeout).
        const q = new URLSearchParams(SEARCHES[i % SEARCHES.length]!).toString();
        return { ...req, path: `/api/client/orders/?${q}${fresh ? `&deadline_to=${day(2000 + i)}` : ''}` };
      },
    },
  ];
  const warm = await autocannon({ url: base, connections: 10, duration: 2, headers, requests });
  void warm;
  const r = await autocannon({
    url: base,
    connections: SEARCH_CONNECTIONS,
    duration: SEARCH_DURATION,
    timeout: 10,
    headers,
    requests,
  });
  return {
    rps: r.requests.total / SEARCH_DURATION,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function searchRows(
  databaseUrl?: string,
): Promise<{ rows: (string | number | null)[][]; data: unknown }> {
  const pgDb = databaseUrl ? await tempPostgres(databaseUrl) : null;
  const server = await startChild(pgDb ? { databaseUrl: pgDb.url } : {});
  const kind = pgDb ? 'PostgreSQL' : 'PGlite';
  try {
    await bulkOrders(server.url, DEMO.login, SEARCH_ORDERS);
    const rows: (string | number | null)[][] = [];
    const data: Record<string, SearchFigures> = {};
    for (const fresh of [true, false]) {
      const f = await searchLoad(server, fresh);
      const label = `${kind}: search, ${fresh ? 'every query new (database)' : '12 queries repeated (list cache)'}`;
      const p99 = figureRow(label, f.p99, 'ms', SEARCH_P99, 1);
      rows.push([label, Math.round(f.rps), f.p50, f.p99, f.errors + f.non2xx, p99[2] ?? '', p99[3] ?? '']);
      data[fresh ? 'fresh' : 'repeated'] = f;
    }
    return { rows, data };
  } finally {
    await server.stop();
    await pgDb?.drop();
  }
}

export async function runLists(): Promise<SectionReport> {
  const notes: string[] = [];
  ensureDist(notes);
  const server = await startChild();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')),
    headless: true,
  });
  const tables: Table[] = [];
  const data: Record<string, unknown> = {};
  const attempt = async (label: string, run: () => Promise<ListFigures>): Promise<ListFigures | string> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof EndpointMissing || err instanceof NotAvailable) {
        notes.push(`${label}: ${err.message}`);
        return err.message;
      }
      throw err;
    }
  };
  try {
    // BENCH_LISTS_ONLY=search runs the search load alone (no browser lists).
    if (process.env.BENCH_LISTS_ONLY !== 'search') {
      const chat = await attempt(`order with ${MESSAGES} messages`, async () => {
        const { access } = await loginDemo(server.url);
        const orderId = await firstOrderId(server.url, access);
        await bulkMessages(server.url, orderId, MESSAGES);
        const page = await signedInPage(browser, server);
        try {
          return await measureList(page, `${server.origin}/order/${orderId}`, 'chat');
        } finally {
          await page.context().close();
        }
      });
      tables.push({
        title: `Order with ${MESSAGES.toLocaleString('en-US')} chat messages (/order/{id})`,
        columns: ['figure', 'value', 'goal', ''],
        rows: rows(chat, GOALS.chatNodes),
      });
      data.chat = chat;

      const dash = await attempt(`dashboard with ${ORDERS} orders`, async () => {
        await bulkOrders(server.url, DEMO.login, ORDERS);
        const page = await signedInPage(browser, server);
        try {
          return await measureList(page, `${server.origin}/home`, 'orders');
        } finally {
          await page.context().close();
        }
      });
      tables.push({
        title: `Dashboard with ${ORDERS.toLocaleString('en-US')} orders (/home)`,
        columns: ['figure', 'value', 'goal', ''],
        rows: rows(dash),
      });
      data.dashboard = dash;
    }

    // Search (issue 24): the list endpoint under load, PGlite and (with DATABASE_URL) PostgreSQL.
    const search = await searchRows();
    const searchTable: Table = {
      title: `Order search: a customer with ${SEARCH_ORDERS.toLocaleString('en-US')} orders, ${SEARCH_CONNECTIONS} connections, ${SEARCH_DURATION} s (GET /api/client/orders/?search…)`,
      columns: ['load', 'req/s', 'p50 ms', 'p99 ms', 'errors + non-2xx', 'goal', ''],
      rows: search.rows,
    };
    data.search = { pglite: search.data };
    if (process.env.DATABASE_URL) {
      const onPg = await searchRows(process.env.DATABASE_URL);
      searchTable.rows.push(...onPg.rows);
      (data.search as Record<string, unknown>).postgres = onPg.data;
    } else notes.push('Search on PostgreSQL: set DATABASE_URL (an admin URL: a temporary database is made).');
    tables.push(searchTable);
    notes.push(
      'Headless Chromium without GPU on this machine: frame times show main-thread work, not the compositor of a real screen.',
    );
  } finally {
    await browser.close();
    await server.stop();
  }
  return { section: 'lists', at: new Date().toISOString(), status: statusOf(tables), tables, notes, data };
}
