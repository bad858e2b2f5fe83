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

/** Verifies signature, audience and expiry against the injected clock; null when the token is not good. */
export async function verifyAccessToken(
  deps: Pick<Deps, 'config' | 'now'>,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, deps.config.jwtSecret, {
      audience: 'cabinet',
      algorithms: ['HS256'],
      currentDate: deps.now(),
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
