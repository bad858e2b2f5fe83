// Notifications with two instances on one database: each instance's job runner may take the notification's job and
// the outbox rows it writes, and each is told once (docs/notifications.md). The letter and the SMS go through the
// cluster's sandbox drivers (the outbox row is the record); the push goes for real to a local push service that
// decrypts it (tests/server/helpers/push-stand-in.ts), started here on loopback.
import { expect, test, type Customer } from '../support/fixtures';
import { startPushStandIn, type PushStandIn } from '../../tests/server/helpers/push-stand-in';
import { ORDER_STATUSES as S } from '../../contract/order-status';
import type { OutboxMessage } from '../../contract/staff.api';
import { A, B, NODES, signIn, staffAt, type Node } from './support';

let push: PushStandIn;
test.beforeAll(async () => {
  push = await startPushStandIn();
});
test.afterAll(async () => {
  await push?.close();
});

/**
 * SMS keep a night silence in Moscow (22:00–08:00): at night both instances' clocks are set to 08:05 that morning
 * (the test hook, forward only), and given back to the real time after the test.
 */
async function inMoscowDaytime(request: Parameters<typeof staffAt>[0]) {
  const hour = (new Date().getUTCHours() + 3) % 24;
  if (hour >= 8 && hour < 22) return false;
  const day = new Date(Date.now() + 3 * 3600_000);
  let at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 5, 5);
  if (at <= Date.now()) at += 86_400_000;
  for (const node of NODES)
    await staffAt(request, node, 'POST', '/test/clock/', { now: new Date(at).toISOString() });
  return true;
}

const rows = (request: Parameters<typeof staffAt>[0], node: Node, recipient: string) =>
  staffAt<{ results: OutboxMessage[] }>(
    request,
    node,
    'GET',
    `/outbox/?recipient=${encodeURIComponent(recipient)}&kind=work_ready`,
  ).then((r) => r.results);

test('work ready with two instances: one letter, one SMS and one push, each sent once', async ({
  request,
  customer,
}) => {
  const moved = await inMoscowDaytime(request);
  try {
    await confirmPhoneAndSubscribe(request, customer);
    const orders = await staffAt<{ results: { id: number; topic: string }[] }>(
      request,
      A,
      'GET',
      `/orders/?email=${encodeURIComponent(customer.email)}`,
    );
    const order = orders.results.find((o) => o.topic.startsWith('Цифровые образовательные'))!;
    await staffAt(request, B, 'PATCH', `/orders/${order.id}/status/`, { status_id: S.guarantee.id });

    await expect
      .poll(async () => (await rows(request, A, customer.email)).map((r) => r.status), { timeout: 20_000 })
      .toEqual(['sent']);
    await expect
      .poll(async () => (await rows(request, B, customer.phone)).map((r) => r.status), { timeout: 20_000 })
      .toEqual(['sent']);
    await expect.poll(() => push.received.length, { timeout: 20_000 }).toBe(1);
    expect(push.received[0]!.payload).toMatchObject({ title: `Работа по заказу №${order.id} готова` });

    // Both runners go on looking for work: nothing is sent again.
    await new Promise((r) => setTimeout(r, 4000));
    for (const recipient of [customer.email, customer.phone, push.received[0]!.endpoint]) {
      const sent = await rows(request, A, recipient);
      expect(sent, recipient).toHaveLength(1);
      expect(sent[0], recipient).toMatchObject({ status: 'sent', attempts: 1 });
    }
    expect(push.received).toHaveLength(1);
  } finally {
    if (moved)
      for (const node of NODES)
        await staffAt(request, node, 'POST', '/test/clock/', { now: new Date().toISOString() });
  }
});

/** The phone confirmed the customer's way (asked on A, the code's SMS read, verified on B), a browser subscribed. */
async function confirmPhoneAndSubscribe(request: Parameters<typeof staffAt>[0], customer: Customer) {
  const asked = await fetch(`${A.url}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: customer.phone, method: 'code' }),
  });
  expect(asked.status).toBe(200);
  const code = await staffAt<{ results: OutboxMessage[] }>(
    request,
    B,
    'GET',
    `/outbox/?recipient=${encodeURIComponent(customer.phone)}&kind=login_code`,
  ).then((r) => String(r.results[0]!.payload.code));
  const verified = await fetch(`${B.url}/api/client/auth/login/verify/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: customer.phone, code }),
  });
  expect(verified.status).toBe(200);
  const { access } = await signIn(A.url, customer);
  const subscribed = await fetch(`${A.url}/api/client/notifications/push/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify(push.subscribe()),
  });
  expect(subscribed.status).toBe(201);
}
