// Where the tests and benchmarks find a Chromium: CHROMIUM_PATH, or Debian's /usr/bin/chromium when it is unset
// (the variable names the system's browser; an explicit path replaces Debian's, it is never second-guessed), then
// Playwright's own build in its cache (PLAYWRIGHT_BROWSERS_PATH, by default ~/.cache/ms-playwright).
// playwright.config.ts, the benchmarks and scripts/ensure-chromium.mjs (the first step of `npm test`) all ask here.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The flags every launch here uses (tests, screenshots, benchmarks). Without the background-networking ones a
 * Chromium on a closed network keeps trying to reach its update and sync services. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** @returns {{ path: string; source: 'CHROMIUM_PATH' | 'debian' | 'playwright' } | undefined} */
export function findChromium(env = process.env) {
  const system = env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  if (existsSync(system)) return { path: system, source: env.CHROMIUM_PATH ? 'CHROMIUM_PATH' : 'debian' };
  const own = chromium.executablePath(); // where Playwright's build of this version goes, installed or not
  return own && existsSync(own) ? { path: own, source: 'playwright' } : undefined;
}

export const NO_CHROMIUM = [
  'No Chromium for the end-to-end tests and benchmarks. Get one either way, then run `npm test` again:',
  '  apt-get install chromium          (Debian/Ubuntu, as root: /usr/bin/chromium)',
  '  npx playwright install chromium   (Playwright’s own build, into ~/.cache/ms-playwright)',
  'or point CHROMIUM_PATH at a Chromium or Chrome you have.',
].join('\n');
