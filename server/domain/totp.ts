import { createHmac, randomBytes } from 'node:crypto';

// TOTP (RFC 6238) on node:crypto: HMAC-SHA-1, 6 digits, 30-second steps — what every authenticator app reads from an
// otpauth:// link without asking. A few lines, checked against the RFC's test vectors (tests/server/totp.test.ts),
// rather than a dependency.

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock skew accepted either side of the server's (RFC 6238 §5.2 recommends at most one). */
export const TOTP_SKEW_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Case, spaces and '=' padding are ignored; any other character is an error. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits (RFC 4226 §4 recommends the HMAC-SHA-1 output length), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** HOTP (RFC 4226): the code of one counter value. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step a moment falls in. */
export const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code an app shows at a moment, for a base32 secret. */
export const totpAt = (secret: string, at: Date) => hotp(base32Decode(secret), totpStep(at));

/**
 * The step whose code this is, within ±TOTP_SKEW_STEPS of `at` and later than `after` (the last step accepted: one
 * code is good once), else null. Every candidate is computed, so the time taken does not tell which one matched.
 */
export function matchTotp(secret: string, code: string, at: Date, after: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(at);
  let matched: number | null = null;
  for (let step = now - TOTP_SKEW_STEPS; step <= now + TOTP_SKEW_STEPS; step++) {
    if (hotp(key, step) === code && (after === null || step > after) && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// link the QR code carries (Key Uri Format, the one every authenticator app reads). */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const q = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${q}`;
}
