import { describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import {
  emptyTouch,
  isEmptyTouch,
  parseOriginCookies,
  sourceOf,
  type OriginTouch,
} from '../../contract/origin-cookies';
import { ORIGIN_COOKIES, trackOrigin } from '../../src/lib/origin-tracking';

/** The Cookie header a browser sends after js-cookie wrote these values (its own encoding). */
function headerOf(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}=${Cookies.converter.write(value, name)}`)
    .join('; ');
}

describe('parseOriginCookies', () => {
  it('reads what the SPA writes for an affiliate campaign link', () => {
    const writes = trackOrigin({
      referrer: 'https://blog.example.org/post?id=7',
      href: 'https://cabinet.example.ru/registration?utm_campaign=spring&utm_source=vk&uid=partner_42',
      query: { utm_campaign: 'spring', utm_source: 'vk', uid: 'partner_42' },
      stored: null,
      now: new Date('2026-11-01T10:00:00Z'),
    });
    const header = `other=1; ${headerOf(Object.fromEntries(writes.map((w) => [w.name, w.value])))}`;
    const touch = parseOriginCookies(header);
    expect(touch).toEqual({
      referrer: 'https://blog.example.org/post?id=7',
      landing: 'https://cabinet.example.ru/registration?utm_campaign=spring&utm_source=vk&uid=partner_42',
      utm: { source: 'vk', medium: '', campaign: 'spring', term: '', content: '' },
      partner: 'partner_42',
    } satisfies OriginTouch);
    expect(sourceOf(touch)).toBe('vk');
  });

  it('uses the same cookie names as the SPA', () => {
    const header = headerOf({
      [ORIGIN_COOKIES.referrer]: 'https://a.example/',
      [ORIGIN_COOKIES.landing]: 'https://b.example/',
      [ORIGIN_COOKIES.utm]: 'utm_campaign=x',
      [ORIGIN_COOKIES.affiliate]: 'p1',
    });
    const touch = parseOriginCookies(header);
    expect([touch.referrer, touch.landing, touch.utm.campaign, touch.partner]).toEqual([
      'https://a.example/',
      'https://b.example/',
      'x',
      'p1',
    ]);
  });

  it('takes a bare utm value as the campaign name', () => {
    expect(parseOriginCookies(headerOf({ cabinet_utm: 'black friday' })).utm.campaign).toBe('black friday');
  });

  it('ignores each forged or oversized cookie on its own and keeps the others', () => {
    const big = 'x'.repeat(10 * 1024);
    const cases: Record<string, string>[] = [
      { cabinet_referrer: `https://evil.example/${big}` },
      { cabinet_referrer: 'javascript:alert(1)' },
      { cabinet_referrer: 'not a url' },
      { cabinet_referrer: 'https://user:pw@evil.example/' },
      { cabinet_landing: 'data:text/html,hi' },
      { cabinet_utm: `utm_campaign=${big}` },
      { cabinet_utm: 'utm_campaign=a%0Ab' },
      { cabinet_partner: '<script>' },
      { cabinet_partner: 'p'.repeat(65) },
      { cabinet_partner: 'a b' },
    ];
    for (const values of cases) {
      const forgedPartner = 'cabinet_partner' in values;
      const header = headerOf(forgedPartner ? values : { ...values, cabinet_partner: 'kept' });
      expect(parseOriginCookies(header), JSON.stringify(values).slice(0, 80)).toEqual({
        ...emptyTouch(),
        partner: forgedPartner ? '' : 'kept',
      });
    }
  });

  it('survives a broken percent escape, quotes and a header with no origin cookies', () => {
    expect(parseOriginCookies('cabinet_referrer=%E0%A4%A; cabinet_partner="p-1"')).toEqual({
      ...emptyTouch(),
      partner: 'p-1',
    });
    expect(isEmptyTouch(parseOriginCookies(undefined))).toBe(true);
    expect(isEmptyTouch(parseOriginCookies('a=b; ;=; cabinet_utm'))).toBe(true);
  });

  it('reads the first of two cookies of one name', () => {
    expect(parseOriginCookies('cabinet_partner=first; cabinet_partner=second').partner).toBe('first');
  });
});

describe('sourceOf', () => {
  const touch = (t: Partial<OriginTouch>): OriginTouch => ({ ...emptyTouch(), ...t });
  it('is the referrer host when no utm_source is given, and empty for a direct visit', () => {
    expect(sourceOf(touch({ referrer: 'https://www.Google.com/search', landing: 'https://c.ru/' }))).toBe(
      'google.com',
    );
    expect(sourceOf(touch({ referrer: 'https://c.ru/login', landing: 'https://c.ru/login' }))).toBe('');
    expect(sourceOf(touch({ referrer: 'https://c.ru/x', landing: 'https://c.ru/y' }), 'c.ru')).toBe('');
    expect(sourceOf(touch({}))).toBe('');
  });
});
