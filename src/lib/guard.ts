// The navigation guard of spec point 2 as a pure function: the root route's beforeLoad applies it.
import { decodeRedirect, encodeRedirect } from '../../contract/redirect';
import { SESSION_FAILED_REASON } from './messages';
import { TOO_MANY_REQUESTS_PATH } from './retry-after';

export type SessionStatus = 'notLoaded' | 'authError' | 'authSuccess' | 'initFailed';

export interface NavigationTarget {
  path: string;
  search: Record<string, unknown>;
  /** The target lies in the cabinet (sign-in required). */
  requiresAuth: boolean;
}

export type NavigationDecision =
  { kind: 'continue' } | { kind: 'redirect'; to: string; search?: Record<string, string> };

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/home';
export const ERROR_PATH = '/404';
/**
 * The link of the e-mail change's letter (`/email-edit?confirm=<token>`) lies in the cabinet, but the token is the
 * proof, not the sign-in: a signed-out visitor goes to the public confirmation page instead of Enter, and a
 * signed-in one who lands on that page confirms in the cabinet (docs/security.md, "E-mail confirmation
 * links").
 */
export const EMAIL_EDIT_PATH = '/email-edit';
export const EMAIL_CONFIRM_PATH = '/email-confirm';
/** Reached by a signed-in visitor too (spec point 9). */
export const EXEMPT_PATHS: readonly string[] = ['/404', '/payment', '/429'];
/** Never carried as a return target: coming back there would undo the sign-in. */
const NO_RETURN_PATHS: readonly string[] = ['/', '/logout', LOGIN_PATH];

/** Search values as strings (the router may have parsed `?id=5` into a number). */
function stringValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function searchWithout(search: Record<string, unknown>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || keys.includes(key)) continue;
    out[key] = stringValue(value);
  }
  return out;
}

/** The path and query a visitor asked for, as a redirect value (without the single-use `al`, without `msg`). */
function returnValue(target: NavigationTarget): string {
  return encodeRedirect(target.path, searchWithout(target.search, ['al', 'msg', 'redirect']));
}

function isSessionErrorPage(target: NavigationTarget): boolean {
  return target.path === ERROR_PATH && target.search.reason === SESSION_FAILED_REASON;
}

function hasKey(search: Record<string, unknown>, key: string): boolean {
  return search[key] !== undefined;
}

function withMsg(search: Record<string, unknown>): Record<string, string> | undefined {
  return hasKey(search, 'msg') ? { msg: stringValue(search.msg) } : undefined;
}

function redirectTo(to: string, search?: Record<string, string>): NavigationDecision {
  return search && Object.keys(search).length ? { kind: 'redirect', to, search } : { kind: 'redirect', to };
}

/** Rule 2 and the start-up `al`: the single-use token leaves the URL once the session is settled. */
function continueWithoutAl(target: NavigationTarget): NavigationDecision {
  if (!hasKey(target.search, 'al')) return { kind: 'continue' };
  return redirectTo(target.path, searchWithout(target.search, ['al']));
}

export function decideNavigation(
  target: NavigationTarget,
  session: { status: SessionStatus; error?: { status?: number; retryAfter?: number } | null },
  from: { path: string | null },
): NavigationDecision {
  // The Error route of a failed start-up is left once a retry settled the session: back to what was asked for.
  if (session.status !== 'initFailed' && session.status !== 'notLoaded' && isSessionErrorPage(target)) {
    const back = decodeRedirect(target.search.redirect);
    return back ? redirectTo(back.path, back.search) : redirectTo(HOME_PATH);
  }

  switch (session.status) {
    case 'notLoaded':
      // The root route waits for the session before asking; nothing to decide yet.
      return { kind: 'continue' };

    case 'initFailed':
      // Rule 5: the Error route, which says the cabinet failed to load and offers a retry.
      if (target.path === ERROR_PATH || target.path === TOO_MANY_REQUESTS_PATH) return { kind: 'continue' };
      // Spec point 8: a rate-limited start-up is /429, not the Error route (the client also loads /429 in full;
      // going there at once spares a glimpse of the Error route while that page load starts).
      if (session.error?.status === 429) {
        const retry = session.error.retryAfter;
        return redirectTo(TOO_MANY_REQUESTS_PATH, retry ? { retry: String(retry) } : undefined);
      }
      return redirectTo(
        ERROR_PATH,
        NO_RETURN_PATHS.includes(target.path)
          ? { reason: SESSION_FAILED_REASON }
          : { reason: SESSION_FAILED_REASON, redirect: returnValue(target) },
      );

    case 'authError': {
      if (!target.requiresAuth) return continueWithoutAl(target);
      const confirm = target.path === EMAIL_EDIT_PATH ? target.search.confirm : undefined;
      if (typeof confirm === 'string' && confirm) return redirectTo(EMAIL_CONFIRM_PATH, { token: confirm });
      // Rule 1: to Enter; from the root path without a return target, else the path and query (and msg).
      const search: Record<string, string> = {};
      const fromRoot = from.path === '/' || target.path === '/';
      if (!fromRoot && !NO_RETURN_PATHS.includes(target.path)) search.redirect = returnValue(target);
      if (hasKey(target.search, 'msg')) search.msg = stringValue(target.search.msg);
      return redirectTo(LOGIN_PATH, search);
    }

    case 'authSuccess': {
      // Rule 2.
      if (target.requiresAuth) return continueWithoutAl(target);
      if (EXEMPT_PATHS.includes(target.path)) return continueWithoutAl(target);
      if (target.path === EMAIL_CONFIRM_PATH) {
        const token = target.search.token;
        return redirectTo(
          EMAIL_EDIT_PATH,
          typeof token === 'string' && token ? { confirm: token } : undefined,
        );
      }
      // Rule 4: back to where the visitor was sent away from, if the value passes the check.
      if (target.path === LOGIN_PATH) {
        const decoded = decodeRedirect(target.search.redirect);
        if (decoded && decoded.path !== LOGIN_PATH) {
          return redirectTo(decoded.path, decoded.search);
        }
      }
      // Rule 3: public pages send a signed-in visitor Home, passing msg along.
      return redirectTo(HOME_PATH, withMsg(target.search));
    }
  }
}
