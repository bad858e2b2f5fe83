// What a first visit downloads, measured in the browser: Chromium (playwright-core, the e2e's flags) loads a page of
// the real built server with an empty cache, and the page's own Resource Timing entries say what it fetched, when,
// and how many bytes crossed the wire. Every file is counted twice: as transferred (the server sends the build's
// brotli copy when the browser accepts it) and as gzip at level 6 of the same body, the unit of the static table
// and of the figures, so old and new compare.
//
// "Before load" = requested (startTime) before the window's load event started; "until idle" = everything the page
// fetched until the network was quiet (no request for 500 ms, Playwright's networkidle). The service worker is
// blocked: its precache (the offline cabinet, docs/features.md "Offline") is a later, separate download.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM, findChromium } from '../scripts/chromium.mjs';

/** Where scripts/chromium.mjs finds a Chromium (CHROMIUM_PATH, Debian's, Playwright's own). */
export const CHROMIUM = findChromium()?.path ?? DEBIAN_CHROMIUM;

export interface FetchedFile {
  /** Path and query, e.g. `/assets/index-abc.js`. */
  path: string;
  kind: 'script' | 'style' | 'document' | 'other';
  /** ms after navigation start. */
  startMs: number;
  /** Bytes on the wire, headers included (Resource Timing's transferSize). */
  transfer: number;
  /** The body as sent (brotli or gzip when the server compressed it). */
  encoded: number;
  /** The body decoded. */
  decoded: number;
  /** gzip (level 6) of the decoded body: the unit of the static table. */
  gzip: number;
  beforeLoad: boolean;
}

export interface Totals {
  files: number;
  encoded: number;
  gzip: number;
}

export interface BrowserVisit {
  path: string;
  /** Where the page ended (a guard may redirect). */
  finalPath: string;
  loadMs: number;
  /** The app had taken the page over (src/main.tsx sets `__cabinetHydrated`) when the network was idle. */
  hydrated: boolean;
  files: FetchedFile[];
  jsBeforeLoad: Totals;
  cssBeforeLoad: Totals;
  /** Every file (document, scripts, styles, fonts, images, API calls) until the network was idle. */
  allUntilIdle: Totals;
  jsUntilIdle: Totals;
}

interface Entry {
  name: string;
  initiatorType: string;
  startTime: number;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

function kindOf(path: string, initiator: string): FetchedFile['kind'] {
  const p = path.split('?')[0]!;
  if (initiator === 'navigation') return 'document';
  if (/\.m?js$/.test(p)) return 'script';
  if (/\.css$/.test(p)) return 'style';
  return 'other';
}

function totals(files: FetchedFile[]): Totals {
  return {
    files: files.length,
    encoded: files.reduce((n, f) => n + f.encoded, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
  };
}

/** The gzip size of a body: of the built file when it is one (exact, no download), else of what the page saw. */
function gzipOf(distDir: string | undefined, path: string, body: Buffer | undefined): number {
  const file = distDir ? join(distDir, path.split('?')[0]!) : '';
  if (distDir && path.startsWith('/') && existsSync(file) && !file.endsWith('/'))
    try {
      return gzipSync(readFileSync(file)).length;
    } catch {
      /* a directory or unreadable: fall through */
    }
  return body ? gzipSync(body).length : 0;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Loads `origin + path` in a fresh context (empty cache, no service worker) and reports what it fetched.
 * `cookies` make a return visit (the session hint, the theme). `distDir` lets gzip sizes come from the built files.
 */
export async function measureVisit(
  browser: Browser,
  origin: string,
  path: string,
  opts: {
    distDir?: string;
    cookies?: Parameters<BrowserContext['addCookies']>[0];
    timeoutMs?: number;
  } = {},
): Promise<BrowserVisit> {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'ru-RU' });
  try {
    if (opts.cookies?.length) await context.addCookies(opts.cookies);
    const page = await context.newPage();
    // Bodies by URL, for the gzip size of what is not a built file (the HTML, API answers).
    const bodies = new Map<string, Promise<Buffer | undefined>>();
    page.on('response', (r) => {
      if (r.url().startsWith(origin))
        bodies.set(
          r.url(),
          r.body().catch(() => undefined),
        );
    });
    const timeout = opts.timeoutMs ?? 30_000;
    await page.goto(origin + path, { waitUntil: 'load', timeout });
    await page.waitForLoadState('networkidle', { timeout });
    // A string, not a function: tsx's transform would put its `__name` helper into the page's copy.
    const hydrated = (await page.evaluate('window.__cabinetHydrated === true')) as boolean;
    const { entries, loadStart } = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const pick = (e) => ({
        name: e.name,
        initiatorType: e.initiatorType,
        startTime: e.startTime,
        transferSize: e.transferSize,
        encodedBodySize: e.encodedBodySize,
        decodedBodySize: e.decodedBodySize,
      });
      return {
        entries: [nav, ...performance.getEntriesByType('resource')].map(pick),
        loadStart: nav.loadEventStart,
      };
    })()`)) as { entries: Entry[]; loadStart: number };
    const files: FetchedFile[] = [];
    for (const e of entries) {
      if (!e.name.startsWith(origin)) continue;
      const url = new URL(e.name);
      const p = url.pathname + url.search;
      files.push({
        path: p,
        kind: kindOf(p, e.initiatorType),
        startMs: Math.round(e.startTime),
        transfer: e.transferSize,
        encoded: e.encodedBodySize,
        decoded: e.decodedBodySize,
        gzip: gzipOf(opts.distDir, url.pathname, await bodies.get(e.name)),
        beforeLoad: e.startTime < loadStart,
      });
    }
    const js = files.filter((f) => f.kind === 'script');
    return {
      path,
      finalPath: new URL(page.url()).pathname,
      loadMs: Math.round(loadStart),
      hydrated,
      files,
      jsBeforeLoad: totals(js.filter((f) => f.beforeLoad)),
      cssBeforeLoad: totals(files.filter((f) => f.kind === 'style' && f.beforeLoad)),
      allUntilIdle: totals(files),
      jsUntilIdle: totals(js),
    };
  } finally {
    await context.close();
  }
}

export interface BrowserVisits {
  /** /login, anonymous: the budgeted figure. */
  login: BrowserVisit;
  /** /home signed in as the demo customer (a return visit: the refresh cookie and the session hint). */
  home: BrowserVisit | null;
}

/**
 * Starts the real server on `distDir` (the server bundle, as `npm start` runs it) and measures a first visit of
 * /login (anonymous) and, unless `home` is false, of /home signed in.
 */
export async function measureBrowserVisits(
  distDir: string,
  opts: { home?: boolean; timeoutMs?: number } = {},
): Promise<BrowserVisits> {
  const { browserCookies, startChild, loginDemo } = await import('./lib/server');
  // Under Vitest (the budget test) the server would inherit VITEST and log nothing, not even the line that says it
  // listens, which startChild waits for.
  const server = await startChild({ env: { STATIC_DIR: distDir, VITEST: '' } });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const login = await measureVisit(browser, server.origin, '/login', {
      distDir,
      timeoutMs: opts.timeoutMs,
    });
    let home: BrowserVisit | null = null;
    if (opts.home !== false) {
      const { cookies } = await loginDemo(server.url);
      home = await measureVisit(browser, server.origin, '/home', {
        distDir,
        timeoutMs: opts.timeoutMs,
        cookies: browserCookies(cookies),
      });
    }
    return { login, home };
  } finally {
    await browser?.close();
    await server.stop();
  }
}
