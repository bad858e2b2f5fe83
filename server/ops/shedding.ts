import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { decodeJwt, jwtVerify } from 'jose';
import type { AppEnv, Deps } from '../env';
import { UNAVAILABLE } from '../errors';
import { verifyAccessToken } from '../domain/tokens';
import { bootstrapCaller, keyRecentlyLive } from '../domain/staff-keys';
import { STAFF_AUDIENCE } from '../domain/staff-people';
import { SOCKET_PATH } from '../../contract/realtime';
import type { Logger } from './logger';
import type { Metrics } from './metrics';

/**
 * Load shedding's settings (SHED_LOAD, SHED_MAX_ANONYMOUS, SHED_MAX_IN_FLIGHT, SHED_RESERVE, SHED_MAX_LAG_MS;
 * docs/faults.md).
 */
export interface SheddingSettings {
  enabled: boolean;
  /**
   * Anonymous requests (neither a probe nor signed in) in flight past which a new anonymous one is refused. Below
   * the pool's 10 connections, so a flood that is slow in the database never holds them all.
   */
  maxAnonymous: number;
  /** Requests in flight past which a new request is refused, unless it is a probe or signed in. */
  maxInFlight: number;
  /** Room past maxInFlight kept for signed-in requests. */
  reserve: number;
  /** The event loop's recent lateness, in ms, past which a new request is refused, unless a probe or signed in. */
  maxLagMs: number;
}

/** The defaults, from bench/flood.ts (docs/faults.md "Load shedding" says how they were chosen). */
export const SHEDDING: SheddingSettings = {
  enabled: true,
  maxAnonymous: 5,
  maxInFlight: 100,
  reserve: 50,
  maxLagMs: 500,
};

/** The balancer's probes: always answered, so an instance busy with a flood is not taken for a dead one. */
const PROBES = new Set(['/healthz', '/readyz', '/api/health']);

/**
 * What may be refused: the API and the socket. The SPA's own files are not: the page has to load to say «Нет
 * соединения» (a browser keeps the hashed ones; the rest are a few small files).
 */
const sheddable = (path: string) =>
  (path.startsWith('/api/') || path.startsWith('/client/api/') || path.startsWith('/ws/')) &&
  !PROBES.has(path);

const TICK_MS = 20;
/** How fast a stall is forgotten: a tick keeps this much of the last figure (half of it gone in ~70 ms). */
const DECAY = 0.82;

let sampler: { ms: number } | undefined;

/**
 * How late the event loop has been lately, in ms: a timer due every 20 ms notes how late it fired, and a stall is
 * forgotten over the next few hundred ms. One sampler per process (the event loop is the process's), started by the
 * first app that sheds load; its timer does not keep the process alive.
 */
export function eventLoopLag(): { readonly ms: number } {
  if (sampler) return sampler;
  const state = { ms: 0 };
  let due = performance.now() + TICK_MS;
  setInterval(() => {
    const now = performance.now();
    state.ms = Math.max(now - due, state.ms * DECAY);
    due = now + TICK_MS;
  }, TICK_MS).unref();
  return (sampler = state);
}

/**
 * A caller that looks signed in, decided without the database: the bootstrap STAFF_TOKEN, or an access JWT of a
 * customer ('cabinet') or a staff person ('staff') whose signature, audience and expiry hold (the customer's check
 * is cached per token, server/domain/tokens.ts). Whether its session is still live is the door's business later.
 * A staff API key (`sk_…`) counts once the door has found it live in the last minute (keyRecentlyLive): its first
 * call, and made-up keys, are anonymous.
 */
async function signedIn(deps: Deps, c: Context<AppEnv>): Promise<boolean> {
  const token =
    /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ??
    (c.req.path === SOCKET_PATH ? c.req.query('token') : undefined);
  if (!token || token.length > 4096) return false;
  if (bootstrapCaller(deps, token) || keyRecentlyLive(token)) return true;
  let audience: unknown;
  try {
    audience = decodeJwt(token).aud;
  } catch {
    return false;
  }
  if (audience === 'cabinet') return (await verifyAccessToken(deps, token)) !== null;
  if (audience !== STAFF_AUDIENCE) return false;
  return jwtVerify(token, deps.config.jwtSecret, {
    audience: STAFF_AUDIENCE,
    algorithms: ['HS256'],
    currentDate: deps.now(),
  }).then(
    () => true,
    () => false,
  );
}

/**
 * Load shedding: a new request is answered 503 with Retry-After at once, before any other work (no log line each:
 * one `warn` a second at most counts them), when it is anonymous and `maxAnonymous` anonymous requests are in
 * flight, or `maxInFlight` requests of any kind are, or the event loop is `maxLagMs` late. The probes and the SPA's
 * files always pass; a signed-in request passes until `maxInFlight + reserve`.
 */
export function shedLoad(
  deps: Deps,
  settings: SheddingSettings,
  ops: { log: Logger; metrics: Metrics | undefined },
) {
  const lag = eventLoopLag();
  let inFlight = 0;
  let anonymousInFlight = 0;
  let refused = 0;
  let reportedAt = 0;
  return createMiddleware<AppEnv>(async (c, next) => {
    let anonymous = false;
    if (sheddable(c.req.path)) {
      anonymous = !(await signedIn(deps, c));
      const over = anonymous
        ? anonymousInFlight >= settings.maxAnonymous ||
          inFlight >= settings.maxInFlight ||
          lag.ms >= settings.maxLagMs
        : inFlight >= settings.maxInFlight + settings.reserve;
      if (over) {
        refused++;
        ops.metrics?.shed();
        const now = Date.now();
        if (now - reportedAt >= 1000) {
          ops.log.warn({ refused, inFlight, anonymousInFlight, lagMs: Math.round(lag.ms) }, 'shedding load');
          refused = 0;
          reportedAt = now;
        }
        c.header('Retry-After', String(UNAVAILABLE.retryAfterSeconds));
        c.header('Cache-Control', 'no-store');
        return c.json({ detail: UNAVAILABLE.detail }, 503);
      }
    }
    inFlight++;
    if (anonymous) anonymousInFlight++;
    try {
      await next();
    } finally {
      inFlight--;
      if (anonymous) anonymousInFlight--;
    }
  });
}
