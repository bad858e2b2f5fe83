import { describe, expect, it } from 'vitest';
import { ORIGIN_COOKIES, isSignInHost, trackOrigin, type VisitInfo } from '../../src/lib/origin-tracking';

const now = new Date('2026-03-01T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const href = 'https://cabinet.example/login';

function visit(v: Partial<VisitInfo>): VisitInfo {
  return { referrer: '', href, query: {}, stored: null, now, ...v };
}

/** The writes as [name, value, days, sameSite] for a compact table. */
function writes(v: Partial<VisitInfo>) {
  return trackOrigin(visit(v)).map((w) => [w.name, w.value, w.days, w.sameSite ?? null]);
}

const { referrer: REF, landing: LAND, utm: UTM, affiliate: AFF } = ORIGIN_COOKIES;

describe('trackOrigin (spec point 9)', () => {
  it.each([
    [
      'a foreign referrer is stored with the page, 1 day',
      { referrer: 'https://blog.example/post' },
      [
        [REF, 'https://blog.example/post', 1, null],
        [LAND, href, 1, null],
      ],
    ],
    [
      'the same referrer as stored is not written again',
      { referrer: 'https://blog.example/post', stored: 'https://blog.example/post' },
      [],
    ],
    [
      'a new foreign referrer replaces the stored one',
      { referrer: 'https://news.example/', stored: 'https://blog.example/post' },
      [
        [REF, 'https://news.example/', 1, null],
        [LAND, href, 1, null],
      ],
    ],
    ['a same-origin referrer is no origin', { referrer: 'https://cabinet.example/home' }, []],
    ['Yandex passport (sign-in host) is ignored', { referrer: 'https://passport.yandex.ru/auth' }, []],
    [
      'Google accounts (identity provider) is ignored',
      { referrer: 'https://accounts.google.com/o/oauth2' },
      [],
    ],
    ['VK OAuth (social network) is ignored', { referrer: 'https://oauth.vk.com/authorize' }, []],
    [
      'a search results page is an origin',
      { referrer: 'https://yandex.ru/search/?text=курсовая' },
      [
        [REF, 'https://yandex.ru/search/?text=курсовая', 1, null],
        [LAND, href, 1, null],
      ],
    ],
    [
      'ref and href query parameters are stored as given',
      { query: { ref: 'partner-site', href: 'https://partner.example/offer' }, stored: 'old' },
      [
        [REF, 'partner-site', 1, null],
        [LAND, 'https://partner.example/offer', 1, null],
      ],
    ],
    ['ref alone is not enough', { query: { ref: 'partner-site' }, stored: 'old' }, []],
    [
      'no referrer, nothing stored: the current address',
      {},
      [
        [REF, href, 1, null],
        [LAND, href, 1, null],
      ],
    ],
    ['no referrer, something stored: nothing', { stored: 'https://blog.example/post' }, []],
    ['a malformed referrer is ignored', { referrer: 'not a url', stored: 'x' }, []],
    [
      'utm is stored as it is',
      { query: { utm: 'spring-sale' }, stored: 'x' },
      [[UTM, 'spring-sale', 1, null]],
    ],
    [
      'utm wins over utm_campaign',
      { query: { utm: 'a', utm_campaign: 'b' }, stored: 'x' },
      [[UTM, 'a', 1, null]],
    ],
    [
      'utm_campaign alone',
      { query: { utm_campaign: 'spring' }, stored: 'x' },
      [[UTM, 'utm_campaign=spring', 1, null]],
    ],
    [
      'utm_campaign with the optional parts',
      {
        query: {
          utm_campaign: 'spring',
          utm_source: 'vk',
          utm_medium: 'cpc',
          utm_term: 'курсовая',
          utm_content: 'banner 1',
        },
        stored: 'x',
      },
      [
        [
          UTM,
          'utm_campaign=spring&utm_source=vk&utm_medium=cpc&utm_term=%D0%BA%D1%83%D1%80%D1%81%D0%BE%D0%B2%D0%B0%D1%8F&utm_content=banner+1',
          1,
          null,
        ],
      ],
    ],
    ['utm_source without utm_campaign is nothing', { query: { utm_source: 'vk' }, stored: 'x' }, []],
    [
      'the affiliate uid: 30 days, SameSite None',
      { query: { uid: 'p-42' }, stored: 'x' },
      [[AFF, 'p-42', 30, 'None']],
    ],
    [
      'everything at once',
      { referrer: 'https://blog.example/', query: { utm: 'u', uid: '7' } },
      [
        [REF, 'https://blog.example/', 1, null],
        [LAND, href, 1, null],
        [UTM, 'u', 1, null],
        [AFF, '7', 30, 'None'],
      ],
    ],
  ] as const)('%s', (_, v, expected) => {
    expect(writes(v as Partial<VisitInfo>)).toEqual(expected);
  });

  it('marks every cookie secure and gives the absolute expiry', () => {
    const all = trackOrigin(visit({ referrer: 'https://blog.example/', query: { utm: 'u', uid: '7' } }));
    expect(all.every((w) => w.secure === true)).toBe(true);
    expect(all.find((w) => w.name === AFF)?.expires.getTime()).toBe(now.getTime() + 30 * DAY);
    expect(all.find((w) => w.name === REF)?.expires.getTime()).toBe(now.getTime() + DAY);
  });

  it.each([
    ['passport.yandex.ru', true],
    ['passport.yandex.com', true],
    ['oauth.yandex.ru', true],
    ['accounts.google.com', true],
    ['accounts.google.co.uk', true],
    ['id.vk.com', true],
    ['oauth.vk.com', true],
    ['yandex.ru', false],
    ['www.google.com', false],
    ['vk.com', false],
    ['evilaccounts.google.com.example', false],
  ])('isSignInHost(%s) = %s', (host, expected) => {
    expect(isSignInHost(host)).toBe(expected);
  });
});
