// Cookie IO (js-cookie): the access token of spec point 9 and the origin-tracking cookies.
import Cookies from 'js-cookie';
import type { CookieWrite } from './origin-tracking';
import { SESSION_HINT_COOKIE } from '../../contract/auth';
import { THEME_COOKIE, THEME_COOKIE_DAYS } from '../../contract/theme';
import type { ThemeName } from '../../contract/theme';

export const ACCESS_COOKIE = 'cabinet_access';
/** Spec point 9: the access token is kept 5 days in a cookie. */
export const ACCESS_COOKIE_DAYS = 5;

function isSecurePage(): boolean {
  return globalThis.location?.protocol === 'https:' || globalThis.location?.hostname === 'localhost';
}

export function storeAccessCookie(access: string): void {
  Cookies.set(ACCESS_COOKIE, access, {
    expires: ACCESS_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: isSecurePage(),
  });
}

/** Set by the server beside the HttpOnly refresh cookie: a refresh can only succeed while it is there. */
export function hasSessionHint(): boolean {
  return Cookies.get(SESSION_HINT_COOKIE) === '1';
}

/**
 * Drops the hint on sign-out whatever the server answered: without it a reload asks no refresh, so a logout that
 * did not get through cannot sign the customer back in from this browser.
 */
export function removeSessionHint(): void {
  Cookies.remove(SESSION_HINT_COOKIE, { path: '/', secure: isSecurePage(), sameSite: 'Strict' });
}

/** The theme for the server's first paint of the next visit (contract/theme.ts). */
export function storeThemeCookie(theme: ThemeName): void {
  Cookies.set(THEME_COOKIE, theme, {
    expires: THEME_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: isSecurePage(),
  });
}

export function removeAccessCookie(): void {
  Cookies.remove(ACCESS_COOKIE, { path: '/' });
}

/** The cookie domain for "the whole site": the current host, except where browsers refuse a Domain attribute. */
export function siteCookieDomain(hostname: string): string | undefined {
  if (!hostname || hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':'))
    return undefined;
  return hostname;
}

export function writeCookies(writes: CookieWrite[], hostname: string): void {
  const domain = siteCookieDomain(hostname);
  for (const w of writes) {
    Cookies.set(w.name, w.value, {
      expires: w.expires,
      path: '/',
      secure: w.secure,
      ...(w.sameSite ? { sameSite: w.sameSite } : {}),
      ...(domain ? { domain } : {}),
    });
  }
}
