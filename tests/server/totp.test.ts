import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  otpauthUrl,
  totpAt,
  totpStep,
} from '../../server/domain/totp';

const RFC_KEY = Buffer.from('12345678901234567890');

describe('HOTP and TOTP against the RFCs', () => {
  it('gives RFC 4226 appendix D codes', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it('gives RFC 6238 appendix B codes (SHA-1, 8 digits, 30 s)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors)
      expect(hotp(RFC_KEY, totpStep(new Date(seconds * 1000)), 8), String(seconds)).toBe(code);
  });

  it('round-trips base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1')).toThrow();
  });

  it('accepts one step of skew either side, and only a step later than the last accepted', () => {
    const secret = base32Encode(RFC_KEY);
    const now = new Date(1_700_000_000_000);
    const step = totpStep(now);
    const at = (s: number) => new Date(s * 30_000);
    expect(matchTotp(secret, totpAt(secret, now), now, null)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, at(step - 1)), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, at(step + 1)), now, null)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, at(step - 2)), now, null)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, at(step + 2)), now, null)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, now), now, step)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, at(step + 1)), now, step)).toBe(step + 1);
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
  });

  it('writes the otpauth link every authenticator app reads', () => {
    const url = new URL(otpauthUrl('MZXW6YTBOI', 'anna@example.com', 'Кабинет'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Кабинет:anna@example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'MZXW6YTBOI',
      issuer: 'Кабинет',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
