import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findTestChromium } from './scripts/chromium.mjs';
import { TEST_MACHINE_SHEDDING } from './e2e/support/test-server-env';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// The e2e server's bootstrap STAFF_TOKEN, random per run. The runner's globalSetup (e2e/support/global-setup.ts)
// uses it once to make the run's API keys, one per role, and removes it from the environment before the workers
// start: the specs call the staff API with those keys only (e2e/support/staff-keys.ts).
const STAFF_TOKEN = (process.env.E2E_STAFF_TOKEN ??= `e2e-${randomBytes(24).toString('base64url')}`);
// The seed of the sampled path sets (e2e/support/sample.ts): set here once, in the runner, and inherited by the
// workers, so all of them draw the same sample. By default the commit's, so a run of one commit repeats itself.
process.env.E2E_SEED ??= String(commitSeed());
// CHROMIUM_PATH, Debian's headless shell or Chromium (CI, this machine), or Playwright's own (scripts/chromium.mjs).
const chromium = findTestChromium()?.path;

function commitSeed(): number {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return parseInt(head.slice(0, 7), 16);
  } catch {
    return randomBytes(3).readUIntBE(0, 3);
  }
}

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  // Two spec files at a time, each test on a customer of its own. With the headless shell and no screencast one worker
  // left both cores idle more than half the time: two took 5.0 min against 6.8 for one on an idle machine.
  // E2E_WORKERS=1 runs one file at a time (to read a failure's output in order).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries anywhere: a test that passes only on a retry is a failing test (docs/flaky-tests.md).
  retries: 0,
  reporter: [['list'], ['./e2e/support/summary-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failure keeps its trace with the DOM at each step, and a screenshot of the end. The trace's screencast
    // (screenshots: true) cost a quarter of the suite's CPU in Chromium and the runner, measured on profile.spec.ts.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    locale: 'ru-RU',
    // The offline cabinet's service worker answers the cached reads itself, where page.route() cannot see them:
    // specs that stub requests run without it; e2e/offline.spec.ts allows it (E2E_SERVICE_WORKERS=allow: all).
    serviceWorkers: process.env.E2E_SERVICE_WORKERS === 'allow' ? 'allow' : 'block',
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A fresh database each run: the real server on the built SPA, seeded with the demo customer.
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      STAFF_TOKEN,
      ACCESS_TOKEN_TTL: process.env.E2E_TOKEN_TTL ?? '300',
      // The tests play callers behind one proxy: the X-Forwarded-For they send names each caller (sign-in limits).
      TRUST_PROXY: '1',
      // Staff hooks that run jobs ahead of the clock (POST /api/staff/test/erase-due/): this server only.
      TEST_HOOKS: '1',
      ...TEST_MACHINE_SHEDDING,
      // A helper building elsewhere (npx vite build --outDir /tmp/x) points the server at its own build.
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? './dist',
    },
  },
});
