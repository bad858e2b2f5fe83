// The validity check of the /login `redirect` value (spec points 2, 5 and 8: a redirect outside the own origin is
// blocked). The value arrives already URL-decoded once by the router; anything that needs a second decoding, or
// could be read by a browser as another host, is refused.

export interface DecodedRedirect {
  /** A same-origin path, e.g. `/order/5/files`. */
  path: string;
  /** Its query parameters, restored for the navigation (without `al`). */
  search: Record<string, string>;
}

const MAX_LENGTH = 2048;
/** A path of our routes: letters, digits and - . _ ~ / only (no `:`, no `@`, no `%`). */
const SAFE_PATH = /^\/(?:[A-Za-z0-9\-._~]+\/?)*$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const ORIGIN = 'https://cabinet.invalid';
/** Query keys never carried through a redirect: `al` is single-use, `redirect` would nest. */
const DROPPED_KEYS = new Set(['al', 'redirect']);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const INVISIBLE = /[\s\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;

function hasBadEscape(text: string, inPath: boolean): boolean {
  // A lone % (not followed by two hex digits) is malformed.
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return true;
  for (const match of text.matchAll(ESCAPE)) {
    const code = parseInt(match[1]!, 16);
    if (code < 0x20 || code === 0x7f) return true; // encoded control characters
    if (code === 0x25) return true; // %25: double encoding
    if (code === 0x5c) return true; // %5c: an encoded backslash
    if (inPath && (code === 0x2f || code === 0x2e)) return true; // encoded / or . in the path
  }
  return false;
}

/** Decodes a /login redirect value; null when it is not a plain same-origin path (with an optional query). */
export function decodeRedirect(value: unknown): DecodedRedirect | null {
  if (typeof value !== 'string' || !value || value.length > MAX_LENGTH) return null;
  if (CONTROL.test(value) || INVISIBLE.test(value) || value.includes('\\')) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;

  const hashAt = value.indexOf('#');
  const withoutHash = hashAt === -1 ? value : value.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : withoutHash.slice(queryAt + 1);

  if (hasBadEscape(path, true) || hasBadEscape(query, false)) return null;
  if (!SAFE_PATH.test(path)) return null;
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return null;

  let url: URL;
  try {
    url = new URL(withoutHash, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname !== path) return null;

  const search: Record<string, string> = {};
  for (const [key, val] of new URLSearchParams(query)) {
    if (CONTROL.test(key) || CONTROL.test(val)) return null;
    if (!DROPPED_KEYS.has(key)) search[key] = val;
  }
  return { path, search };
}

export function isSafeRedirect(value: unknown): boolean {
  return decodeRedirect(value) !== null;
}

/** Removes the single-use `al` key from a query string (`?a=1&al=x` → `?a=1`). */
export function stripAl(search: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  params.delete('al');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The redirect value for the page the visitor is on (spec point 8: without `al`). */
export function redirectValueFor(location: { pathname: string; search: string }): string {
  return `${location.pathname}${stripAl(location.search)}`;
}
