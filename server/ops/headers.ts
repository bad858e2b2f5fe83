// Headers every response carries (security headers, the request id, no-store on the API), built once and set on
// Node's outgoing response before the handler runs: setting them afterwards on `c.res.headers` (as hono's
// secureHeaders does) turned each answer's header list into a `Headers` object and copied it per request, which was
// most of the middleware's cost (docs/performance.md). A header the handler sets itself is kept: Node's
// writeHead merges the headers given to it over those set before. Without a Node response (`app.request()`
// in tests) the same headers are set on the finished response, where missing.
import { randomUUID } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

export type HeaderList = readonly (readonly [string, string])[];

/** A Content-Security-Policy value from camelCase directives, in hono's secureHeaders format. */
export function cspValue(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`), ...values].join(' '))
    .join('; ');
}

/**
 * hono's secureHeaders defaults (crossOriginEmbedderPolicy off), with our referrer policy and CSP. A test holds
 * this list equal to what secureHeaders itself sends for the same options.
 */
export function securityHeaders(csp: string, referrerPolicy: string): HeaderList {
  return [
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', referrerPolicy],
    ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Content-Security-Policy', csp],
  ];
}

const outgoingOf = (c: Context) => (c.env as Partial<HttpBindings> | undefined)?.outgoing;

async function setAll(c: Context, next: () => Promise<void>, list: HeaderList) {
  const out = outgoingOf(c);
  if (out && !out.headersSent) {
    for (const [name, value] of list) out.setHeader(name, value);
    return next();
  }
  await next();
  const missing = list.filter(([name]) => !c.res.headers.has(name));
  if (missing.length === 0 || c.res.status < 200) return;
  // A new response with the headers, not `c.res.headers.set`: once a Node server has run in the process,
  // @hono/node-server's lightweight Response is the global one, and its `headers` before the body is read are a
  // copy that reading the body drops.
  const headers = new Headers(c.res.headers);
  for (const [name, value] of missing) headers.set(name, value);
  c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
}

/** The same headers on every response the middleware sees. */
export function fixedHeaders(list: HeaderList): MiddlewareHandler<AppEnv> {
  return (c, next) => setAll(c, next, list);
}

const VALID_ID = /^[\w\-=]{1,255}$/;

/**
 * `requestId` for the logs and the `X-Request-Id` answer: the caller's, when it sent a valid one (as hono's
 * requestId middleware accepts it), else a new UUID.
 */
export function requestIds(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const given = c.req.header('x-request-id');
    const id = given && VALID_ID.test(given) ? given : randomUUID();
    c.set('requestId', id);
    return setAll(c, next, [['X-Request-Id', id]]);
  };
}

/** The policy of every response (moved here from app.ts with the headers' new middleware). */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  // Virtualised lists and progress bars position elements through the style attribute.
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  // The offline cabinet's service worker (/sw.js) and its web app manifest (docs/features.md "Offline").
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
/** Where a Yandex Metrica counter loads its script and sends its hits from (docs/analytics.md). */
export const METRICA_ORIGIN = 'https://mc.yandex.ru';

/** The security headers of a server: a Metrica counter, when configured, adds its one origin to the CSP. */
export function securityHeadersFor(opts: { yandexMetricaId?: number | undefined }): HeaderList {
  if (!opts.yandexMetricaId) return SECURITY_HEADERS;
  const csp = { ...CONTENT_SECURITY_POLICY };
  csp.scriptSrc = [...csp.scriptSrc, METRICA_ORIGIN];
  csp.imgSrc = [...csp.imgSrc, METRICA_ORIGIN];
  csp.connectSrc = [...csp.connectSrc, METRICA_ORIGIN];
  return securityHeaders(cspValue(csp), REFERRER_POLICY);
}
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const SECURITY_HEADERS = securityHeaders(cspValue(CONTENT_SECURITY_POLICY), REFERRER_POLICY);
/** API answers are never cached. */
export const NO_STORE: HeaderList = [['Cache-Control', 'no-store']] as const;
