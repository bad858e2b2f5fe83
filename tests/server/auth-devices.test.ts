// Devices and sessions: the customer's live sign-ins with their browser, system and network, and ending the others —
// whose refresh then fails with "ended from another device" and whose sockets close with SESSION_CLOSE.endedElsewhere.
import { describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness';
import { createCustomer, createSignedInCustomer, refreshCookieOf, type SignedIn } from './helpers/auth';
import { SESSIONS_MESSAGES } from '../../contract/auth';
import { AUTH_MESSAGES } from '../../contract/auth-messages';
import type { DeviceSessions, EndedSessions } from '../../contract/auth.api';
import { SESSION_CLOSE } from '../../contract/realtime';
import { verifyAccessToken } from '../../server/domain/tokens';
import { maskIp, parseUserAgent } from '../../server/domain/user-agent';
import { authSessions } from '../../server/db/tables';
import { eq } from 'drizzle-orm';

const SESSIONS = '/api/client/auth/sessions/';
const END_OTHERS = '/api/client/auth/sessions/end-others/';
const REFRESH = '/api/client/auth/token/refresh/';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  yandexAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 YaBrowser/24.1.2.86.00 SA/3 Mobile Safari/537.36',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
};

/** Signs the customer in from a browser at an address (the harness trusts one proxy, so X-Forwarded-For counts). */
async function signInFrom(h: Harness, email: string, password: string, ua: string, ip: string) {
  const res = await h.request('/api/client/auth/login/', {
    method: 'POST',
    json: { login: email, password },
    headers: { 'user-agent': ua, 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access: string; expires_in: number };
  return { ...body, refreshCookie: refreshCookieOf(res)! } satisfies SignedIn;
}

const list = async (h: Harness, token: string) => {
  const res = await h.request(SESSIONS, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as DeviceSessions).sessions;
};

const sessionIdOf = async (h: Harness, access: string) =>
  (await verifyAccessToken(h.deps, access))!.sessionId;

/** A socket of that session, attached to the hub as the WebSocket route does: what it got and how it closed. */
function attachSocket(h: Harness, userId: number, sessionId: string) {
  const socket = { messages: [] as unknown[], closed: null as number | null };
  h.deps.realtime.attach(userId, sessionId, {
    send: (data) => socket.messages.push(JSON.parse(data)),
    close: (code) => {
      socket.closed = code ?? 1005;
    },
  });
  return socket;
}

describe('devices and sessions', () => {
  const h = useHarness({ trustProxy: 1 });

  it('lists the live sessions: this one first and marked, browser and system read, the address masked', async () => {
    const customer = await createCustomer(h);
    const phone = await signInFrom(
      h,
      customer.email,
      customer.password,
      UA.safariIphone,
      '2001:db8:85a3::8a2e:370:7334',
    );
    h.clock.advance(60_000);
    const desk = await signInFrom(h, customer.email, customer.password, UA.chromeWindows, '203.0.113.57');

    const sessions = await list(h, desk.access);
    expect(sessions).toEqual([
      {
        id: await sessionIdOf(h, desk.access),
        current: true,
        browser: 'Chrome 120',
        os: 'Windows',
        device: 'desktop',
        ip: '203.0.113.*',
        created_at: h.clock.now.toISOString(),
        last_used_at: h.clock.now.toISOString(),
      },
      expect.objectContaining({
        id: await sessionIdOf(h, phone.access),
        current: false,
        browser: 'Safari 17',
        os: 'iOS 17',
        device: 'phone',
        ip: '2001:db8:85a3:…:*',
      }),
    ]);
    // Nowhere in the answer is the whole address.
    expect(JSON.stringify(sessions)).not.toMatch(/203\.0\.113\.57|7334/);
    // From the phone, the phone is the current one.
    expect((await list(h, phone.access)).map((s) => [s.browser, s.current])).toEqual([
      ['Safari 17', true],
      ['Chrome 120', false],
    ]);
  });

  it('a refresh moves "last used" and records where it came from; ended and foreign sessions are not listed', async () => {
    const customer = await createCustomer(h);
    const a = await signInFrom(h, customer.email, customer.password, UA.firefoxLinux, '198.51.100.7');
    const b = await signInFrom(h, customer.email, customer.password, UA.chromeWindows, '203.0.113.9');
    const other = await createSignedInCustomer(h);
    const [aId, bId, otherId] = [
      await sessionIdOf(h, a.access),
      await sessionIdOf(h, b.access),
      await sessionIdOf(h, other.access),
    ];
    const signedInAt = h.clock.now.toISOString();
    h.clock.advance(10 * 60_000);
    const res = await h.request(REFRESH, {
      method: 'POST',
      headers: { cookie: b.refreshCookie, 'user-agent': UA.edgeMac, 'x-forwarded-for': '192.0.2.44' },
    });
    expect(res.status).toBe(200);
    const bAccess = ((await res.json()) as { access: string }).access;
    const sessions = await list(h, bAccess);
    expect(sessions.map((s) => s.id)).toEqual([bId, aId]);
    expect(sessions[0]).toMatchObject({
      current: true,
      browser: 'Edge 120',
      os: 'macOS',
      ip: '192.0.2.*',
      created_at: signedInAt,
      last_used_at: h.clock.now.toISOString(),
    });
    expect(sessions[1]).toMatchObject({ browser: 'Firefox 121', last_used_at: signedInAt });
    expect(sessions.map((s) => s.id)).not.toContain(otherId);

    // A signs out: it leaves the list.
    await h.request('/api/client/auth/logout/', { method: 'POST', headers: { cookie: a.refreshCookie } });
    expect((await list(h, bAccess)).map((s) => s.browser)).toEqual(['Edge 120']);
    // A session unused for the refresh token's 30 days is no longer live either.
    h.clock.advance(31 * 24 * 3600_000);
    const fresh = await signInFrom(h, customer.email, customer.password, UA.ipad, '192.0.2.1');
    expect((await list(h, fresh.access)).map((s) => s.browser)).toEqual(['Safari 16']);
    // And what was kept of the old ones (browser, network) is gone: swept at that sign-in, 30 days after their end.
    const kept = await h.deps.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, customer.id));
    expect(kept.map((r) => r.id)).toEqual([await sessionIdOf(h, fresh.access)]);
  });

  it('ends another session: its refresh fails saying so, its socket closes with the forced sign-out code', async () => {
    const customer = await createCustomer(h);
    const a = await signInFrom(h, customer.email, customer.password, UA.chromeWindows, '203.0.113.1');
    const b = await signInFrom(h, customer.email, customer.password, UA.safariIphone, '198.51.100.2');
    const bId = await sessionIdOf(h, b.access);
    const aSocket = attachSocket(h, customer.id, await sessionIdOf(h, a.access));
    const bSocket = attachSocket(h, customer.id, bId);

    const res = await h.request(`${SESSIONS}${bId}/`, { method: 'DELETE', token: a.access });
    expect(res.status).toBe(200);
    expect((await res.json()) as EndedSessions).toEqual({ detail: SESSIONS_MESSAGES.ended, ended: 1 });

    // The socket of B (on any instance: the close goes through the hub's NOTIFY) gets the reason, then the code.
    await expect.poll(() => bSocket.closed).toBe(SESSION_CLOSE.endedElsewhere);
    expect(bSocket.messages).toEqual([{ type: 'session.ended', reason: 'endedElsewhere' }]);
    expect(aSocket.closed).toBeNull();

    const refused = await h.request(REFRESH, { method: 'POST', headers: { cookie: b.refreshCookie } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: AUTH_MESSAGES.sessionEndedElsewhere });
    expect((await h.request(SESSIONS, { token: b.access })).status).toBe(401);

    // A stays, and the list shows it alone.
    expect((await list(h, a.access)).map((s) => s.current)).toEqual([true]);
    const again = await h.request(`${SESSIONS}${bId}/`, { method: 'DELETE', token: a.access });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ detail: SESSIONS_MESSAGES.notFound });
  });

  it('ends all the others at once and keeps this one', async () => {
    const customer = await createCustomer(h);
    const here = await signInFrom(h, customer.email, customer.password, UA.chromeWindows, '203.0.113.1');
    const others = [
      await signInFrom(h, customer.email, customer.password, UA.safariIphone, '198.51.100.2'),
      await signInFrom(h, customer.email, customer.password, UA.yandexAndroid, '192.0.2.3'),
    ];
    const sockets = await Promise.all(
      others.map(async (o) => attachSocket(h, customer.id, await sessionIdOf(h, o.access))),
    );

    const res = await h.request(END_OTHERS, { method: 'POST', token: here.access });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ detail: SESSIONS_MESSAGES.endedOthers, ended: 2 });
    for (const socket of sockets) await expect.poll(() => socket.closed).toBe(SESSION_CLOSE.endedElsewhere);
    for (const o of others) {
      const refused = await h.request(REFRESH, { method: 'POST', headers: { cookie: o.refreshCookie } });
      expect(await refused.json()).toEqual({ detail: AUTH_MESSAGES.sessionEndedElsewhere });
    }
    expect(await list(h, here.access)).toHaveLength(1);
    const refreshed = await h.request(REFRESH, { method: 'POST', headers: { cookie: here.refreshCookie } });
    expect(refreshed.status).toBe(200);

    const none = await h.request(END_OTHERS, { method: 'POST', token: here.access });
    expect(await none.json()).toEqual({ detail: SESSIONS_MESSAGES.noOthers, ended: 0 });
  });

  it("cannot end another customer's session (404, the same as an unknown one), and that session lives on", async () => {
    const mine = await createSignedInCustomer(h);
    const theirs = await createSignedInCustomer(h);
    const theirId = await sessionIdOf(h, theirs.access);
    for (const id of [theirId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await h.request(`${SESSIONS}${id}/`, { method: 'DELETE', token: mine.access });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: SESSIONS_MESSAGES.notFound });
    }
    expect(await list(h, theirs.access)).toHaveLength(1);
    const refreshed = await h.request(REFRESH, { method: 'POST', headers: { cookie: theirs.refreshCookie } });
    expect(refreshed.status).toBe(200);
  });

  it('refuses to end the current session through this API (409: that is sign-out), which stays signed in', async () => {
    const c = await createSignedInCustomer(h);
    const id = await sessionIdOf(h, c.access);
    const res = await h.request(`${SESSIONS}${id}/`, { method: 'DELETE', token: c.access });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: SESSIONS_MESSAGES.current });
    expect(await list(h, c.access)).toHaveLength(1);
  });

  it('needs a signed-in customer', async () => {
    expect((await h.request(SESSIONS)).status).toBe(401);
    expect((await h.request(END_OTHERS, { method: 'POST' })).status).toBe(401);
  });

  it('a sign-out in another tab still closes sockets with the plain sign-out code and says nothing of devices', async () => {
    const c = await createSignedInCustomer(h);
    const socket = attachSocket(h, c.id, await sessionIdOf(h, c.access));
    await h.request('/api/client/auth/logout/', { method: 'POST', token: c.access });
    await expect.poll(() => socket.closed).toBe(SESSION_CLOSE.signedOut);
    expect(socket.messages).toEqual([{ type: 'session.ended', reason: 'signedOut' }]);
    const refused = await h.request(REFRESH, { method: 'POST', headers: { cookie: c.refreshCookie } });
    expect(await refused.json()).not.toEqual({ detail: AUTH_MESSAGES.sessionEndedElsewhere });
  });
});

describe('reading the user agent and masking the address', () => {
  it.each([
    [UA.chromeWindows, { browser: 'Chrome 120', os: 'Windows', device: 'desktop' }],
    [UA.safariIphone, { browser: 'Safari 17', os: 'iOS 17', device: 'phone' }],
    [UA.firefoxLinux, { browser: 'Firefox 121', os: 'Linux', device: 'desktop' }],
    [UA.yandexAndroid, { browser: 'Яндекс Браузер 24', os: 'Android 14', device: 'phone' }],
    [UA.edgeMac, { browser: 'Edge 120', os: 'macOS', device: 'desktop' }],
    [UA.ipad, { browser: 'Safari 16', os: 'iOS 16', device: 'tablet' }],
    ['curl/8.4.0', { browser: '', os: '', device: 'desktop' }],
    ['', { browser: '', os: '', device: 'desktop' }],
  ])('%s', (ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it.each([
    ['203.0.113.57', '203.0.113.*'],
    ['::ffff:198.51.100.7', '198.51.100.*'],
    ['2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3:…:*'],
    ['2001:0db8:0000:0042::1', '2001:db8:0:…:*'],
    ['::1', '0:0:0:…:*'],
    ['unknown', ''],
    ['', ''],
  ])('%s → %s', (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });
});
