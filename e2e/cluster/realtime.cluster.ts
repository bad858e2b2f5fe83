// Events cross instances: the staff act on the instance that does not hold the customer's socket, and the page hears
// it live (PostgreSQL LISTEN/NOTIFY between the instances).
import type { Page } from '@playwright/test';
import { expect, signInFast, test } from '../support/fixtures';
import {
  CHAT_HISTORY_LINE,
  CHAT_TOPIC,
  orderId,
  other,
  socketOpenedOn,
  socketsAccepted,
  staffAt,
  trackSocket,
} from './support';

const bubble = (page: Page, text: string) =>
  page.getByTestId('chat-list').getByRole('article').filter({ hasText: text });
const statusBadge = (page: Page) => page.locator('h1#order-title').locator('xpath=..');

test('a staff message and a status change sent to the other instance reach the socket live', async ({
  page,
  request,
  customer,
}) => {
  const id = await orderId(request, customer, CHAT_TOPIC);
  const socket = trackSocket(page);
  const before = socketsAccepted();
  await signInFast(page, customer, `/order/${id}`);
  await expect(page.getByTestId('chat-list').getByText(CHAT_HISTORY_LINE)).toBeVisible();
  await socket.waitForHellos(1);
  const holder = await socketOpenedOn(before);
  const elsewhere = other(holder);
  // A mark that a reload would wipe: what follows must arrive without one.
  await page.evaluate(() => Object.assign(window, { __noReload: true }));

  const text = `Автор на инстансе ${elsewhere.name}: глава 3 готова ${Date.now()}`;
  await staffAt(request, elsewhere, 'POST', `/orders/${id}/messages/`, { author: 'writer', text });
  await expect(bubble(page, text)).toBeVisible();
  await expect(bubble(page, text)).toContainText('Автор');

  await expect(statusBadge(page)).toContainText('В работе');
  await staffAt(request, elsewhere, 'PATCH', `/orders/${id}/status/`, { status_id: 5 });
  await expect(statusBadge(page)).toContainText('На гарантии');

  expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true);
  // Live over the one socket, not fetched after a reconnect.
  expect(socket.hellos()).toBe(1);
  expect(socketsAccepted()[holder.name]).toBe(before[holder.name]! + 1);
});
