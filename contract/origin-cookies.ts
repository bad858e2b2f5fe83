// The server's reading of the origin cookies the SPA writes at page load (spec point 9; src/lib/origin-tracking.ts
// writes them, through js-cookie's encoding). A browser sends whatever a visitor or a script put there, so every
// value is checked here on its own: too long, not decodable, not an http(s) address, not a partner uid of ours —
// that cookie is ignored, never an error, and the others still count. Pure and zod-free (unit-tested in
// tests/contract/origin-cookies.test.ts).

export const ORIGIN_COOKIE_NAMES = {
  referrer: 'cabinet_referrer',
  landing: 'cabinet_landing',
  utm: 'cabinet_utm',
  partner: 'cabinet_partner',
} as const;

/** How long the SPA keeps each cookie (spec point 9): a touch older than this no longer credits an order. */
export const ORIGIN_LIFETIME_MS = {
  referrer: 24 * 3_600_000,
  landing: 24 * 3_600_000,
  utm: 24 * 3_600_000,
  partner: 30 * 24 * 3_600_000,
} as const;

/** The longest raw (encoded) value read per cookie; a longer one is ignored whole, never cut. */
export const ORIGIN_COOKIE_MAX = { url: 2048, utm: 1024, partner: 64 } as const;
/** The longest utm part kept (source, medium, campaign, term, content). */
export const UTM_PART_MAX = 200;

export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Record<UtmKey, string>;

/** What the cookies say, each part '' when absent or refused. */
export interface OriginTouch {
  referrer: string;
  landing: string;
  utm: Utm;
  partner: string;
}

export const emptyUtm = (): Utm => ({ source: '', medium: '', campaign: '', term: '', content: '' });
export const emptyTouch = (): OriginTouch => ({ referrer: '', landing: '', utm: emptyUtm(), partner: '' });

/** A partner uid: letters, digits, '-' and '_' (the affiliate links' ids), at most 64. */
const PARTNER = /^[A-Za-z0-9_-]{1,64}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The raw values of the named cookies in a Cookie header (the first of each name, as browsers send the most specific first). */
export function rawCookies(header: string | null | undefined, names: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  if (!header) return found;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!names.includes(name) || found.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    found.set(name, value);
  }
  return found;
}

/** An absolute http(s) address, at most ORIGIN_COOKIE_MAX.url long before decoding; else ''. */
export function cleanUrl(raw: string | undefined): string {
  if (!raw || raw.length > ORIGIN_COOKIE_MAX.url) return '';
  const value = decode(raw);
  if (!value || CONTROL.test(value)) return '';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    if (url.username || url.password) return '';
    return url.href.length <= ORIGIN_COOKIE_MAX.url ? url.href : '';
  } catch {
    return '';
  }
}

function cleanPart(value: string | null): string {
  if (!value) return '';
  const text = value.trim();
  if (!text || text.length > UTM_PART_MAX || CONTROL.test(text)) return '';
  return text;
}

/**
 * The campaign: the cookie holds either `utm_campaign=…&utm_source=…` (rebuilt from the query) or the `utm` query
 * value as it was; a value without `utm_` keys is taken as the campaign's name.
 */
export function cleanUtm(raw: string | undefined): Utm {
  const utm = emptyUtm();
  if (!raw || raw.length > ORIGIN_COOKIE_MAX.utm) return utm;
  const value = decode(raw);
  if (!value || CONTROL.test(value)) return utm;
  if (!/(^|[?&])utm_[a-z]+=/.test(value)) {
    utm.campaign = cleanPart(value);
    return utm;
  }
  const params = new URLSearchParams(value.startsWith('?') ? value.slice(1) : value);
  for (const key of UTM_KEYS) utm[key] = cleanPart(params.get(`utm_${key}`));
  return utm;
}

export function cleanPartner(raw: string | undefined): string {
  if (!raw || raw.length > ORIGIN_COOKIE_MAX.partner) return '';
  const value = decode(raw);
  return value && PARTNER.test(value) ? value : '';
}

/** The origin cookies of a request's Cookie header, each checked; what fails a check is ''. */
export function parseOriginCookies(header: string | null | undefined): OriginTouch {
  const raw = rawCookies(header, Object.values(ORIGIN_COOKIE_NAMES));
  return {
    referrer: cleanUrl(raw.get(ORIGIN_COOKIE_NAMES.referrer)),
    landing: cleanUrl(raw.get(ORIGIN_COOKIE_NAMES.landing)),
    utm: cleanUtm(raw.get(ORIGIN_COOKIE_NAMES.utm)),
    partner: cleanPartner(raw.get(ORIGIN_COOKIE_NAMES.partner)),
  };
}

/** A touch with nothing in it (a direct visit with no cookies at all). */
export const isEmptyTouch = (t: OriginTouch) =>
  !t.referrer && !t.landing && !t.partner && UTM_KEYS.every((k) => !t.utm[k]);

/**
 * The source a report groups by: utm_source when the campaign names one, else the referrer's host when the visitor
 * came from another page than the one they landed on, else '' (direct). `ownHost` is never a source.
 */
export function sourceOf(t: OriginTouch, ownHost?: string): string {
  if (t.utm.source) return t.utm.source.toLowerCase();
  if (!t.referrer || t.referrer === t.landing) return '';
  try {
    const host = new URL(t.referrer).hostname.toLowerCase().replace(/^www\./, '');
    return host === ownHost?.toLowerCase().replace(/^www\./, '') ? '' : host;
  } catch {
    return '';
  }
}

/**
 * Only the origin cookies of a Cookie header, as a Cookie header again (raw values, unchecked: parseOriginCookies
 * reads it later). The OpenID Connect sign-in carries it across the network's cross-site POST, which brings no
 * SameSite=Lax cookie back. '' when none, or when longer than `max`.
 */
export function originCookieHeader(header: string | null | undefined, max = 3500): string {
  const raw = rawCookies(header, Object.values(ORIGIN_COOKIE_NAMES));
  const text = [...raw].map(([name, value]) => `${name}=${value}`).join('; ');
  return text.length <= max ? text : '';
}
