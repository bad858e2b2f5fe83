// Social sign-in over OpenID Connect in Chromium: a server of its own with SOCIAL_DRIVER=oidc (the e2e server keeps
// the sandbox), and a real OpenID provider (oidc-provider) on loopback whose screens the test answers.
import { test, expect, type Page } from '@playwright/test';
import { startLocalOidc, type LocalOidc } from '../tests/server/helpers/oidc-server';
import { startBuiltServer, type BuiltServer } from './support/built-server';

const greeting = (page: Page) => page.getByRole('heading', { level: 1, name: /^Здравствуйте/ });

let op: LocalOidc;
let server: BuiltServer | undefined;
let origin: string;

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures first
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000); // a server of its own starts here, on a loaded machine too
  server = await startBuiltServer('OpenID Connect', async (url) => {
    op = await startLocalOidc({
      clientId: 'cabinet-e2e',
      clientSecret: 'cabinet-e2e-secret',
      redirectUris: [`${url}/client/api/socials/oidc/google/callback/`],
    });
    return {
      SEED_DEMO: '0',
      SOCIAL_DRIVER: 'oidc',
      SOCIAL_GOOGLE_CLIENT_ID: 'cabinet-e2e',
      SOCIAL_GOOGLE_CLIENT_SECRET: 'cabinet-e2e-secret',
      SOCIAL_GOOGLE_ISSUER: op.issuer,
    };
  });
  origin = server.url;
});

test.afterAll(async () => {
  await server?.close();
  await op?.close();
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
