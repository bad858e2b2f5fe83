import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { useHarness } from './harness';
import { startLocalSmtp, type LocalSmtp } from './helpers/smtp-server';
import { startSmscStandIn, type SmscStandIn } from './helpers/smsc-stand-in';
import { startPushStandIn, type PushStandIn } from './helpers/push-stand-in';
import { pushStore } from '../../server/domain/notifications/push-subscriptions';
import type { PushSubscriptions } from '../../contract/profile.api';
import {
  createCustomer,
  filesForm,
  insertOrder,
  staff,
  tempDataDir,
  upload,
  type Customer,
} from './helpers/orders';
import { readOutbox } from './helpers/auth';
import { createChannels } from '../../server/delivery/channels';
import { SANDBOX_DELIVERY } from '../../server/delivery/settings';
import { registerOutbox, type OutboxChannels } from '../../server/delivery/worker';
import { createJobRunner, type JobRunner } from '../../server/jobs/runner';
import { registerNotifications } from '../../server/domain/notifications/deliver';
import { queueGuaranteeEndings } from '../../server/domain/notifications/guarantee';
import { users } from '../../server/db/tables';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client';
import { postgresTarget } from './helpers/postgres-target';
import type { Profile } from '../../contract/profile.api';
import { ORDER_STATUSES as S } from '../../contract/order-status';

const BATCH_MS = 900_000;
/** 12:00 in Moscow: SMS go at once. */
const NOON_MSK = new Date('2026-11-26T09:00:00Z');

describe('notifications of the customer’s orders', () => {
  const h = useHarness({ dataDir: tempDataDir() });
  let smtp: LocalSmtp;
  let smsc: SmscStandIn;
  let push: PushStandIn;
  let channels: OutboxChannels;
  /** Two instances' runners on the one database. */
  let runners: JobRunner[];
  let second: Database | undefined;

  /** Runs every instance's due jobs until none is left (a notification's outbox row is due in the next pass). */
  async function settle() {
    for (let i = 0; i < 10; i++) {
      const reports = await Promise.all(runners.map((r) => r.runDue()));
      if (reports.every((r) => r.jobs.length === 0)) return;
    }
    throw new Error('jobs never settled');
  }
  const lettersTo = (email: string) =>
    smtp.letters.filter((l) => (l.to && 'value' in l.to ? l.to.value[0]?.address : '') === email);
  /** A header as sent (folded lines joined); mailparser reshapes the List-* ones. */
  const headerOf = (letter: ParsedMail, key: string) =>
    letter.headerLines
      .find((l) => l.key === key)
      ?.line.replace(/\r\n\s+/g, ' ')
      .replace(/^[^:]+:\s*/, '');
  const unsubscribeOf = (letter: ParsedMail) => {
    const url = /<(https?:[^>]+)>/.exec(headerOf(letter, 'list-unsubscribe') ?? '')?.[1];
    if (!url) throw new Error('no List-Unsubscribe URL');
    return new URL(url);
  };
  const profileOf = async (c: Customer) =>
    (await (await h.request('/api/client/profile/', { token: c.token })).json()) as Profile;
  const post = (orderId: number, text: string, author: 'writer' | 'manager' = 'writer') =>
    staff(h, `/orders/${orderId}/messages/`, { method: 'POST', json: { author, text } });

  /** A customer whose phone is confirmed the way a customer does it: signed in with a code sent to it. */
  async function withConfirmedPhone(c: Customer, phone: string) {
    await h.deps.db.update(users).set({ phone }).where(eq(users.id, c.id));
    const asked = await h.request('/api/client/auth/login/', {
      method: 'POST',
      json: { login: phone, method: 'code' },
    });
    expect(asked.status).toBe(200);
    const [sent] = await readOutbox(h, { recipient: phone, kind: 'login_code' });
    const verified = await h.request('/api/client/auth/login/verify/', {
      method: 'POST',
      json: { login: phone, code: String(sent!.payload.code) },
    });
    expect(verified.status).toBe(200);
    await settle(); // the code's SMS itself
    smsc.taken.length = 0;
  }

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    smsc = await startSmscStandIn();
    push = await startPushStandIn();
    channels = createChannels(
      {
        delivery: {
          ...SANDBOX_DELIVERY,
          mail: smtp.mail,
          sms: { driver: 'smsc', url: smsc.url, login: 'shop', password: 'secret', sender: 'Cabinet' },
          outbox: { sendTimeoutMs: 2000 },
        },
        publicOrigin: h.deps.config.publicOrigin,
        push: h.deps.config.push,
      },
      pushStore(h.deps.db),
    );
    // On PostgreSQL the second instance has a pool of its own on the same database, as a second process would.
    if (process.env.DATABASE_URL) {
      const res = await h.deps.db.execute(sql`select current_database() as name`);
      second = await openDatabase(
        postgresTarget((res as unknown as { rows: { name: string }[] }).rows[0]!.name),
      );
    }
    runners = [h.deps.db, second?.db ?? h.deps.db].map((db, i) => {
      const deps = { ...h.deps, db };
      const runner = createJobRunner({ db, now: () => h.clock.now }, { instanceId: `instance-${i}` });
      registerOutbox(runner, deps, channels);
      registerNotifications(runner, deps);
      return runner;
    });
  });
  beforeEach(() => {
    smtp.letters.length = 0;
    smsc.taken.length = 0;
    push.received.length = 0;
    h.clock.now = new Date(NOON_MSK);
  });
  afterAll(async () => {
    await second?.close();
    await channels?.email.close?.();
    await smtp?.close();
    await smsc?.close();
    await push?.close();
  });

  it('mails two staff messages posted while the customer is away as one letter within the batch window', async () => {
    const c = await createCustomer(h, { email: 'away@example.com' });
    const order = await insertOrder(h, c.id, { statusId: S.inWork.id });
    expect((await post(order.id, 'Уточните, пожалуйста, методичку.')).status).toBe(201);
    h.clock.advance(120_000);
    expect((await post(order.id, 'План готов, посмотрите.', 'manager')).status).toBe(201);
    await settle();
    expect(lettersTo(c.email)).toHaveLength(0); // the window is still open

    h.clock.advance(BATCH_MS - 120_000);
    await settle();
    const letters = lettersTo(c.email);
    expect(letters).toHaveLength(1);
    const letter = letters[0]!;
    expect(letter.subject).toBe(`Новые сообщения по заказу №${order.id}`);
    expect(letter.text).toContain('Автор работы, ');
    expect(letter.text).toContain('Уточните, пожалуйста, методичку.');
    expect(letter.text).toContain('Менеджер, ');
    expect(letter.text).toContain('План готов, посмотрите.');
    // The button opens the order's chat (a signed-out customer signs in first and lands there).
    const chat = `${h.deps.config.publicOrigin}/order/${order.id}/chat`;
    expect(String(letter.html)).toContain(`href="${chat}"`);
    expect(String(letter.html)).toContain('Открыть переписку');
    expect(headerOf(letter, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeOf(letter).pathname).toBe('/api/client/notifications/unsubscribe/');
    // The same link in the footer of both parts, for a client without one-click.
    expect(letter.text).toContain(`Отписаться от таких писем: ${unsubscribeOf(letter).href}`);
    expect(String(letter.html)).toContain(`href="${unsubscribeOf(letter).href.replace(/&/g, '&amp;')}"`);

    // Nothing new: no second letter however long the customer stays away.
    h.clock.advance(BATCH_MS * 2);
    await settle();
    expect(lettersTo(c.email)).toHaveLength(1);

    // A message after the letter starts the next window: at most one letter per window.
    await post(order.id, 'И ещё вопрос.');
    h.clock.advance(BATCH_MS - 1000);
    await settle();
    expect(lettersTo(c.email)).toHaveLength(1);
    h.clock.advance(1000);
    await settle();
    expect(lettersTo(c.email)).toHaveLength(2);
    expect(lettersTo(c.email)[1]!.text).toContain('И ещё вопрос.');
    expect(lettersTo(c.email)[1]!.text).not.toContain('План готов');
  });

  it('mails nothing the customer read in the open chat before the letter went', async () => {
    const c = await createCustomer(h, { email: 'online@example.com' });
    const order = await insertOrder(h, c.id, { statusId: S.inWork.id });
    const res = await post(order.id, 'Работа почти готова.');
    const message = (await res.json()) as { id: number };
    // The open chat marks what the customer sees as read.
    const read = await h.request(`/api/client/orders/${order.id}/messages/read/`, {
      method: 'POST',
      token: c.token,
      json: { up_to_id: message.id },
    });
    expect(read.status).toBe(200);
    h.clock.advance(BATCH_MS);
    await settle();
    expect(lettersTo(c.email)).toHaveLength(0);
    expect(await readOutbox(h, { recipient: c.email })).toHaveLength(0);
  });

  it('tells "work ready" by one letter, one SMS and one push, once each, with two instances running', async () => {
    const c = await createCustomer(h, { email: 'ready@example.com' });
    await withConfirmedPhone(c, '+79990001122');
    expect((await profileOf(c)).phone_confirmed).toBe(true);
    const browser = push.subscribe();
    const subscribed = await h.request('/api/client/notifications/push/', {
      method: 'POST',
      token: c.token,
      json: browser,
      headers: { 'user-agent': 'Chromium 131 on Linux' },
    });
    expect(subscribed.status).toBe(201);
    const list = (await subscribed.json()) as PushSubscriptions;
    expect(list.public_key).toBe(h.deps.config.push.publicKey);
    expect(list.results).toEqual([
      { id: expect.any(Number), user_agent: 'Chromium 131 on Linux', created_at: expect.any(String) },
    ]);
    const order = await insertOrder(h, c.id, { statusId: S.inWork.id });
    const res = await upload(
      h,
      `/api/staff/orders/${order.id}/files/`,
      h.deps.config.staffToken!,
      filesForm([{ name: 'Курсовая.docx', content: 'готово' }], { kind: 'final' }),
    );
    expect(res.status).toBe(201);
    await settle();
    const letters = lettersTo(c.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe(`Работа по заказу №${order.id} готова`);
    expect(String(letters[0]!.html)).toContain(
      `href="${h.deps.config.publicOrigin}/order/${order.id}/files"`,
    );
    expect(smsc.taken).toHaveLength(1);
    expect(smsc.taken[0]).toMatchObject({ phone: '79990001122' });
    expect(smsc.taken[0]!.mes).toContain(`Работа по заказу №${order.id} готова`);
    // The push, decrypted with the browser's keys: what the service worker shows, and where a click leads.
    expect(push.received).toHaveLength(1);
    expect(push.received[0]!.endpoint).toBe(browser.endpoint);
    expect(push.received[0]!.payload).toMatchObject({
      title: `Работа по заказу №${order.id} готова`,
      url: `${h.deps.config.publicOrigin}/order/${order.id}/files`,
    });
    expect(push.received[0]!.authorization).toContain(`k=${h.deps.config.push.publicKey}`);

    // The job is not run again by the other instance, nor are its messages written twice.
    h.clock.advance(3_600_000);
    await settle();
    expect(lettersTo(c.email)).toHaveLength(1);
    expect(smsc.taken).toHaveLength(1);
    expect(push.received).toHaveLength(1);
    expect(await readOutbox(h, { kind: 'work_ready' })).toHaveLength(3);
  });

  it('sends no SMS to a phone the customer never confirmed, nor with sms_delivery off', async () => {
    const c = await createCustomer(h, { email: 'unconfirmed@example.com' });
    await h.deps.db.update(users).set({ phone: '+79990002233' }).where(eq(users.id, c.id));
    expect((await profileOf(c)).phone_confirmed).toBe(false);
    const order = await insertOrder(h, c.id, { statusId: S.inWork.id });
    expect(
      (
        await staff(h, `/orders/${order.id}/status/`, {
          method: 'PATCH',
          json: { status_id: S.guarantee.id },
        })
      ).status,
    ).toBe(200);
    await settle();
    expect(lettersTo(c.email)).toHaveLength(1);
    expect(smsc.taken).toHaveLength(0);

    // Confirmed, but the SMS channel switched off in the profile: still none.
    const off = await createCustomer(h, { email: 'sms-off@example.com' });
    await withConfirmedPhone(off, '+79990002244');
    const saved = await h.request('/api/client/profile/', {
      method: 'PATCH',
      token: off.token,
      json: { sms_delivery: false },
    });
    expect(saved.status).toBe(200);
    const other = await insertOrder(h, off.id, { statusId: S.inWork.id });
    await staff(h, `/orders/${other.id}/status/`, { method: 'PATCH', json: { status_id: S.done.id } });
    await settle();
    expect(lettersTo(off.email)).toHaveLength(1);
    expect(smsc.taken).toHaveLength(0);
  });

  it('unsubscribes signed out by the letter’s link: the GET only asks, the POST turns the kind off', async () => {
    const c = await createCustomer(h, { email: 'leaving@example.com' });
    const first = await insertOrder(h, c.id, { statusId: S.inWork.id });
    await staff(h, `/orders/${first.id}/status/`, { method: 'PATCH', json: { status_id: S.guarantee.id } });
    await settle();
    const [letter] = lettersTo(c.email);
    const link = unsubscribeOf(letter!);
    const path = `${link.pathname}${link.search}`;

    const page = await h.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Работа загружена или заказ выполнен');
    expect((await profileOf(c)).notifications.work_ready.email).toBe(true); // a GET never writes

    const oneClick = await h.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const profile = await profileOf(c);
    expect(profile.notifications.work_ready.email).toBe(false);
    expect(profile.notifications.chat_message.email).toBe(true); // only that kind
    expect(profile.email_delivery).toBe(true); // the newsletter consent is another thing

    const second = await insertOrder(h, c.id, { statusId: S.inWork.id });
    await staff(h, `/orders/${second.id}/status/`, { method: 'PATCH', json: { status_id: S.guarantee.id } });
    await settle();
    expect(lettersTo(c.email)).toHaveLength(1);

    // A forged or damaged link changes nothing.
    const forged = path.replace(/work_ready/, 'chat_message');
    expect((await h.request(forged, { method: 'POST', body: '' })).status).toBe(400);
    expect((await h.request(`${link.pathname}?token=nonsense`)).status).toBe(400);
    expect((await profileOf(c)).notifications.chat_message.email).toBe(true);
  });

  it('keeps an SMS due at 03:00 Moscow time until the morning’s first minute, 08:00', async () => {
    const c = await createCustomer(h, { email: 'night@example.com' });
    await withConfirmedPhone(c, '+79990003344');
    h.clock.now = new Date('2026-11-27T00:00:00Z'); // 03:00 in Moscow
    const order = await insertOrder(h, c.id, { statusId: S.pricing.id, price: 0 });
    expect(
      (await staff(h, `/orders/${order.id}/price/`, { method: 'PATCH', json: { price: 4500 } })).status,
    ).toBe(200);
    await settle();
    expect(lettersTo(c.email)).toHaveLength(1); // a letter goes at night: it waits in the mailbox
    expect(lettersTo(c.email)[0]!.subject).toBe(`Заказ №${order.id} оценён: 4 500 ₽`);
    expect(smsc.taken).toHaveLength(0);

    h.clock.now = new Date('2026-11-27T04:59:59Z'); // 07:59:59
    await settle();
    expect(smsc.taken).toHaveLength(0);
    h.clock.now = new Date('2026-11-27T05:00:00Z'); // 08:00
    await settle();
    expect(smsc.taken).toHaveLength(1);
    expect(smsc.taken[0]!.mes).toContain(`Заказ №${order.id} оценён в 4 500 ₽`);
  });

  it('switches kinds per channel through the profile, and refuses a channel the kind does not use', async () => {
    const c = await createCustomer(h, { email: 'switches@example.com' });
    const before = await profileOf(c);
    expect(before.notifications.chat_message).toEqual({ email: true, push: true });
    expect(before.notifications.work_ready).toEqual({ email: true, sms: true, push: true });

    const patch = (json: unknown) =>
      h.request('/api/client/profile/', { method: 'PATCH', token: c.token, json });
    const saved = await patch({
      notifications: { chat_message: { email: false }, work_ready: { sms: false } },
    });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as Profile;
    expect(after.notifications.chat_message).toEqual({ email: false, push: true });
    expect(after.notifications.work_ready).toEqual({ email: true, sms: false, push: true });
    // Another save keeps what the first one changed.
    await patch({ notifications: { work_ready: { email: false } } });
    expect((await profileOf(c)).notifications).toMatchObject({
      chat_message: { email: false },
      work_ready: { email: false, sms: false },
    });

    const wrong = await patch({ notifications: { chat_message: { sms: true } } });
    expect(wrong.status).toBe(400);
    const unknown = await patch({ notifications: { lottery: { email: true } } });
    expect(unknown.status).toBe(400);
    expect((await profileOf(c)).notifications.chat_message).toEqual({ email: false, push: true });

    // The chat letters are off: staff messages mail nothing.
    const order = await insertOrder(h, c.id, { statusId: S.inWork.id });
    await post(order.id, 'Вопрос по заказу.');
    h.clock.advance(BATCH_MS);
    await settle();
    expect(lettersTo(c.email)).toHaveLength(0);
  });

  it('warns once that a guarantee ends within 3 days', async () => {
    const c = await createCustomer(h, { email: 'guarantee@example.com' });
    const order = await insertOrder(h, c.id, {
      statusId: S.guarantee.id,
      guaranteeUntil: new Date(h.clock.now.getTime() + 4 * 86_400_000),
    });
    expect(await queueGuaranteeEndings(h.deps.db, h.clock.now)).toBe(0);
    h.clock.advance(86_400_000 + 60_000);
    expect(await queueGuaranteeEndings(h.deps.db, h.clock.now)).toBe(1);
    expect(await queueGuaranteeEndings(h.deps.db, h.clock.now)).toBe(0);
    await settle();
    const letters = lettersTo(c.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe(`Гарантия по заказу №${order.id} заканчивается`);
  });

  it('drops a browser whose push service answers 410, and a customer removes one by hand', async () => {
    const c = await createCustomer(h, { email: 'pushes@example.com' });
    const [kept, dropped] = [push.subscribe(), push.subscribe()];
    for (const browser of [kept, dropped])
      expect(
        (
          await h.request('/api/client/notifications/push/', {
            method: 'POST',
            token: c.token,
            json: browser,
          })
        ).status,
      ).toBe(201);
    push.gone(dropped.endpoint, 410);
    const order = await insertOrder(h, c.id, { statusId: S.inWork.id });
    await staff(h, `/orders/${order.id}/status/`, { method: 'PATCH', json: { status_id: S.guarantee.id } });
    await settle();
    expect(push.received.map((p) => p.endpoint)).toEqual([kept.endpoint]);
    const rows = await readOutbox(h, { kind: 'work_ready' });
    expect(rows.find((r) => r.recipient === dropped.endpoint)).toMatchObject({ status: 'failed' });
    const list = (await (
      await h.request('/api/client/notifications/push/', { token: c.token })
    ).json()) as PushSubscriptions;
    expect(list.results).toHaveLength(1);

    // The push switch of a kind off: no push of that kind.
    await h.request('/api/client/profile/', {
      method: 'PATCH',
      token: c.token,
      json: { notifications: { work_ready: { push: false } } },
    });
    const second = await insertOrder(h, c.id, { statusId: S.inWork.id });
    await staff(h, `/orders/${second.id}/status/`, { method: 'PATCH', json: { status_id: S.done.id } });
    await settle();
    expect(push.received).toHaveLength(1);

    const removed = await h.request(`/api/client/notifications/push/${list.results[0]!.id}/`, {
      method: 'DELETE',
      token: c.token,
    });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as PushSubscriptions).results).toEqual([]);
    expect(
      (
        await h.request(`/api/client/notifications/push/${list.results[0]!.id}/`, {
          method: 'DELETE',
          token: c.token,
        })
      ).status,
    ).toBe(404);
    // Not a push service address: refused.
    const bad = await h.request('/api/client/notifications/push/', {
      method: 'POST',
      token: c.token,
      json: { endpoint: 'javascript:alert(1)', keys: { p256dh: 'x', auth: 'y' } },
    });
    expect(bad.status).toBe(400);
  });
});
