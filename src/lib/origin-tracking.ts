// Spec point 9, origin tracking at page load, as a pure function: which cookies to write for this visit.
// The names of the cookies are ours (the spec does not show them); the back office reads them at sign-up.

export const ORIGIN_COOKIES = {
  referrer: 'cabinet_referrer',
  landing: 'cabinet_landing',
  utm: 'cabinet_utm',
  affiliate: 'cabinet_partner',
} as const;

/** The affiliate uid query parameter (spec point 9 names it "the affiliate uid parameter"). */
export const AFFILIATE_PARAM = 'uid';
const UTM_PARTS = ['utm_source', 'utm_medium', 'utm_term', 'utm_content'] as const;

export interface CookieWrite {
  name: string;
  value: string;
  days: number;
  /** Absolute expiry computed from `now` (the same as `days`). */
  expires: Date;
  sameSite?: 'None' | 'Lax' | 'Strict';
  secure: true;
}

export interface VisitInfo {
  /** document.referrer ('' when none). */
  referrer: string;
  /** location.href of the landing page. */
  href: string;
  query: Record<string, string>;
  /** The referrer recorded before (cookie), if any. */
  stored: string | null | undefined;
  now: Date;
}

/**
 * Sign-in pages of search, social and identity providers: coming back from them is no new origin (the visitor
 * just signed in with VK, Yandex or Google), so the first recorded origin is kept.
 */
const SIGN_IN_HOSTS: readonly RegExp[] = [
  /^(oauth|id|login|api)\.vk\.(com|ru)$/,
  /^(passport|oauth|id|sso)\.yandex\.[a-z.]+$/,
  /^accounts\.google\.[a-z.]+$/,
  /^accounts\.youtube\.com$/,
  /^(oauth|id|login)\.mail\.ru$/,
  /^(connect\.ok|oauth\.ok)\.ru$/,
  /^appleid\.apple\.com$/,
  /^(login\.microsoftonline|login\.live)\.com$/,
  /^www\.facebook\.com$/,
];

export function isSignInHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return SIGN_IN_HOSTS.some((re) => re.test(host));
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function write(now: Date, name: string, value: string, days: number, sameSite?: 'None'): CookieWrite {
  const cookie: CookieWrite = {
    name,
    value,
    days,
    expires: new Date(now.getTime() + days * 24 * 60 * 60 * 1000),
    secure: true,
  };
  if (sameSite) cookie.sameSite = sameSite;
  return cookie;
}

export function trackOrigin(visit: VisitInfo): CookieWrite[] {
  const { referrer, href, query, stored, now } = visit;
  const writes: CookieWrite[] = [];
  const page = parseUrl(href);

  // Referrer and landing page, 1 day.
  const ref = query.ref;
  const queryHref = query.href;
  if (ref && queryHref) {
    // An affiliate link that names both itself.
    writes.push(
      write(now, ORIGIN_COOKIES.referrer, ref, 1),
      write(now, ORIGIN_COOKIES.landing, queryHref, 1),
    );
  } else if (referrer) {
    const from = parseUrl(referrer);
    const foreign = !!from && (!page || from.origin !== page.origin);
    if (from && foreign && referrer !== stored && !isSignInHost(from.hostname)) {
      writes.push(
        write(now, ORIGIN_COOKIES.referrer, referrer, 1),
        write(now, ORIGIN_COOKIES.landing, href, 1),
      );
    }
  } else if (!stored) {
    // A direct visit with nothing recorded: the page itself is the origin.
    writes.push(write(now, ORIGIN_COOKIES.referrer, href, 1), write(now, ORIGIN_COOKIES.landing, href, 1));
  }

  // Campaign, 1 day: `utm` as it is, else rebuilt from utm_campaign and its optional companions.
  if (query.utm) {
    writes.push(write(now, ORIGIN_COOKIES.utm, query.utm, 1));
  } else if (query.utm_campaign) {
    const parts = new URLSearchParams({ utm_campaign: query.utm_campaign });
    for (const key of UTM_PARTS) if (query[key]) parts.set(key, query[key]);
    writes.push(write(now, ORIGIN_COOKIES.utm, parts.toString(), 1));
  }

  // Affiliate, 30 days, sent on cross-site requests too.
  const uid = query[AFFILIATE_PARAM];
  if (uid) writes.push(write(now, ORIGIN_COOKIES.affiliate, uid, 30, 'None'));

  return writes;
}
