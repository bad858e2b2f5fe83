import { describe, expect, it } from 'vitest';
import {
  forgetSession,
  offlineSession,
  OFFLINE_SESSION_KEY,
  rememberSession,
} from '../../src/lib/offline-session';
import { memoryStorage } from '../support/memory-storage';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const NOW = Date.parse('2026-11-25T12:00:00Z');
const token = (sub: number, exp: number) => `h.${b64({ sub: String(sub), exp })}.s`;

const user = { id: 42, email: 'demo@example.com', fio: 'Иванов Иван' };

describe('the offline session', () => {
  it('starts from the remembered customer while the access cookie names them', () => {
    const store = memoryStorage();
    rememberSession(user, { money: 100, bonus: 5 }, store);
    const expired = token(42, NOW / 1000 - 600);
    expect(offlineSession(expired, store, NOW)).toEqual({
      tokens: { access: expired, expires_in: 1 }, // refreshed as soon as the server answers
      user,
      finances: { money: 100, bonus: 5 },
    });
    const live = token(42, NOW / 1000 + 120);
    expect(offlineSession(live, store, NOW)?.tokens.expires_in).toBe(120);
  });

  it('is none for another customer’s cookie, without a cookie, after sign-out, or from a broken record', () => {
    const store = memoryStorage();
    rememberSession(user, null, store);
    expect(offlineSession(token(7, NOW / 1000), store, NOW)).toBeNull();
    expect(offlineSession(undefined, store, NOW)).toBeNull();
    store.setItem(OFFLINE_SESSION_KEY, '{not json');
    expect(offlineSession(token(42, NOW / 1000), store, NOW)).toBeNull();
    rememberSession(user, null, store);
    forgetSession(store);
    expect(offlineSession(token(42, NOW / 1000), store, NOW)).toBeNull();
  });
});
