// Rate limits live in the database, so attempts count across instances: spreading them over the balancer's
// instances gains nothing (tests/server/auth-lockout.test.ts and contract/payments.ts give the numbers).
import { expect, test } from '../support/fixtures';
import { A, B, NODES, signIn, staffAt } from './support';

/** A caller's address as the one trusted proxy in front (TRUST_PROXY=1) reports it. */
const post = (base: string, path: string, json: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(json),
  });

test('ten failed sign-ins spread over A and B lock the login for that IP on both (429)', async ({
  customer,
}) => {
  const ip = { 'x-forwarded-for': '203.0.113.77' };
  // Wrong one-time codes count as failures like wrong passwords, without the cost of hashing one.
  for (let i = 0; i < 10; i++) {
    const node = NODES[i % 2]!;
    const res = await post(
      node.url,
      '/api/client/auth/login/verify/',
      { login: customer.email, code: '000000' },
      ip,
    );
    expect(res.status, `failure ${i + 1}, on ${node.name}`).toBe(400);
  }
  for (const node of NODES) {
    const res = await post(
      node.url,
      '/api/client/auth/login/',
      { login: customer.email, password: customer.password },
      ip,
    );
    expect(res.status, `the right password on ${node.name}`).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  // Another address is not locked out, on either.
  const elsewhere = await post(
    B.url,
    '/api/client/auth/login/',
    { login: customer.email, password: customer.password },
    { 'x-forwarded-for': '198.51.100.20' },
  );
  expect(elsewhere.status).toBe(200);
});

test('the SMS limits count across instances: one code a minute, five wrong tries kill it', async ({
  request,
  customer,
}) => {
  const { access } = await signIn(A.url, customer);
  const auth = { authorization: `Bearer ${access}` };
  const send = (base: string) =>
    fetch(`${base}/api/client/payments/verificate-code/repayment/`, { method: 'POST', headers: auth });
  const check = (base: string, code: string) =>
    fetch(`${base}/api/client/payments/verificate-code/repayment/`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });

  expect((await send(A.url)).status, 'the first code, from A').toBe(200);
  for (const node of [B, A]) {
    const again = await send(node.url);
    expect(again.status, `a second code within the minute, from ${node.name}`).toBe(429);
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  }

  const sms = await staffAt<{ results: { payload: { code?: string } }[] }>(
    request,
    B,
    'GET',
    `/outbox/?recipient=${encodeURIComponent(customer.phone)}`,
  );
  const code = String(sms.results[0]?.payload.code ?? '');
  expect(code).toMatch(/^\d{6}$/);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) {
    const node = NODES[i % 2]!;
    expect((await check(node.url, wrong)).status, `wrong try ${i + 1}, on ${node.name}`).toBe(400);
  }
  expect((await check(A.url, code)).status, 'the right code after five wrong tries').toBe(400);
});
