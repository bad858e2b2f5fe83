// Where the tests and benchmarks find a Chromium: CHROMIUM_PATH, or Debian's /usr/bin/chromium when it is unset
// (the variable names the system's browser; an explicit path replaces Debian's, it is never second-guessed), then
// Playwright's own build in its cache (PLAYWRIGHT_BROWSERS_PATH, by default ~/.cache/ms-playwright).
// playwright.config.ts, the benchmarks and scripts/ensure-chromium.mjs (the first step of `npm test`) all ask here.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** Debian's chromium-headless-shell: the same engine without the desktop browser's compositor and GPU process. */
export const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

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

/**
 * The browser of the e2e tests: Chromium's headless shell where there is one (as Playwright uses its own for headless
 * runs by default), else what findChromium() finds. On this project's suite the shell took half the CPU of the full
 * browser in headless mode (profile.spec.ts: 48 s against 100 s of Chromium's processes), and the suite is bound by
 * CPU. The benchmarks and screenshots keep the full browser: they measure what a visitor's Chromium does.
 * CHROMIUM_PATH, when set, is used as it is.
 * @returns {{ path: string; source: 'CHROMIUM_PATH' | 'debian' | 'debian-headless-shell' | 'playwright' } | undefined}
 */
export function findTestChromium(env = process.env) {
  if (!env.CHROMIUM_PATH && existsSync(DEBIAN_HEADLESS_SHELL))
    return { path: DEBIAN_HEADLESS_SHELL, source: 'debian-headless-shell' };
  return findChromium(env);
}

export const NO_CHROMIUM = [
  'No Chromium for the end-to-end tests and benchmarks. Get one either way, then run `npm test` again:',
  '  apt-get install chromium          (Debian/Ubuntu, as root: /usr/bin/chromium)',
  '  npx playwright install chromium   (Playwright’s own build, into ~/.cache/ms-playwright)',
  'or point CHROMIUM_PATH at a Chromium or Chrome you have.',
].join('\n');
