// The offline cabinet (docs/features.md "Offline"): with the service worker in charge, a customer who loses
// the network sees their cached orders and chat with "Нет соединения", a reload offline still shows them, a
// message written offline waits ("Ожидает отправки"), survives a reload and is sent exactly once when the
// network is back; sign-out deletes the customer's cache; a new version waits for "Обновить".
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  messagesOnServer,
  signInFast,
  test,
  type Customer,
  CHAT_HISTORY_LINE,
  orderWithChat,
} from './support/fixtures';

test.use({ serviceWorkers: 'allow' });

const SW_FILE = join(process.env.E2E_STATIC_DIR ?? 'dist', 'sw.js');

const rows = (page: Page) => page.getByTestId('order-list').locator(':scope > li');
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Нет соединения' });
const chatList = (page: Page) => page.getByTestId('chat-list');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Сообщение' });
const bubble = (page: Page, text: string) => chatList(page).getByRole('article').filter({ hasText: text });

/** The service worker is active and controls this page (it claims the open tabs when it first activates). */
async function workerInCharge(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Signs in, lets the worker take the page, and visits the list, the order and its chat once so they are kept. */
async function visitWithWorker(page: Page, customer: Customer, orderId: number) {
  await signInFast(page, customer, '/home');
  await expect(rows(page).first()).toBeVisible();
  await workerInCharge(page);
  await page.reload(); // now the list's read goes through the worker
  await expect(rows(page).first()).toBeVisible();
  await page.goto(`/order/${orderId}`);
  await expect(chatList(page).getByText(CHAT_HISTORY_LINE)).toBeVisible();
  await page.goto('/home');
  await expect(rows(page).first()).toBeVisible();
}

/**
 * Runs `check`; when it fails, attaches to the report what the page did with the outbox's `key` from the next load
 * on (its value then, each write and removal with the stack that made it), the page's requests and console lines,
 * and the state at the failure — then fails as `check` did.
 */
async function watchOutbox(page: Page, key: string) {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(`${Date.now()} console.${m.type()} ${m.text()}`));
  page.on('request', (r) => lines.push(`${Date.now()} request ${r.method()} ${r.url()}`));
  page.on('requestfailed', (r) => lines.push(`${Date.now()} failed ${r.method()} ${r.url()}`));
  await page.addInitScript((watched) => {
    const trail: string[] = [`${Date.now()} at load: ${localStorage.getItem(watched)}`];
    (window as unknown as { __outboxTrail: string[] }).__outboxTrail = trail;
    const { setItem, removeItem } = Storage.prototype;
    Storage.prototype.setItem = function (k: string, v: string) {
      if (k === watched) trail.push(`${Date.now()} set ${v}`);
      return setItem.call(this, k, v);
    };
    Storage.prototype.removeItem = function (k: string) {
      if (k === watched) trail.push(`${Date.now()} removed by ${new Error().stack ?? '?'}`);
      return removeItem.call(this, k);
    };
  }, key);
  return async (check: () => Promise<void>) => {
    try {
      await check();
    } catch (error) {
      const state = await page
        .evaluate(
          (watched) => ({
            trail: (window as unknown as { __outboxTrail?: string[] }).__outboxTrail ?? null,
            kept: localStorage.getItem(watched),
            onLine: navigator.onLine,
            controlled: navigator.serviceWorker.controller !== null,
            url: location.href,
            chat: document.querySelector('[data-testid="chat-list"]')?.textContent ?? null,
          }),
          key,
        )
        .catch((e: unknown) => ({ unreadable: String(e) }));
      await test.info().attach('outbox-trail.json', {
        body: JSON.stringify({ state, page: lines }, null, 2),
        contentType: 'application/json',
      });
      console.log(`outbox trail of ${key}:`, JSON.stringify(state, null, 2));
      throw error;
    }
  };
}

test('offline, the cabinet shows the kept orders and chat with "Нет соединения", across a reload', async ({
  page,
  request,
  customer,
}) => {
  const orderId = await orderWithChat(request, customer);
  await visitWithWorker(page, customer, orderId);
  const listed = await rows(page).count();
  await expect(banner(page)).toHaveCount(0);

  await page.context().setOffline(true);
  await expect(banner(page)).toBeVisible();
  await page.reload();
  await expect(rows(page)).toHaveCount(listed);
  await expect(banner(page)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/order/${orderId}`);
  await expect(chatList(page).getByText(CHAT_HISTORY_LINE)).toBeVisible();
  await page.reload();
  await expect(chatList(page).getByText(CHAT_HISTORY_LINE)).toBeVisible();
  await expect(banner(page)).toBeVisible();

  // The banner in the other theme and on a phone.
  await page.goto('/home');
  await expect(rows(page)).toHaveCount(listed);
  await page
    .getByRole('switch', { name: 'Тёмная тема' })
    .or(page.getByRole('button', { name: 'Тёмная тема' }))
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner(page)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a message written offline waits, survives a reload and is sent once when the network is back', async ({
  page,
  request,
  customer,
}) => {
  const orderId = await orderWithChat(request, customer);
  await visitWithWorker(page, customer, orderId);
  await page.goto(`/order/${orderId}`);
  await expect(chatList(page).getByText(CHAT_HISTORY_LINE)).toBeVisible();

  // The network is down for the message's POST whatever Chromium's emulation does (it has let navigator.onLine
  // read true for a moment, and the outbox tries then). A refused POST is what a lost network gives: no answer, and
  // the message waits.
  let networkDown = true;
  const messagePost = (url: URL) => url.pathname.startsWith(`/api/client/orders/${orderId}/messages/`);
  await page
    .context()
    .route(messagePost, (route) =>
      networkDown && route.request().method() === 'POST'
        ? route.abort('internetdisconnected')
        : route.fallback(),
    );
  await page.context().setOffline(true);
  // Written once the cabinet says it is offline, as a customer would see it.
  await expect(banner(page)).toBeVisible();
  const text = `Написано в поезде ${Date.now()}`;
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(bubble(page, text).locator('[data-status="waiting"]')).toHaveText('Ожидает отправки');
  await expect(page.getByText('Нет соединения: сообщения отправятся, когда связь вернётся.')).toBeVisible();
  // The outbox is in localStorage at once for this page, but Chromium hands the write to its browser process on its
  // own time: a reload 40–100 ms after the send, on a loaded machine, once read the storage before the write was
  // there (1 run in ~50; logged: set before the reload, null read after it). A customer reloads seconds later, not
  // within a frame. So the reload waits until another tab of this browser sees the message kept (the precached
  // icon gives that tab the cabinet's origin offline).
  const otherTab = await page.context().newPage();
  await otherTab.goto('/favicon.svg');
  await expect
    .poll(() =>
      otherTab.evaluate(
        (key) => localStorage.getItem(key) ?? '',
        `cabinet.chat-outbox.${customer.id}.${orderId}`,
      ),
    )
    .toContain(text);
  await otherTab.close();

  // Should the waiting message be missing after the reload, the report says why: what the reloaded page found kept,
  // every change of the outbox's key (with who made it), and the page's requests and console.
  const outboxKey = `cabinet.chat-outbox.${customer.id}.${orderId}`;
  const explain = await watchOutbox(page, outboxKey);
  await page.reload();
  await expect(chatList(page).getByText(CHAT_HISTORY_LINE)).toBeVisible();
  await explain(() =>
    expect(bubble(page, text).locator('[data-status="waiting"]')).toHaveText('Ожидает отправки'),
  );
  // What the server holds meanwhile is not asserted: Chromium's offline emulation does not cover a request the
  // service worker passes on to the network (it reached the server in about one run of twenty, under the worker's
  // own user agent, unseen by context.route), and it once flipped navigator.onLine back to true for a moment. The
  // app's part — nothing is tried while the browser says offline — is tested in tests/machines/chat.test.ts; what
  // the customer meets is the waiting message here, and exactly one message once the network is back.

  networkDown = false;
  await page.context().setOffline(false);
  await expect(bubble(page, text).locator('[data-status="sent"]')).toBeVisible({ timeout: 15_000 });
  await expect(bubble(page, text)).toHaveCount(1);
  expect(await messagesOnServer(request, customer, orderId, text)).toBe(1);
  await page.reload();
  await expect(bubble(page, text)).toHaveCount(1);
  expect(await messagesOnServer(request, customer, orderId, text)).toBe(1);
});

test('sign-out deletes the customer’s kept answers and the offline session', async ({
  page,
  request,
  customer,
}) => {
  const orderId = await orderWithChat(request, customer);
  await visitWithWorker(page, customer, orderId);
  const apiCaches = () =>
    page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('cabinet-api-')));
  await expect.poll(apiCaches).toEqual([`cabinet-api-${customer.id}`]);
  expect(await page.evaluate(() => localStorage.getItem('cabinet.offline-session'))).not.toBeNull();

  await page.getByRole('button', { name: /^Меню пользователя/ }).click();
  await page.getByRole('link', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(apiCaches).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('cabinet.offline-session'))).toBeNull();

  // Offline now, the cabinet does not open from what was kept: the sign-in page stays.
  await page.context().setOffline(true);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
  await expect(rows(page)).toHaveCount(0);
});

test('a read that ends after sign-out keeps nothing of the customer', async ({ page, request, customer }) => {
  const orderId = await orderWithChat(request, customer);
  await visitWithWorker(page, customer, orderId);
  const apiCaches = () =>
    page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('cabinet-api-')));
  await expect.poll(apiCaches).toEqual([`cabinet-api-${customer.id}`]);

  // The worker's read of the order is answered, then held on its way back while the customer signs out.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  const orderRead = (url: URL) => url.pathname === `/api/client/orders/${orderId}/`;
  await page.context().route(orderRead, async (route) => {
    const response = await route.fetch(); // the server answered while the customer was signed in
    arrived();
    await released;
    await route.fulfill({ response });
  });
  // A read of the page's, as the cabinet makes them (with the customer's bearer), through the worker.
  await page.evaluate((id) => {
    const access = /(?:^|; )cabinet_access=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    (window as unknown as { read: Promise<number> }).read = fetch(`/api/client/orders/${id}/`, {
      headers: { Authorization: `Bearer ${decodeURIComponent(access)}` },
    }).then((r) => r.status);
  }, orderId);
  await held;

  await page.getByRole('button', { name: /^Меню пользователя/ }).click();
  await page.getByRole('link', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(apiCaches).toEqual([]);

  release();
  expect(await page.evaluate(() => (window as unknown as { read: Promise<number> }).read)).toBe(200);
  // The worker has the answer now and would keep it at once; a moment later the customer's cache is still gone.
  expect(
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)).then(() => caches.keys())),
  ).not.toContain(`cabinet-api-${customer.id}`);
});

/**
 * Holds the built worker's file for one test at a time: another run of the same test (`--repeat-each` on several
 * workers) waits instead of restoring the file under this one. A lock older than two minutes is a crashed run's.
 */
async function holdWorkerFile(): Promise<() => void> {
  const lock = `${SW_FILE}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
}

test('a new version waits for "Обновить", then the page reloads into it', async ({ page, customer }) => {
  const unlock = await holdWorkerFile();
  const original = readFileSync(SW_FILE, 'utf8');
  try {
    await signInFast(page, customer, '/home');
    await expect(rows(page).first()).toBeVisible();
    await workerInCharge(page);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);

    // The next build: a changed worker that can say which version it is.
    writeFileSync(
      SW_FILE,
      `${original}\nself.addEventListener('message', (e) => { if (e.data === 'version?') e.source.postMessage('next'); });\n`,
    );
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('Доступна новая версия');
    // Nothing swapped by itself: the old worker still controls the page.
    await page.evaluate(() => ((window as { __beforeUpdate?: boolean }).__beforeUpdate = true));
    await expectNoAxeViolations(page);

    await prompt.getByRole('button', { name: 'Обновить' }).click();
    await page.waitForFunction(() => !(window as { __beforeUpdate?: boolean }).__beforeUpdate);
    await expect(rows(page).first()).toBeVisible();
    await workerInCharge(page);
    const version = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          navigator.serviceWorker.addEventListener('message', (e) => resolve(String(e.data)), { once: true });
          navigator.serviceWorker.controller!.postMessage('version?');
        }),
    );
    expect(version).toBe('next');
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  } finally {
    writeFileSync(SW_FILE, original);
    unlock();
  }
});
