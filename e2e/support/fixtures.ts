import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { staffHeaders } from './staff-keys';

export { staffHeaders } from './staff-keys';
export const DEMO = { email: 'demo@example.com', password: 'demo-password' };

export interface Customer {
  id: number;
  email: string;
  phone: string;
  password: string;
}

/**
 * Calls the staff API (the writer's and the manager's side, the outbox, test customers) with the run's key of the
 * role that the call's row of the endpoint table names (e2e/support/staff-keys.ts).
 */
export async function staff<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api/staff${path}`, {
    method,
    headers: staffHeaders(method, path),
    ...(data === undefined ? {} : { data }),
  });
  if (!res.ok()) throw new Error(`staff ${method} ${path} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A fresh customer with the whole demo data set, so that no test depends on another's leftovers. */
export async function createCustomer(request: APIRequestContext): Promise<Customer> {
  return staff<Customer>(request, 'POST', '/demo-customer/', {});
}

/** The demo order in work: it has a chat with the writer and the manager (a line of its history below). */
export const CHAT_TOPIC = 'Цифровые образовательные технологии в начальной школе';
export const CHAT_HISTORY_LINE = 'Учту, добавлю 8–10 статей на английском.';

/** The id of the customer's demo order with a chat. */
export async function orderWithChat(request: APIRequestContext, customer: Customer): Promise<number> {
  const list = await staff<{ results: { id: number; topic: string }[] }>(
    request,
    'GET',
    `/orders/?email=${encodeURIComponent(customer.email)}`,
  );
  const order = list.results.find((o) => o.topic === CHAT_TOPIC);
  if (!order) throw new Error('the demo order with a chat is missing');
  return order.id;
}

/**
 * How many chat messages of the order carry `text` on the server, read through the API as the customer (a second
 * reader beside the page under test).
 */
export async function messagesOnServer(
  request: APIRequestContext,
  customer: Customer,
  orderId: number,
  text: string,
): Promise<number> {
  const login = await request.post('/api/client/auth/login/', {
    data: { login: customer.email, password: customer.password },
  });
  const { access } = (await login.json()) as { access: string };
  const res = await request.get(`/api/client/orders/${orderId}/messages/?limit=200`, {
    headers: { authorization: `Bearer ${access}` },
  });
  const body = (await res.json()) as { results: { text: string }[] };
  return body.results.filter((m) => m.text === text).length;
}

/** Signs in through the real form, as a person would. */
export async function signInWithForm(page: Page, login: string, password: string) {
  await page.getByLabel(/e-mail или телефон/i).fill(login);
  await page.getByLabel(/^пароль/i).fill(password);
  await page.getByRole('button', { name: /^войти$/i }).click();
}

/**
 * The app runs the page. A dashboard page comes painted by the server (docs/performance.md "The signed-in start"):
 * readable at once, but its links are plain page loads and its buttons wait until the app has replaced it; a test
 * that goes on to use the app waits for this. (Polled from here, not in the page: a test may have faked its clock.)
 */
export async function appRunning(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as { __cabinetHydrated?: boolean }).__cabinetHydrated === true))
    .toBe(true);
}

/** Signs in through the API (the refresh cookie lands in the browser context), then opens `path` and the app runs. */
export async function signInFast(page: Page, customer: { email: string; password: string }, path = '/home') {
  const res = await page.request.post('/api/client/auth/login/', {
    data: { login: customer.email, password: customer.password },
  });
  expect(res.status()).toBe(200);
  await page.goto(path);
  await appRunning(page);
}

/**
 * Signed in on `path` with its socket open (the server said hello). The frames are watched from the socket's first
 * moment: the hello may come while the page is still loading.
 */
export async function signedInWithSocket(page: Page, customer: Customer, path = '/home') {
  const hello = new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => String(f.payload).includes('"hello"') && resolve()),
    ),
  );
  await signInFast(page, customer, path);
  await hello;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** axe on the current page: no violations (WCAG 2 A/AA). */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

export const test = base.extend<{ customer: Customer }>({
  customer: async ({ request }, use) => {
    await use(await createCustomer(request));
  },
});
export { expect };
