// Who is signed in, remembered for a start without a network (docs/features.md "Offline"): the cabinet
// opened on a train cannot refresh its session, so it starts from the last customer this browser saw — only
// when the access cookie (spec point 9: kept 5 days) still names that very customer. Read-only: every write
// needs the server, which checks the token as always. Sign-out forgets it.
import Cookies from 'js-cookie';
import { ACCESS_COOKIE } from './cookies';
import { decodeJwtPayload, jwtSubject } from './jwt';

export const OFFLINE_SESSION_KEY = 'cabinet.offline-session';

export interface OfflineSession {
  tokens: { access: string; expires_in: number };
  user: { id: number; email: string; fio: string };
  finances: { money: number; bonus: number } | null;
}

export function rememberSession(
  user: OfflineSession['user'],
  finances: OfflineSession['finances'],
  store: Storage = localStorage,
): void {
  store.setItem(OFFLINE_SESSION_KEY, JSON.stringify({ user, finances }));
}

export function forgetSession(store: Storage = localStorage): void {
  store.removeItem(OFFLINE_SESSION_KEY);
}

/**
 * The session to start offline with, or null. Its access token is the stored one, most likely expired: the token
 * machine refreshes it as soon as the server answers again, and until then the service worker answers the reads
 * from this customer's cache.
 */
export function offlineSession(
  access: string | undefined = Cookies.get(ACCESS_COOKIE),
  store: Storage = localStorage,
  now: number = Date.now(),
): OfflineSession | null {
  if (!access) return null;
  try {
    const record = JSON.parse(store.getItem(OFFLINE_SESSION_KEY) ?? 'null') as Partial<OfflineSession> | null;
    const user = record?.user;
    if (!user || typeof user.id !== 'number' || jwtSubject(access) !== user.id) return null;
    const finances = record.finances;
    const exp = decodeJwtPayload(access)?.exp;
    const left = typeof exp === 'number' ? Math.floor(exp - now / 1000) : 0;
    return {
      tokens: { access, expires_in: Math.max(left, 1) },
      user: { id: user.id, email: String(user.email ?? ''), fio: String(user.fio ?? '') },
      finances:
        finances && typeof finances.money === 'number' && typeof finances.bonus === 'number'
          ? { money: finances.money, bonus: finances.bonus }
          : null,
    };
  } catch {
    return null;
  }
}
