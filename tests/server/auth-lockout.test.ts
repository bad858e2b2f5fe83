// The sign-in lockout (server/domain/sign-in-limits.ts) and the client IP it counts by (TRUST_PROXY).
import { afterEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { useHarness, type Harness } from './harness';
import { createCustomer } from './helpers/auth';
import type { AppEnv } from '../../server/env';
import { clientIp } from '../../server/middleware/sign-in';

const LOGIN = '/api/client/auth/login/';
const VERIFY = '/api/client/auth/login/verify/';

/** A request as it arrives on a socket from `peer` (the harness' app.request has no socket of its own). */
function fromSocket(
  h: Harness,
  peer: string,
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
) {
  return h.app.request(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(json),
    },
    { incoming: { socket: { remoteAddress: peer } } },
  );
}

/** A sign-in from `ip`, as the one trusted proxy in front of the server reports it. */
const signInFrom = (h: Harness, ip: string, login: string, password: string) =>
  h.request(LOGIN, { method: 'POST', json: { login, password }, headers: { 'x-forwarded-for': ip } });

async function failTimes(h: Harness, n: number, ip: string, login: string) {
  for (let i = 0; i < n; i++) {
    const res = await signInFrom(h, ip, login, `wrong-${i}`);
    expect(res.status, `failure ${i + 1} from ${ip}`).toBe(400);
  }
}

/** n wrong one-time codes from `ip`: failures like wrong passwords, without the cost of hashing one. */
async function failCodes(h: Harness, n: number, ip: string, login: string) {
  for (let i = 0; i < n; i++) {
    const res = await h.request(VERIFY, {
      method: 'POST',
      json: { login, code: '000000' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.status, `failure ${i + 1} from ${ip}`).toBe(400);
  }
}

describe('sign-in lockout', () => {
  const h = useHarness({ trustProxy: 1 });

  it('10 failures lock the login for that IP only: the owner still signs in elsewhere, the lock ends', async () => {
    const c = await createCustomer(h);
    await failTimes(h, 10, '203.0.113.66', c.email);
    const blocked = await signInFrom(h, '203.0.113.66', c.email, c.password);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).detail).toMatch(/Слишком много попыток/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    expect((await signInFrom(h, '198.51.100.20', c.email, c.password)).status).toBe(200);

    h.clock.advance(retryAfter * 1000 + 1000);
    expect((await signInFrom(h, '203.0.113.66', c.email, c.password)).status).toBe(200);
  });

  it("a success forgives that IP's failures for the login", async () => {
    const c = await createCustomer(h);
    await failCodes(h, 9, '203.0.113.7', c.email);
    expect((await signInFrom(h, '203.0.113.7', c.email, c.password)).status).toBe(200);
    await failCodes(h, 10, '203.0.113.7', c.email);
    expect((await signInFrom(h, '203.0.113.7', c.email, c.password)).status).toBe(429);
  });

  it('one IP trying many logins: the 31st failure in 15 minutes locks that IP, no other', async () => {
    const c = await createCustomer(h);
    for (let i = 0; i < 5; i++) await failCodes(h, 6, '203.0.113.8', `user${i}@example.com`);
    const blocked = await signInFrom(h, '203.0.113.8', c.email, c.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await signInFrom(h, '198.51.100.1', c.email, c.password)).status).toBe(200);
  });

  it('many IPs against one login: 100 failures in an hour lock it, except from an IP it signed in from', async () => {
    const c = await createCustomer(h);
    expect((await signInFrom(h, '192.0.2.10', c.email, c.password)).status).toBe(200); // the owner's laptop
    for (let host = 1; host <= 10; host++) await failCodes(h, 10, `198.51.100.${host}`, c.email);

    const stranger = await signInFrom(h, '203.0.113.99', c.email, c.password);
    expect(stranger.status).toBe(429);
    const retryAfter = Number(stranger.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(15 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect((await signInFrom(h, '192.0.2.10', c.email, c.password)).status).toBe(200);

    h.clock.advance(retryAfter * 1000 + 1000);
    expect((await signInFrom(h, '203.0.113.99', c.email, c.password)).status).toBe(200);
  });

  it('a familiar IP is forgotten after 30 days', async () => {
    const c = await createCustomer(h);
    expect((await signInFrom(h, '192.0.2.10', c.email, c.password)).status).toBe(200);
    h.clock.advance(31 * 24 * 3600_000);
    for (let host = 1; host <= 10; host++) await failCodes(h, 10, `198.51.100.${host}`, c.email);
    expect((await signInFrom(h, '192.0.2.10', c.email, c.password)).status).toBe(429);
  });

  it('wrong one-time codes count the same way', async () => {
    const c = await createCustomer(h);
    await failCodes(h, 10, '203.0.113.50', c.email);
    expect((await signInFrom(h, '203.0.113.50', c.email, c.password)).status).toBe(429);
    await failCodes(h, 1, '203.0.113.51', c.email);
  });
});

describe('the client IP (TRUST_PROXY)', () => {
  const h = useHarness();
  afterEach(() => {
    h.deps.config.trustProxy = 0;
  });

  it('by default X-Forwarded-For is ignored: a caller cannot step out of its lock by inventing addresses', async () => {
    const c = await createCustomer(h);
    for (let i = 0; i < 10; i++) {
      const res = await fromSocket(
        h,
        '203.0.113.5',
        LOGIN,
        { login: c.email, password: 'wrong' },
        {
          'x-forwarded-for': `10.0.0.${i}`,
        },
      );
      expect(res.status).toBe(400);
    }
    const blocked = await fromSocket(
      h,
      '203.0.113.5',
      LOGIN,
      { login: c.email, password: c.password },
      {
        'x-forwarded-for': '10.9.9.9',
      },
    );
    expect(blocked.status).toBe(429);
    const other = await fromSocket(h, '198.51.100.5', LOGIN, { login: c.email, password: c.password });
    expect(other.status).toBe(200);
  });

  it('behind one proxy, the right-most entry is the caller; what the caller wrote to its left is not', async () => {
    h.deps.config.trustProxy = 1;
    const c = await createCustomer(h);
    for (let i = 0; i < 10; i++) {
      const res = await fromSocket(
        h,
        '10.0.0.1',
        LOGIN,
        { login: c.email, password: 'wrong' },
        {
          'x-forwarded-for': `192.0.2.${i}, 203.0.113.5`,
        },
      );
      expect(res.status).toBe(400);
    }
    const blocked = await fromSocket(
      h,
      '10.0.0.1',
      LOGIN,
      { login: c.email, password: c.password },
      {
        'x-forwarded-for': '203.0.113.5',
      },
    );
    expect(blocked.status).toBe(429);
    // Another caller through the same proxy is someone else.
    const other = await fromSocket(
      h,
      '10.0.0.1',
      LOGIN,
      { login: c.email, password: c.password },
      {
        'x-forwarded-for': '198.51.100.5',
      },
    );
    expect(other.status).toBe(200);
  });

  const probe = new Hono<AppEnv>().get('/', (c) => c.text(clientIp(c, Number(c.req.query('hops')))));
  const ipOf = async (hops: number, peer: string | undefined, forwarded?: string) => {
    const res = await probe.request(
      `/?hops=${hops}`,
      { headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } },
      { incoming: { socket: { remoteAddress: peer } } },
    );
    return res.text();
  };

  it.each([
    [0, '203.0.113.5', '1.2.3.4', '203.0.113.5'],
    [0, '::ffff:203.0.113.5', undefined, '203.0.113.5'],
    [0, '2001:db8::1', undefined, '2001:db8::1'],
    [1, '10.0.0.1', undefined, '10.0.0.1'],
    [1, '10.0.0.1', '203.0.113.5', '203.0.113.5'],
    [1, '10.0.0.1', 'spoofed, 1.2.3.4,203.0.113.5', '203.0.113.5'],
    [1, '10.0.0.1', 'not-an-address', '10.0.0.1'],
    [2, '10.0.0.1', '1.2.3.4, 203.0.113.5, 10.0.0.2', '203.0.113.5'],
    [2, '10.0.0.1', '10.0.0.2', '10.0.0.2'],
    [1, undefined, undefined, 'unknown'],
  ])('hops %i, socket %s, X-Forwarded-For %j → %s', async (hops, peer, forwarded, expected) => {
    expect(await ipOf(hops, peer, forwarded)).toBe(expected);
  });
});
