// Notifications delivered for real (docs/notifications.md): a server of this spec's own (e2e/support/notify-server.ts)
// sends letters to an SMTP server, SMS to the SMSC stand-in and pushes to a local push service that decrypts them,
// all on loopback, with a 5 s chat batch window and a clock the spec sets. The customer is in Chromium.
import { test as base, type APIRequestContext, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { CHAT_TOPIC, expect, signInFast, signInWithForm, type Customer } from './support/fixtures';
import { BATCH_SECONDS, startNotifyServer, type NotifyServer } from './support/notify-server';
import { ORDER_STATUSES as S } from '../contract/order-status';
import type { OutboxMessage } from '../contract/staff.api';
import type { PushSubscriptions } from '../contract/profile.api';
import type { StandInSubscription } from '../tests/server/helpers/push-stand-in';

// Its tests share nothing but their worker's server (each has a customer of its own, and a clock set only forward),
// so both workers take them: run in one worker they were the suite's last minute, the other worker idle.
base.describe.configure({ mode: 'parallel' });

const test = base.extend<{ customer: Customer }, { notify: NotifyServer }>({
  notify: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startNotifyServer();
      await server.moscowTime('12:00:00'); // SMS go at once in the day
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // The pages and the API calls of this spec go to its own server.
  baseURL: async ({ notify }, use) => use(notify.url),
  customer: async ({ request, notify }, use) => {
    await use(await notify.staff<Customer>(request, 'POST', '/demo-customer/', {}));
  },
});

const WINDOW_MS = BATCH_SECONDS * 1000;
/** Long enough for a job due now and the outbox row it writes (the runner looks every second). */
const DELIVERED_MS = WINDOW_MS + 12_000;

/** The customer's demo order of `topic` (the one with a chat, in work, by default). */
async function orderOf(notify: NotifyServer, request: APIRequestContext, c: Customer, topic = CHAT_TOPIC) {
  const list = await notify.staff<{ results: { id: number; topic: string }[] }>(
    request,
    'GET',
    `/orders/?email=${encodeURIComponent(c.email)}`,
  );
  const order = list.results.find((o) => o.topic === topic);
  if (!order) throw new Error(`no demo order «${topic}»`);
  return order.id;
}

const lettersTo = (notify: NotifyServer, email: string, subject: string) =>
  notify.smtp.letters.filter(
    (l) => (l.to && 'value' in l.to ? l.to.value[0]?.address : '') === email && l.subject === subject,
  );
const smsTo = (notify: NotifyServer, phone: string, text: string) =>
  notify.smsc.taken.filter((m) => m.phone === phone.replace(/^\+/, '') && m.mes.includes(text));
const pushesTo = (notify: NotifyServer, endpoint: string) =>
  notify.push.received.filter((p) => p.endpoint === endpoint);
const outbox = (notify: NotifyServer, request: APIRequestContext, recipient: string, kind: string) =>
  notify
    .staff<{ results: OutboxMessage[] }>(
      request,
      'GET',
      `/outbox/?recipient=${encodeURIComponent(recipient)}&kind=${kind}`,
    )
    .then((r) => r.results);

/** The letter's button: the link in its HTML part. */
const buttonOf = (letter: ParsedMail, notify: NotifyServer) => {
  const href = new RegExp(`href="(${notify.url}/order/[^"]+)"`).exec(String(letter.html))?.[1];
  if (!href) throw new Error('the letter has no button to the order');
  return href;
};

/** The RFC 8058 link of the List-Unsubscribe header, as sent. */
const unsubscribeOf = (letter: ParsedMail) => {
  const line = letter.headerLines.find((l) => l.key === 'list-unsubscribe')?.line.replace(/\r\n\s+/g, ' ');
  const url = /<(https?:[^>]+)>/.exec(line ?? '')?.[1];
  if (!url) throw new Error('no List-Unsubscribe URL');
  return url;
};

/** Signs in through the API (the refresh cookie lands in the page's context) and answers the access token. */
async function accessToken(page: Page, c: Customer) {
  const res = await page.request.post('/api/client/auth/login/', {
    data: { login: c.email, password: c.password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** Confirms the customer's phone the way a customer does: signs in with the code the SMS brought. */
async function confirmPhone(page: Page, notify: NotifyServer, c: Customer) {
  const asked = await page.request.post('/api/client/auth/login/', {
    data: { login: c.phone, method: 'code' },
  });
  expect(asked.status()).toBe(200);
  const [row] = await notify
    .staff<{ results: OutboxMessage[] }>(
      page.request,
      'GET',
      `/outbox/?recipient=${encodeURIComponent(c.phone)}&kind=login_code`,
    )
    .then((r) => r.results);
  const code = String(row!.payload.code);
  // The SMS itself reached the gateway.
  await expect.poll(() => smsTo(notify, c.phone, code).length, { timeout: DELIVERED_MS }).toBe(1);
  const verified = await page.request.post('/api/client/auth/login/verify/', {
    data: { login: c.phone, code },
  });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { access: string }).access;
}

/** Subscribes a browser of the push service to the customer's pushes, as the profile's button does. */
async function subscribe(page: Page, token: string, browser: StandInSubscription, userAgent: string) {
  const res = await page.request.post('/api/client/notifications/push/', {
    data: browser,
    headers: { authorization: `Bearer ${token}`, 'user-agent': userAgent },
  });
  expect(res.status()).toBe(201);
}

const setStatus = (notify: NotifyServer, request: APIRequestContext, orderId: number, statusId: number) =>
  notify.staff(request, 'PATCH', `/orders/${orderId}/status/`, { status_id: statusId });

const workReady = (orderId: number) => `Работа по заказу №${orderId} готова`;
const group = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('two staff messages while the customer is away: one letter after the window, with both; its button opens the chat after sign-in', async ({
  page,
  request,
  notify,
  customer,
}) => {
  const orderId = await orderOf(notify, request, customer);
  const subject = `Новые сообщения по заказу №${orderId}`;
  const first = `Уточните, пожалуйста, методичку ${Date.now()}`;
  const second = `План готов, посмотрите ${Date.now()}`;
  await notify.staff(request, 'POST', `/orders/${orderId}/messages/`, { author: 'writer', text: first });
  await notify.staff(request, 'POST', `/orders/${orderId}/messages/`, { author: 'manager', text: second });
  expect(lettersTo(notify, customer.email, subject)).toHaveLength(0); // the window is open

  await expect
    .poll(() => lettersTo(notify, customer.email, subject).length, { timeout: DELIVERED_MS })
    .toBe(1);
  const [letter] = lettersTo(notify, customer.email, subject);
  expect(letter!.text).toContain(`Автор работы, `);
  expect(letter!.text).toContain(first);
  expect(letter!.text).toContain('Менеджер, ');
  expect(letter!.text).toContain(second);
  const button = buttonOf(letter!, notify);
  expect(button).toBe(`${notify.url}/order/${orderId}/chat`);

  // Signed out, the button asks to sign in first, then lands on that order's chat.
  await page.goto(button);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signInWithForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/chat$`));
  const chat = page.getByTestId('chat-list');
  await expect(chat.getByText(first)).toBeVisible();
  await expect(chat.getByText(second)).toBeVisible();

  // One letter for the two, however long the window is waited out again.
  await page.waitForTimeout(WINDOW_MS + 2000);
  expect(lettersTo(notify, customer.email, subject)).toHaveLength(1);
});

test('the customer online with the chat open gets no letter for what it shows', async ({
  page,
  request,
  notify,
  customer,
}) => {
  const orderId = await orderOf(notify, request, customer);
  const other = await orderOf(notify, request, customer, 'Продвижение бренда в социальных сетях');
  const hello = new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => String(f.payload).includes('"hello"') && resolve()),
    ),
  );
  await signInFast(page, customer, `/order/${orderId}/chat`);
  await hello;
  const text = `Работа почти готова ${Date.now()}`;
  await notify.staff(request, 'POST', `/orders/${orderId}/messages/`, { author: 'writer', text });
  await expect(page.getByTestId('chat-list').getByText(text)).toBeVisible();
  // A message on another order, whose chat is not open, at the same time: its letter shows the batch ran.
  await notify.staff(request, 'POST', `/orders/${other}/messages/`, {
    author: 'manager',
    text: 'Вопрос по гарантии.',
  });
  await expect
    .poll(() => lettersTo(notify, customer.email, `Новые сообщения по заказу №${other}`).length, {
      timeout: DELIVERED_MS,
    })
    .toBe(1);
  expect(lettersTo(notify, customer.email, `Новые сообщения по заказу №${orderId}`)).toHaveLength(0);
  expect((await outbox(notify, request, customer.email, 'chat_message')).map((m) => m.subject)).toEqual([
    `Новые сообщения по заказу №${other}`,
  ]);
});

test('work ready: a letter, an SMS and a push, each once; the letter opens the order’s files', async ({
  page,
  request,
  notify,
  customer,
}) => {
  const token = await confirmPhone(page, notify, customer);
  const browser = notify.push.subscribe();
  await subscribe(page, token, browser, 'Chromium e2e');
  const orderId = await orderOf(notify, request, customer);
  await setStatus(notify, request, orderId, S.guarantee.id);

  await expect
    .poll(() => lettersTo(notify, customer.email, workReady(orderId)).length, { timeout: DELIVERED_MS })
    .toBe(1);
  await expect
    .poll(() => smsTo(notify, customer.phone, workReady(orderId)).length, { timeout: DELIVERED_MS })
    .toBe(1);
  await expect.poll(() => pushesTo(notify, browser.endpoint).length, { timeout: DELIVERED_MS }).toBe(1);
  // The push as the service worker gets it: decrypted with the browser's keys.
  expect(pushesTo(notify, browser.endpoint)[0]!.payload).toMatchObject({
    title: workReady(orderId),
    url: `${notify.url}/order/${orderId}/files`,
  });
  // Once each: nothing more comes.
  await page.waitForTimeout(3000);
  expect(lettersTo(notify, customer.email, workReady(orderId))).toHaveLength(1);
  expect(smsTo(notify, customer.phone, workReady(orderId))).toHaveLength(1);
  expect(pushesTo(notify, browser.endpoint)).toHaveLength(1);
  expect((await outbox(notify, request, customer.email, 'work_ready')).map((m) => m.status)).toEqual([
    'sent',
  ]);

  // The letter's button, followed in the signed-in browser.
  await page.goto(buttonOf(lettersTo(notify, customer.email, workReady(orderId))[0]!, notify));
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}/files$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('unsubscribe from a letter signed out: no more letters of that kind, and the profile shows it off', async ({
  page,
  browser,
  request,
  notify,
  customer,
}) => {
  const orderId = await orderOf(notify, request, customer);
  await setStatus(notify, request, orderId, S.guarantee.id);
  await expect
    .poll(() => lettersTo(notify, customer.email, workReady(orderId)).length, { timeout: DELIVERED_MS })
    .toBe(1);
  const link = unsubscribeOf(lettersTo(notify, customer.email, workReady(orderId))[0]!);

  // A browser that never signed in: the link's page asks, its button unsubscribes.
  const stranger = await browser.newContext();
  const outside = await stranger.newPage();
  await outside.goto(link);
  await expect(outside.getByRole('heading', { name: 'Отписаться от уведомлений?' })).toBeVisible();
  await outside.getByRole('button', { name: 'Отписаться' }).click();
  await expect(outside.getByRole('heading', { name: 'Вы отписались' })).toBeVisible();
  await stranger.close();

  // The next work ready: its push comes (the notification went), its letter does not.
  const token = await accessToken(page, customer);
  const pushes = notify.push.subscribe();
  await subscribe(page, token, pushes, 'Chromium e2e');
  const next = await orderOf(notify, request, customer, 'Свобода воли в философии Канта');
  await setStatus(notify, request, next, S.guarantee.id);
  await expect.poll(() => pushesTo(notify, pushes.endpoint).length, { timeout: DELIVERED_MS }).toBe(1);
  expect(pushesTo(notify, pushes.endpoint)[0]!.payload).toMatchObject({ title: workReady(next) });
  expect(lettersTo(notify, customer.email, workReady(next))).toHaveLength(0);
  expect((await outbox(notify, request, customer.email, 'work_ready')).map((m) => m.subject)).toEqual([
    workReady(orderId),
  ]);

  // The profile shows that kind's e-mail off, and only that.
  await page.goto('/profile');
  const kind = (name: string) => group(page, 'Уведомления').getByRole('group', { name });
  await expect(kind('Работа загружена или заказ выполнен').getByLabel('E-mail')).not.toBeChecked();
  await expect(kind('Работа загружена или заказ выполнен').getByLabel('Push', { exact: true })).toBeChecked();
  await expect(kind('Новое сообщение от автора или менеджера').getByLabel('E-mail')).toBeChecked();
});

test('an SMS due at 03:00 Moscow time goes at 08:00, the morning’s first minute; the letter at once', async ({
  page,
  request,
  notify,
  customer,
}) => {
  await confirmPhone(page, notify, customer);
  const orderId = await orderOf(notify, request, customer);
  try {
    const three = await notify.moscowTime('03:00:00');
    await setStatus(notify, request, orderId, S.guarantee.id);
    await expect
      .poll(() => lettersTo(notify, customer.email, workReady(orderId)).length, { timeout: DELIVERED_MS })
      .toBe(1);
    const [sms] = await outbox(notify, request, customer.phone, 'work_ready');
    expect(sms).toMatchObject({ status: 'pending' });
    // Due at 08:00 that morning.
    expect(Date.parse(sms!.next_attempt_at!)).toBe(three.getTime() + 5 * 3600_000);
    expect(smsTo(notify, customer.phone, workReady(orderId))).toHaveLength(0);

    await notify.moscowTime('07:59:30');
    await page.waitForTimeout(3000);
    expect(smsTo(notify, customer.phone, workReady(orderId))).toHaveLength(0);

    const eight = await notify.moscowTime('08:00:00');
    await expect
      .poll(() => smsTo(notify, customer.phone, workReady(orderId)).length, { timeout: DELIVERED_MS })
      .toBe(1);
    const [sent] = await outbox(notify, request, customer.phone, 'work_ready');
    expect(sent).toMatchObject({ status: 'sent' });
    const at = Date.parse(sent!.sent_at!);
    expect(at).toBeGreaterThanOrEqual(eight.getTime());
    expect(at).toBeLessThan(eight.getTime() + 60_000);
  } finally {
    await notify.moscowTime('12:00:00');
  }
});

test('a 410 from the push service removes that browser’s subscription', async ({
  page,
  request,
  notify,
  customer,
}) => {
  const token = await accessToken(page, customer);
  const kept = notify.push.subscribe();
  const dropped = notify.push.subscribe();
  await subscribe(page, token, kept, 'Chromium on the desktop');
  await subscribe(page, token, dropped, 'An old browser');
  notify.push.gone(dropped.endpoint, 410);
  const orderId = await orderOf(notify, request, customer);
  await setStatus(notify, request, orderId, S.guarantee.id);

  await expect.poll(() => pushesTo(notify, kept.endpoint).length, { timeout: DELIVERED_MS }).toBe(1);
  await expect
    .poll(async () => (await outbox(notify, request, dropped.endpoint, 'work_ready')).map((m) => m.status), {
      timeout: DELIVERED_MS,
    })
    .toEqual(['failed']);
  const list = (await (
    await page.request.get('/api/client/notifications/push/', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as PushSubscriptions;
  expect(list.results.map((s) => s.user_agent)).toEqual(['Chromium on the desktop']);

  // The profile lists the one browser left.
  await page.goto('/profile');
  const browsers = group(page, 'Уведомления').getByRole('list', { name: 'Браузеры с push-уведомлениями' });
  await expect(browsers.getByRole('listitem')).toHaveCount(1);
  await expect(browsers.getByRole('listitem')).toContainText('Chromium on the desktop');
});
