/** The payload of a JWT without checking it (the server checks; the SPA only reads `sub`). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The customer id in the access token's `sub`, or null. */
export function jwtSubject(token: string): number | null {
  const sub = decodeJwtPayload(token)?.sub;
  const id = typeof sub === 'string' || typeof sub === 'number' ? Number(sub) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
