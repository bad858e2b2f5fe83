// `npm run bench -- preview`: a 20 MB PDF in the viewer (docs/features.md "File preview"). The real server
// on dist/ with the demo customer; the writer's PDF (100 pages, each with a grey image, made by
// tests/fixtures/preview-files.ts) is sent to an order; Chromium opens the files tab and clicks "Просмотр".
// The figure is the time in the page from the click to the first page's canvas drawn and painted (the frame
// after pdf.js finished page 1): the first time (cold: the viewer's chunk, pdf.js and its worker are
// fetched, then the 20 MB) and again after closing (warm).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './bundle';
import { launchChromium } from './first-visit';
import { figureRow, statusOf, type Goal, type SectionReport } from './lib/report';
import { firstOrderId, loginDemo, STAFF_TOKEN, startChild } from './lib/server';
import { makePdf } from '../tests/fixtures/preview-files';

export const PREVIEW_GOAL: Goal = { op: '<=', limit: 2000, unit: 'ms' };
const NAME = 'Диплом, 20 МБ.pdf';
const WARM_RUNS = 5;

/** Clicks "Просмотр" in the page and answers the ms until page 1 is drawn and the next frame painted. */
async function timeToFirstPage(page: Page): Promise<number> {
  return page.evaluate(
    (label) =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.getAttribute('aria-label') === label,
        );
        if (!button) return reject(new Error(`no button ${label}`));
        const started = performance.now();
        const seen = new MutationObserver(() => {
          if (!document.querySelector('[data-page="1"][data-rendered="true"] canvas')) return;
          seen.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - started)));
        });
        seen.observe(document.body, { subtree: true, childList: true, attributes: true });
        setTimeout(() => reject(new Error('page 1 not drawn in 60 s')), 60_000);
        button.click();
      }),
    `Просмотр: ${NAME}`,
  );
}

export async function runPreview(): Promise<SectionReport> {
  const server = await startChild({ env: { STATIC_DIR: join(ROOT, 'dist') } });
  const browser = await launchChromium();
  try {
    const { access, cookies } = await loginDemo(server.url);
    const orderId = await firstOrderId(server.url, access);
    const pdf = makePdf({ pages: 100, bytes: 20_400_000 });
    const form = new FormData();
    form.append('kind', 'intermediate');
    form.append('file', new Blob([pdf as BlobPart], { type: 'application/pdf' }), NAME);
    const up = await fetch(`${server.url}/api/staff/orders/${orderId}/files/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STAFF_TOKEN}` },
      body: form,
    });
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(
      cookies.map((c) => ({ name: c.name, value: c.value, domain: 'localhost', path: c.path ?? '/' })),
    );
    const page = await context.newPage();
    await page.goto(`${server.origin}/order/${orderId}/files`);
    await page.getByRole('button', { name: `Просмотр: ${NAME}` }).waitFor();
    const cold = await timeToFirstPage(page);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      await page.keyboard.press('Escape');
      await page.getByTestId('file-viewer').waitFor({ state: 'detached' });
      warm.push(await timeToFirstPage(page));
    }
    warm.sort((a, b) => a - b);
    const median = warm[Math.floor(warm.length / 2)]!;
    const worst = warm[warm.length - 1]!;
    const mb = (pdf.length / 1024 / 1024).toFixed(1);
    const tables = [
      {
        title: `Preview of a ${mb} MB PDF (100 pages): "Просмотр" → first page painted, Chromium 1280×800`,
        columns: ['run', 'value', 'goal', ''],
        rows: [
          figureRow(
            'first preview (cold: viewer, pdf.js, worker and file fetched)',
            Math.round(cold),
            'ms',
            PREVIEW_GOAL,
          ),
          figureRow(
            `again, median of ${WARM_RUNS} (the code cached, the file fetched again)`,
            Math.round(median),
            'ms',
            PREVIEW_GOAL,
          ),
          figureRow(`again, worst of ${WARM_RUNS}`, Math.round(worst), 'ms', PREVIEW_GOAL),
        ],
      },
    ];
    await context.close();
    return {
      section: 'preview',
      at: new Date().toISOString(),
      status: statusOf(tables),
      tables,
      notes: [`server: ${server.kind}; the file is ${pdf.length} bytes`],
      data: {
        pdfBytes: pdf.length,
        coldMs: Math.round(cold),
        warmMedianMs: Math.round(median),
        warmWorstMs: Math.round(worst),
      },
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
