// The server's painting of the signed-in first screen (docs/performance.md "The signed-in start"): the CPU one page
// costs the server — the render of the build's first-screen module (dist/ssr/first-screen.mjs, as the server loads
// it) and the gzip of the page — for the dashboard with the demo customer's page of orders and a full one, an
// order's page and the payments page. In process, no sockets: the database reads of the page are the first screen's
// data block, measured with the API's.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { ROOT } from './bundle';
import { NotAvailable, judge, goalText, type Goal, type SectionReport } from './lib/report';
import type { FirstScreen, RenderFirstScreen } from '../contract/first-screen.api';
import type { OrderDetail, OrderListItem } from '../contract/orders.api';

/** What one painted page may cost the server's CPU (render + gzip), on cores that also serve the API. */
const GOAL: Goal = { op: '<=', limit: 3, unit: 'ms' };
const RUNS = Number(process.env.BENCH_FIRST_SCREEN_RUNS ?? 1000);
const gzipped = promisify(gzip);

function order(id: number): OrderListItem {
  return {
    id,
    topic: `Тема заказа №${id}: анализ источников и практическая часть`,
    work_type: 'Курсовая работа',
    subject: 'История',
    deadline: '2026-12-10',
    price: 5200,
    paid: 2600,
    status: { id: 4, title: 'В работе' },
    unread: id % 3,
    is_trash: false,
  } as unknown as OrderListItem;
}

function screen(rows: number): FirstScreen {
  return {
    user: { id: 1, email: 'demo@example.com', fio: 'Анна Смирнова' },
    finances: { money: 2450, bonus: 700 },
    orders: {
      tab: 'active',
      page_size: 20,
      list: {
        next: null,
        previous: null,
        count: rows,
        counters: { active: rows, done: 2, archive: 2 },
        results: Array.from({ length: rows }, (_, i) => order(i + 1)),
      },
    },
  } as unknown as FirstScreen;
}

/** An order's page: an order in work like the demo's, with its two files. */
function orderPage(id: number): FirstScreen {
  const file = (file: number) => ({
    id: file,
    name: `Глава ${file}. Обзор литературы.docx`,
    size: 120_000,
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'intermediate',
    author: 'writer',
    is_reviewed: false,
    created_at: '2026-11-20T10:00:00Z',
    url: `/api/client/orders/${id}/files/${file}/`,
  });
  const detail = {
    ...order(id),
    pages: 80,
    originality: 70,
    requirements: 'Методичка кафедры, оформление по ГОСТ.',
    link: '',
    files: [file(1), file(2)],
    files_without_qc: false,
    promo_code: null,
    guarantee_until: null,
    reworks_count: 0,
    is_editable: false,
    can_request_rework: false,
    updated_at: '2026-11-20T10:00:00Z',
  } as unknown as OrderDetail;
  return { ...screen(0), orders: null, order: detail };
}

/** The payments page: `rows` orders waiting for payment. */
function paymentsPage(rows: number): FirstScreen {
  const results = Array.from({ length: rows }, (_, i) => ({
    id: i + 1,
    topic: `Тема заказа №${i + 1}: анализ источников и практическая часть`,
    work_type: 'Курсовая работа',
    status: { id: 3, title: 'Ожидает оплаты' },
    price: 5200,
    paid: i % 2 ? 1200 : 0,
    sum: i % 2 ? 4000 : 5200,
    deadline: '2026-12-10',
  }));
  return {
    ...screen(0),
    orders: null,
    waiting: { page_size: 100, list: { next: null, previous: null, count: rows, results } },
  };
}

/** CPU (user + system) per call of `fn`, in ms, after a warm-up. */
async function cpuPerCall(fn: () => unknown, runs: number): Promise<number> {
  for (let i = 0; i < Math.min(200, runs); i++) await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / runs / 1000;
}

export async function runFirstScreen(): Promise<SectionReport> {
  const dist = process.env.BENCH_DIST ? join(ROOT, process.env.BENCH_DIST) : join(ROOT, 'dist');
  const file = join(dist, 'ssr', 'first-screen.mjs');
  if (!existsSync(file)) throw new NotAvailable(`n/a (no ${file}: run npm run build)`);
  const { renderFirstScreen } = (await import(pathToFileURL(file).href)) as {
    renderFirstScreen: RenderFirstScreen;
  };
  const rows: (string | number | null)[][] = [];
  const data: Record<string, unknown> = {};
  for (const [label, key, pathname, painted] of [
    ['/home, the demo customer (9 orders)', 'rows9', '/home', screen(9)],
    ['/home, a full page (20 orders)', 'rows20', '/home', screen(20)],
    ['/order/{id}, its chat opening', 'order', '/order/1/chat', orderPage(1)],
    ['/payments, 3 orders waiting', 'payments', '/payments/pay', paymentsPage(3)],
  ] as const) {
    const input = { screen: painted, pathname, theme: 'light' as const, tipsHidden: false };
    const html = renderFirstScreen(input) ?? '';
    // An older build paints only the dashboard.
    if (!html) {
      rows.push([`${label}: not painted by this build`, 'n/a', '', '']);
      continue;
    }
    // Every order is a page of its own: a different one each time (the renderer keeps the latest 64 pages' routers).
    const inputs =
      key === 'order'
        ? Array.from({ length: 500 }, (_, i) => ({
            ...input,
            screen: orderPage(i + 1),
            pathname: `/order/${i + 1}/chat`,
          }))
        : [input];
    let call = 0;
    const render = await cpuPerCall(() => renderFirstScreen(inputs[call++ % inputs.length]!), RUNS);
    // The page as sent carries the markup and the data block; the block is ~1/4 of the markup's size.
    const page = html + JSON.stringify(input.screen);
    const packed = await cpuPerCall(() => gzipped(page, { level: 6 }), Math.ceil(RUNS / 4));
    const total = render + packed;
    const bytes = (await gzipped(page, { level: 6 })).length;
    rows.push(
      [`${label}: render`, `${render.toFixed(2)} ms`, '', ''],
      [`${label}: gzip of the page`, `${packed.toFixed(2)} ms`, '', ''],
      [`${label}: CPU per page`, `${total.toFixed(2)} ms`, goalText(GOAL), judge(total, GOAL)],
      [
        `${label}: markup, page gzipped`,
        `${(html.length / 1024).toFixed(1)} KB, ${(bytes / 1024).toFixed(1)} KB`,
        '',
        '',
      ],
    );
    data[key] = {
      renderMs: render,
      gzipMs: packed,
      cpuMs: total,
      markupBytes: html.length,
      gzipBytes: bytes,
    };
  }
  return {
    section: 'first-screen',
    at: new Date().toISOString(),
    status: 'ok',
    tables: [
      {
        title: 'The painted first screen: server CPU per page',
        columns: ['figure', 'value', 'goal', ''],
        rows,
      },
    ],
    notes: [
      `${RUNS} renders per row after 200 to warm up (gzip: a quarter as many), CPU time (user + system) of this process; the server's gzip runs in libuv's pool, off the event loop, but on the same cores.`,
    ],
    data,
  };
}
