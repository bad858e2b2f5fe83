// Runs once, in the runner, after the e2e server is up (playwright.config.ts): the bootstrap STAFF_TOKEN makes the
// run's API keys, one per role, and is then forgotten; the workers inherit the keys through the environment.
import type { FullConfig } from '@playwright/test';
import { createStaffKeys, STAFF_KEYS_ENV } from './staff-keys';

export default async function globalSetup(config: FullConfig) {
  const token = process.env.E2E_STAFF_TOKEN;
  const baseUrl = config.projects[0]?.use.baseURL;
  if (!token || !baseUrl) throw new Error('playwright.config.ts sets E2E_STAFF_TOKEN and the baseURL');
  process.env[STAFF_KEYS_ENV] = JSON.stringify(await createStaffKeys(baseUrl, token));
  delete process.env.E2E_STAFF_TOKEN;
}
