// Public writes limited per caller: every row of the table that states `perCaller` answers 429 with Retry-After to
// the call over its limit from one client (behind TRUST_PROXY=1, the address the proxy reports), not to another
// client, and again takes calls once the window has passed. The SMS sign-in code's own limits are checked too.
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { routes } from '../../server/endpoints';
import { PUBLIC_WRITES } from '../../contract/auth';
import { MESSAGES_PER_IP } from '../../server/domain/rate-limit';

/**
 * A body each door reads without doing anything (an unknown token, a mismatched password): only the count moves.
 * Restore links go to a new address each time (an address has a limit of its own, MESSAGES_PER_ADDRESS).
 */
const BODIES: Record<string, unknown | ((i: number) => unknown)> = {
  'POST /api/client/profile/': { email: 'not-an-email', password: 'x', accept_terms: true },
  'POST /api/client/auth/password_change/': (i: number) => ({ email: `nobody${i}@example.com` }),
  'PATCH /api/client/auth/password_change/:id/': { password: 'new-password-1', password_confirm: 'other' },
  'POST /api/client/auth/al/': { token: 'no-such-token' },
  'POST /client/api/socials/email/': { token: 'no-such-token', email: 'a@example.com' },
  'POST /client/api/change-email/confirm/': { token: 'no-such-token' },
  'POST /api/client/auth/reopen/': { login: 'nobody@example.com', password: 'not-the-password' },
  // One-click unsubscribe with no valid token: refused, but counted.
  'POST /api/client/notifications/unsubscribe/': { 'List-Unsubscribe': 'One-Click' },
  // Counted in the instance's memory (`counted: 'instance'`), by the same middleware and the same clock.
  'POST /api/client/analytics/events/': { events: [{ type: 'goal', name: 'limit-test' }] },
};

describe('limits of public writes per caller', () => {
  const h = useHarness({ trustProxy: 1 });
  const limited = routes.filter((r) => r.spec.perCaller);

  let n = 0;
  const call = (method: string, path: string, json: unknown, ip: string) =>
    h.request(path, {
      method,
      json: typeof json === 'function' ? (json as (i: number) => unknown)(n++) : json,
      headers: { 'x-forwarded-for': ip },
    });

  it('registration, restore, auto-login, the social e-mail step, the e-mail confirmation, reopening, one-click unsubscribes and page-view batches are limited', () => {
    expect(limited.map((r) => r.key).sort()).toEqual(Object.keys(BODIES).sort());
    for (const r of limited) {
      expect(r.spec.auth, r.key).toBe('public');
      expect(r.spec.errors, r.key).toContain(429);
    }
  });

  for (const key of Object.keys(BODIES)) {
    it(`${key}: the call over the limit from one client is a 429 with Retry-After, another client goes on`, async () => {
      const route = limited.find((r) => r.key === key)!;
      const { max, windowMs } = route.spec.perCaller!;
      const path = route.path.replace(/:\w+/g, 'no-such-link');
      for (let i = 0; i < max; i++) {
        const res = await call(route.method, path, BODIES[key], '198.51.100.7');
        expect(res.status, `call ${i + 1}`).not.toBe(429);
      }
      const over = await call(route.method, path, BODIES[key], '198.51.100.7');
      expect(over.status).toBe(429);
      const retry = Number(over.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(windowMs / 1000);
      expect(((await over.json()) as { detail: string }).detail).toMatch(/[А-Яа-я]/);

      expect((await call(route.method, path, BODIES[key], '198.51.100.8')).status).not.toBe(429);
      h.clock.advance(windowMs + 1);
      expect((await call(route.method, path, BODIES[key], '198.51.100.7')).status).not.toBe(429);
    });
  }

  it('the limits come from one table', () => {
    const stated = new Set(limited.map((r) => r.spec.perCaller));
    for (const limit of stated) expect(Object.values(PUBLIC_WRITES)).toContain(limit);
  });

  it('the SMS sign-in code: one client asking for codes to many numbers gets a 429 with Retry-After', async () => {
    for (let i = 0; i < MESSAGES_PER_IP.max; i++) {
      const phone = `+7999${String(1_000_000 + i)}`;
      const res = await call(
        'POST',
        '/api/client/auth/login/',
        { login: phone, method: 'code' },
        '203.0.113.9',
      );
      expect(res.status, `code ${i + 1}`).toBe(200);
    }
    const over = await call(
      'POST',
      '/api/client/auth/login/',
      { login: '+79998887766', method: 'code' },
      '203.0.113.9',
    );
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await call(
      'POST',
      '/api/client/auth/login/',
      { login: '+79998887766', method: 'code' },
      '203.0.113.10',
    );
    expect(other.status).toBe(200);
  });
});
