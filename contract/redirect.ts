// The validity check of the /login `redirect` value (spec points 2, 5 and 8: a redirect outside the own origin is
// blocked) and its one encoder, for the SPA's guards and the server's redirect of a signed-out dashboard page. The
// value arrives already URL-decoded once by the router; anything that needs a second decoding, or could be read by a
// browser as another host, is refused.

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
    // %25 is a percent sign of the query (`?q=50%25`); %25 before two hex digits decodes into another escape.
    if (code === 0x25 && (inPath || /^[0-9A-Fa-f]{2}/.test(text.slice(match.index + 3)))) return true;
    if (code === 0x5c) return true; // %5c: encodeRedirect writes a backslash of the query as it is
    if (inPath && (code === 0x2f || code === 0x2e)) return true; // encoded / or . in the path
  }
  return false;
}

/** Decodes a /login redirect value; null when it is not a plain same-origin path (with an optional query). */
export function decodeRedirect(value: unknown): DecodedRedirect | null {
  if (typeof value !== 'string' || !value || value.length > MAX_LENGTH) return null;
  if (CONTROL.test(value) || INVISIBLE.test(value)) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;

  const hashAt = value.indexOf('#');
  const withoutHash = hashAt === -1 ? value : value.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : withoutHash.slice(queryAt + 1);

  // Browsers read a backslash of the path (or after it) as a slash; in the query it is only a character.
  if (path.includes('\\') || (hashAt !== -1 && value.slice(hashAt).includes('\\'))) return null;
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

/**
 * The redirect value of a path and its query, as decodeRedirect reads it back: the query form-encoded once, except
 * that a backslash stays as it is (decodeRedirect refuses an encoded one, the mark of a crafted value). `al` and
 * `redirect` are left out.
 */
export function encodeRedirect(path: string, search: Record<string, string> | URLSearchParams): string {
  const params = new URLSearchParams(search);
  for (const key of DROPPED_KEYS) params.delete(key);
  const query = params.toString().replace(/%5C/g, '\\');
  return query ? `${path}?${query}` : path;
}

export function isSafeRedirect(value: unknown): boolean {
  return decodeRedirect(value) !== null;
}

/** The redirect value for the page the visitor is on (spec point 8: without `al`). */
export function redirectValueFor(location: { pathname: string; search: string }): string {
  const search = location.search.startsWith('?') ? location.search.slice(1) : location.search;
  return encodeRedirect(location.pathname, new URLSearchParams(search));
}
