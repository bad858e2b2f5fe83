// The cluster's browser specs (e2e/cluster/*.cluster.ts): two instances behind nginx, started by
// `npm run e2e:cluster` (scripts/cluster/e2e.ts), which passes their addresses in CLUSTER_* variables. The specs are
// named *.cluster.ts so that playwright.config.ts, whose testDir holds them, never picks them up.
import { defineConfig, devices } from '@playwright/test';
import main from './playwright.config';

const balancer = process.env.CLUSTER_URL;
if (!balancer)
  throw new Error('The cluster specs run through `npm run e2e:cluster`, which starts the cluster.');

export default defineConfig({
  testDir: './e2e/cluster',
  testMatch: '*.cluster.ts',
  fullyParallel: false,
  // One browser at a time: the specs tell the instance holding a socket from the order of the instances' logs.
  workers: 1,
  // No retries anywhere: a test that passes only on a retry is a failing test (docs/flaky-tests.md).
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...main.use,
    baseURL: balancer,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
