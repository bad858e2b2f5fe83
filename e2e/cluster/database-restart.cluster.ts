// PostgreSQL restarted under both instances (issue 34, docs/faults.md) while the customer writes: a fast shutdown of
// the cluster's PostgreSQL, a gap, and a start on the same data (what `pg_ctl restart -m fast` does, with the gap the
// spec's). PgBouncer stays up in front of it, as in a deployment: the instances' pools keep their connections to it
// and get its errors during the gap, while their LISTEN connections, straight to PostgreSQL, are lost and opened
// again. During the gap the tab shows «Нет соединения» and keeps what the customer writes; a manager's message is
// sent until an instance takes it. Afterwards the chat shows every message exactly once, the manager's among them.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signInFast, staffHeaders, test } from '../support/fixtures';
import { A, B, CHAT_HISTORY_LINE, CHAT_TOPIC, orderId, signIn, trackSocket } from './support';

const CONTROL = process.env.CLUSTER_CONTROL!;
const composer = (page: Page) => page.getByRole('textbox', { name: 'Сообщение' });
const chatList = (page: Page) => page.getByTestId('chat-list');
const bubble = (page: Page, text: string) => chatList(page).getByRole('article').filter({ hasText: text });
const banner = (page: Page) => page.getByTestId('offline-banner').filter({ hasText: 'Нет соединения' });

async function postgres(action: 'stop' | 'start'): Promise<{ ms: number }> {
  const res = await fetch(`${CONTROL}/postgres/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`PostgreSQL ${action}: ${await res.text()}`);
  return (await res.json()) as { ms: number };
}

/**
 * The manager's message through the balancer, sent again every 300 ms until it is taken (2xx): the statuses of the
 * tries, in order.
 */
/** The PgBouncer process the instances' pools talk to. */
async function pgbouncerPid(): Promise<number> {
  const res = await fetch(`${CONTROL}/pgbouncer`);
  const body = (await res.json()) as { pid: number; running: boolean };
  expect(body.running, 'PgBouncer is running').toBe(true);
  return body.pid;
}

async function managerWrites(request: APIRequestContext, id: number, text: string): Promise<number[]> {
  const path = `/orders/${id}/messages/`;
  const statuses: number[] = [];
  for (let i = 0; i < 200; i++) {
    const res = await request.post(`/api/staff${path}`, {
      headers: staffHeaders('POST', path),
      data: { author: 'manager', text },
      failOnStatusCode: false,
    });
    statuses.push(res.status());
    if (res.ok()) return statuses;
    expect(res.status(), `the manager's try ${i + 1}: ${await res.text()}`).toBe(503);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the manager's message was never taken: ${statuses.join(' ')}`);
}

// Whatever happens here, the next spec finds PostgreSQL up.
test.afterEach(async () => {
  await postgres('start');
});

test('PostgreSQL restarted under both instances while the customer writes: «Нет соединения», then every message once', async ({
  page,
  request,
  customer,
}) => {
  test.setTimeout(120_000);
  const id = await orderId(request, customer, CHAT_TOPIC);
  const socket = trackSocket(page);
  await signInFast(page, customer, `/order/${id}`);
  await expect(chatList(page).getByText(CHAT_HISTORY_LINE)).toBeVisible();
  await socket.waitForHellos(1);

  const run = Date.now();
  const texts = Array.from({ length: 6 }, (_, i) => `Сообщение ${i + 1} при перезапуске базы ${run}`);
  const send = async (text: string) => {
    await composer(page).fill(text);
    await composer(page).press('Enter');
    await expect(composer(page)).toHaveValue('');
  };
  for (const text of texts.slice(0, 2)) await send(text);
  await expect(bubble(page, texts[1]!).locator('[data-status="sent"]')).toBeVisible();

  const bouncer = await pgbouncerPid();
  const down = await postgres('stop');
  // The customer writes while the database is down: the post gets 503, the tab says so and keeps the messages.
  for (const text of texts.slice(2, 5)) await send(text);
  await expect(banner(page)).toBeVisible();
  for (const text of texts.slice(2, 5)) await expect(bubble(page, text)).toHaveCount(1);
  // The manager writes during the gap too, again and again until an instance takes it.
  const missed = `Менеджер, пока база перезапускалась ${run}`;
  const manager = managerWrites(request, id, missed);
  await new Promise((r) => setTimeout(r, 1_000));
  const up = await postgres('start');
  const tries = await manager;
  expect(tries[0], 'the manager was refused while the database was down').toBe(503);

  // Back: the bar goes by itself, the messages written during the gap go, once each, and the manager's shows.
  await expect(banner(page)).toBeHidden({ timeout: 30_000 });
  await send(texts[5]!);
  await expect(bubble(page, missed)).toBeVisible({ timeout: 30_000 });
  const unsent = chatList(page).locator('[data-status="sending"], [data-status="failed"]');
  await expect(unsent).toHaveCount(0, { timeout: 30_000 });
  for (const text of [...texts, missed]) await expect(bubble(page, text)).toHaveCount(1);

  // The server agrees, through either instance.
  for (const node of [A, B]) {
    const { access } = await signIn(node.url, customer);
    const res = await fetch(`${node.url}/api/client/orders/${id}/messages/?limit=200`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.status).toBe(200);
    const messages = ((await res.json()) as { results: { text: string }[] }).results;
    for (const text of [...texts, missed])
      expect(messages.filter((m) => m.text === text).length, `«${text}» stored once (${node.name})`).toBe(1);
  }
  // The same PgBouncer carried the pools through the restart.
  expect(await pgbouncerPid()).toBe(bouncer);
  // And after a reload.
  await page.reload();
  for (const text of [...texts.slice(-3), missed]) await expect(bubble(page, text)).toHaveCount(1);
  console.log(
    `PostgreSQL down in ${down.ms} ms, up again in ${up.ms} ms; the manager's tries: ${tries.join(' ')}; ` +
      `socket hellos ${socket.hellos()}, closes ${socket.closes()}`,
  );
});
