import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Deps } from '../env';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** A short access JWT (HS256): `sub` is the customer, `sid` the sign-in session it belongs to. */
export async function signAccessToken(deps: Pick<Deps, 'config' | 'now'>, claims: AccessClaims) {
  const iat = Math.floor(deps.now().getTime() / 1000);
  const access = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    // Unique per issue: two tokens minted in the same second for the same session still differ.
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + deps.config.accessTokenTtl)
    .setAudience('cabinet')
    .sign(deps.config.jwtSecret);
  return { access, expires_in: deps.config.accessTokenTtl };
}

/**
 * Tokens whose signature and audience were checked, until their expiry, per secret: a client sends the same token
 * for its whole 300 s, so the HMAC runs once per token, not once per request. Bounded; the oldest go first.
 */
const verified = new WeakMap<Uint8Array, Map<string, AccessClaims & { expiresAt: number }>>();
const VERIFIED_MAX = 10_000;

/** Verifies signature, audience and expiry against the injected clock; null when the token is not good. */
export async function verifyAccessToken(
  deps: Pick<Deps, 'config' | 'now'>,
  token: string,
): Promise<AccessClaims | null> {
  const now = deps.now();
  let known = verified.get(deps.config.jwtSecret);
  const hit = known?.get(token);
  if (hit && now.getTime() < hit.expiresAt) return { userId: hit.userId, sessionId: hit.sessionId };
  try {
    const { payload } = await jwtVerify(token, deps.config.jwtSecret, {
      audience: 'cabinet',
      algorithms: ['HS256'],
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      return null;
    if (!known) verified.set(deps.config.jwtSecret, (known = new Map()));
    known.set(token, { userId, sessionId: payload.sid, expiresAt: payload.exp * 1000 });
    for (const oldest of known.keys()) {
      if (known.size <= VERIFIED_MAX) break;
      known.delete(oldest);
    }
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
