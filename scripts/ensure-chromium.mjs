// The first step of `npm test`: finds a Chromium before the long steps; when there is none, fetches Playwright's
// (`npx playwright install chromium`), and when that fails stops at once with the two ways to get one.
import { spawnSync } from 'node:child_process';
import { findChromium, findTestChromium, NO_CHROMIUM } from './chromium.mjs';

let found = findChromium();
if (!found) {
  const wrongPath = process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}: no file there. `
    : '';
  console.log(`${wrongPath}No Chromium found: fetching Playwright’s (npx playwright install chromium)…`);
  const install = spawnSync('npx', ['playwright', 'install', 'chromium'], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  found = findChromium();
  if (!found) {
    const why =
      install.error?.message ??
      install.stderr
        ?.split('\n')
        .find((line) => line.trim())
        ?.trim() ??
      `exit ${install.status}`;
    console.error(`\nThe download failed: ${why}\n\n${NO_CHROMIUM}`);
    process.exit(1);
  }
}
const tests = findTestChromium();
console.log(
  `Chromium: ${found.path} (${found.source})` +
    (tests && tests.path !== found.path ? `; the e2e tests use ${tests.path} (${tests.source})` : ''),
);
