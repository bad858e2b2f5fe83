/**
 * Authentication API (spec point 7 "Authentication", points 8 and 9), shared by the server and the SPA.
 *
 * Tokens
 * - Every sign-in answers `AuthTokens` in the body and sets the refresh token in the cookie `cabinet_refresh`
 *   (HttpOnly, Secure, SameSite=Strict, Path=/api/client/auth/, Max-Age 30 days). The SPA never sees the refresh
 *   token: it keeps `access` (JWT, `expires_in` = 300 s) and calls `POST /api/client/auth/token/refresh/` with an
 *   empty body at 80 % of the lifetime; the cookie travels by itself.
 * - Refresh rotates the token. Presenting an already rotated token revokes the whole sign-in session (its access
 *   tokens stop working at once) and answers 401: so the SPA must refresh single-flight ACROSS TABS (one tab
 *   refreshes, e.g. under a Web Lock, and shares the new access token), never two tabs at once.
 * - Errors: `{ detail }` or field errors `{ field: [messages] }` (FieldErrors), in Russian, ready to show.
 *   Too many failed sign-ins → 429 with Retry-After (the SPA goes to /429?retry=<seconds>): 10 in 15 min for one
 *   login from one IP lock that login for that IP only; 30 in 15 min from one IP lock that IP; 100 in an hour for
 *   one login lock it for IPs it has not signed in from in 30 days (server/domain/sign-in-limits.ts).
 *
 * Endpoints (the rows are in auth.api.ts; this file holds what the SPA's first visit may import without zod)
 * - POST /api/client/auth/login/            LoginRequest → 200 AuthTokens | 200 CodeSent (method 'code')
 *                                           | 400 { detail: 'Неверный логин или пароль.' } | 429
 * - POST /api/client/auth/login/verify/     VerifyCodeRequest → 200 AuthTokens | 400 { detail } | 429
 *     A code: 6 digits, by SMS when the login is a phone, else by e-mail; lives 10 min, single-use, dies after
 *     5 wrong tries. An unknown login also answers CodeSent (no account enumeration).
 * - POST /api/client/auth/token/refresh/    empty body, the cookie only → 200 AuthTokens | 401
 *                                           (a body with `refresh` → 400: the token never travels outside its cookie)
 * - POST /api/client/auth/logout/           cookie and/or Bearer → 200 { detail } | 401 when neither names a session;
 *                                           ends the session the cookie names even with an expired or no Bearer,
 *                                           clears the cookies and closes the session's sockets.
 * - POST /api/client/profile/               RegistrationRequest → 201 AuthTokens (signed in) | 400 FieldErrors
 * - POST /api/client/auth/password_change/  RestoreRequest → 200 { detail } always (no account enumeration);
 *                                           the e-mail holds `${origin}/change-password/<id>/`, valid 1 hour, once.
 * - GET  /api/client/auth/password_change/{id}/   → 200 RestoreLinkStatus while the link works, else 404 { detail }:
 *                                           the /change-password page can tell a dead link before the form.
 * - PATCH /api/client/auth/password_change/{id}/  SetPasswordRequest → 200 AuthTokens (signed in; every other
 *                                           session of the customer is signed out) | 400 FieldErrors | 404 dead link
 * - POST /api/client/auth/al/               AutoLoginRequest → 200 AuthTokens | 400 { detail } (al: once, 15 min)
 *
 * Devices and sessions (Bearer; the profile's "Устройства и сеансы")
 * - GET    /api/client/auth/sessions/             → 200 DeviceSessions: the live sessions, the caller's marked `current`
 * - DELETE /api/client/auth/sessions/{id}/        → 200 EndedSessions | 404 (unknown, ended, another customer's)
 *                                                 | 409 (the caller's own: that is sign-out, POST logout/)
 * - POST   /api/client/auth/sessions/end-others/  → 200 EndedSessions (every session but the caller's)
 *   An ended session's refresh answers 401 `sessionEndedElsewhere` and its sockets close with SESSION_CLOSE
 *   .endedElsewhere (contract/realtime.ts) on every instance.
 *
 * Social sign-in (sandbox provider on our own server; a real provider would replace the sandbox page only)
 * - GET  /client/api/socials/links/ → SocialLink[] for 'vk' (social network), 'yandex' (search provider) and
 *   'google' (identity provider). Each link is a full navigation (not fetch) to the provider.
 * - GET  /client/api/socials/sandbox/{network}/ — the provider's page, 'Тестовый вход через <network>', with two
 *   buttons (HTML forms posting back to the same path, no scripts):
 *     "with e-mail"    → the customer sandbox-<network>@example.com is signed in (created on first use) and the
 *                        browser is redirected (302) to `/home?al=<token>`; the SPA signs in with POST …/auth/al/.
 *     "without e-mail" → a fresh identity without an e-mail; 302 to `/socials-email-auth?token=<social token>`.
 *   An identity seen before signs in directly (302 to /home?al=…).
 * - POST /client/api/socials/email/ SocialEmailRequest → 200 AuthTokens + cookie (new account with that e-mail,
 *   linked to the social identity) | 400 { email: [...] } (bad or already registered e-mail: sign in with the
 *   password and link the network in the profile) | 400 { detail } (dead token: start the social sign-in again).
 *   The social token lives 30 minutes and is single-use.
 */

export const REFRESH_COOKIE = 'cabinet_refresh';
export const REFRESH_COOKIE_PATH = '/api/client/auth/';
/**
 * A readable companion of the HttpOnly refresh cookie (value '1', same lifetime, path /): it tells the SPA at start
 * whether asking for a refresh can succeed, so an anonymous visit makes no doomed call (and logs no 401).
 */
export const SESSION_HINT_COOKIE = 'cabinet_signed_in';
/** Password rules (the server checks the same): at least 8 characters, not digits only. */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MAX_LENGTH = 128;
/** A one-time sign-in code: 6 digits. */
export const LOGIN_CODE_PATTERN = /^\d{6}$/;

/**
 * The refresh of a session the customer ended from another device answers this; that tab shows it on /login. A
 * constant of its own: the app's first visit needs it without the rest of AUTH_MESSAGES (auth-messages.ts).
 */
export const SESSION_ENDED_ELSEWHERE = 'Сеанс завершён с другого устройства. Войдите снова.';

// The texts a customer may read (AUTH_MESSAGES) are in auth-messages.ts: the SPA's first visit imports this file for
// its cookie names and rules, and only the lazily loaded form checks need the texts (a re-export here would pull
// them back into the first visit's chunk).

/** What the devices calls answer (`GET/DELETE /api/client/auth/sessions/…`). */
export const SESSIONS_MESSAGES = {
  ended: 'Сеанс завершён.',
  endedOthers: 'Другие сеансы завершены.',
  noOthers: 'Других сеансов нет.',
  notFound: 'Сеанс не найден или уже завершён.',
  current: 'Это сеанс этого устройства: чтобы завершить его, выйдите из кабинета.',
} as const;

/** A leading + is added when missing; spaces, dashes and brackets are dropped; then 10–15 digits. */
export function normalizePhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s()-]/g, '');
  if (!/^\+?\d{10,15}$/.test(compact)) return null;
  return compact.startsWith('+') ? compact : `+${compact}`;
}

export const SOCIAL_NETWORKS = ['vk', 'yandex', 'google'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const MINUTE = 60_000;
/**
 * Public writes' limits per caller (the client's IP), counted across instances: a row's `perCaller`
 * (contract/http.ts). Sign-in has its own lockout of failures (server/domain/sign-in-limits.ts), and codes and
 * restore links also count per address (server/domain/rate-limit.ts).
 */
export const PUBLIC_WRITES = {
  /** Registration: a household or an office registers a few accounts, a bot thousands. */
  REGISTRATIONS: { max: 10, windowMs: 60 * MINUTE },
  /** Asking for a restore link, and setting the password by one. */
  RESTORES: { max: 20, windowMs: 15 * MINUTE },
  /** The auto-login token (`?al=`): one per social sign-in or e-mail link. */
  AUTO_LOGINS: { max: 30, windowMs: 15 * MINUTE },
  /** The e-mail step of a social sign-in without one. */
  SOCIAL_EMAILS: { max: 20, windowMs: 15 * MINUTE },
  /** Confirming an e-mail change by the link's token. */
  EMAIL_CONFIRMATIONS: { max: 20, windowMs: 15 * MINUTE },
  /** One-click unsubscribes from letters' links (a mail client posts once per link). */
  UNSUBSCRIBES: { max: 30, windowMs: 15 * MINUTE },
  /** Page-view batches (the SPA's beacon): counted per instance in memory, see `perCaller.counted`. */
  PAGE_EVENTS: { max: 60, windowMs: MINUTE, counted: 'instance' },
} as const;
