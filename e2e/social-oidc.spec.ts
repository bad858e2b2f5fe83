// Social sign-in over OpenID Connect in Chromium: a server of its own with SOCIAL_DRIVER=oidc (the e2e server keeps
// the sandbox), and a real OpenID provider (oidc-provider) on loopback whose screens the test answers.
import { test, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalOidc, type LocalOidc } from '../tests/server/helpers/oidc-server';

const greeting = (page: Page) => page.getByRole('heading', { level: 1, name: /^Здравствуйте/ });

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

let op: LocalOidc;
let server: ChildProcess;
let origin: string;
let dataDir: string;

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures first
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000); // a server of its own starts here, on a loaded machine too
  const port = await freePort();
  origin = `http://localhost:${port}`;
  op = await startLocalOidc({
    clientId: 'cabinet-e2e',
    clientSecret: 'cabinet-e2e-secret',
    redirectUris: [`${origin}/client/api/socials/oidc/google/callback/`],
  });
  dataDir = mkdtempSync(join(tmpdir(), 'cabinet-oidc-e2e-'));
  server = spawn(process.execPath, ['dist-server/main.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_ORIGIN: origin,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? './dist',
      SOCIAL_DRIVER: 'oidc',
      SOCIAL_GOOGLE_CLIENT_ID: 'cabinet-e2e',
      SOCIAL_GOOGLE_CLIENT_SECRET: 'cabinet-e2e-secret',
      SOCIAL_GOOGLE_ISSUER: op.issuer,
    },
  });
  for (let i = 0; i < 320; i++) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the OpenID Connect server did not start');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await op?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('signs in through the OpenID provider: code + PKCE, the answer posted back, then the cabinet', async ({
  page,
}) => {
  op.consent = 'allow';
  op.account = { sub: `e2e-${Date.now()}`, email: `oidc-${Date.now()}@example.com` };
  const callbacks: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/client/api/socials/oidc/google/callback/')) callbacks.push(r.method());
  });
  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: /Google/ }).click();
  await expect(page).toHaveURL(`${origin}/home`);
  await expect(greeting(page)).toBeVisible();
  expect(callbacks).toEqual(['POST']);
});

test('a refused consent leads back to the sign-in page with the reason', async ({ page }) => {
  op.consent = 'deny';
  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: /Google/ }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByText('Вход через соцсеть отменён.')).toBeVisible();
});

test('a replayed callback signs nobody in', async ({ page, browser }) => {
  op.consent = 'allow';
  op.account = { sub: `e2e-replay-${Date.now()}`, email: `oidc-replay-${Date.now()}@example.com` };
  let posted: string | null = null;
  page.on('request', (r) => {
    if (r.url().endsWith('/client/api/socials/oidc/google/callback/')) posted = r.postData();
  });
  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: /Google/ }).click();
  await expect(greeting(page)).toBeVisible();
  expect(posted).toContain('code=');

  // The same answer posted again from another browser: the flow is not theirs, and the code is spent.
  const other = await browser.newContext();
  const replay = await other.request.post(`${origin}/client/api/socials/oidc/google/callback/`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: posted!,
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(302);
  expect(replay.headers().location).toMatch(/^\/login\?msg=/);
  await other.close();
});
