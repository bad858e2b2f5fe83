import { describe, expect, it } from 'vitest';
import { decodeRedirect, encodeRedirect, isSafeRedirect, redirectValueFor } from '../../contract/redirect';

describe('decodeRedirect: accepted values', () => {
  it.each([
    ['/home', { path: '/home', search: {} }],
    ['/order/5/files', { path: '/order/5/files', search: {} }],
    ['/home/active', { path: '/home/active', search: {} }],
    ['/payments/history?page=2', { path: '/payments/history', search: { page: '2' } }],
    ['/withdraw?amountInit=1500', { path: '/withdraw', search: { amountInit: '1500' } }],
    ['/order/5?msg=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82', { path: '/order/5', search: { msg: 'Привет' } }],
    ['/order/5?q=a%2Fb', { path: '/order/5', search: { q: 'a/b' } }],
    ['/order/5?al=secret&x=1', { path: '/order/5', search: { x: '1' } }],
    ['/order/5?redirect=/home', { path: '/order/5', search: {} }],
    ['/profile#avatar', { path: '/profile', search: {} }],
    ['/change-password/abc-DEF_123/', { path: '/change-password/abc-DEF_123/', search: {} }],
    ['/', { path: '/', search: {} }],
    ['/payments/history?q=50%25', { path: '/payments/history', search: { q: '50%' } }],
    [
      '/payments/history?q=100%25+off&page=2',
      { path: '/payments/history', search: { q: '100% off', page: '2' } },
    ],
    ['/payments/history?q=%25', { path: '/payments/history', search: { q: '%' } }],
    ['/payments/history?q=%25%25', { path: '/payments/history', search: { q: '%%' } }],
    ['/payments/history?q=a\\b', { path: '/payments/history', search: { q: 'a\\b' } }],
    ['/order/5?q=C:\\work\\%D0%BA%D1%83%D1%80%D1%81', { path: '/order/5', search: { q: 'C:\\work\\курс' } }],
  ])('%s', (value, expected) => {
    expect(decodeRedirect(value)).toEqual(expected);
    expect(isSafeRedirect(value)).toBe(true);
  });
});

describe('decodeRedirect: refused values', () => {
  it.each([
    ['protocol-relative host', '//evil.example'],
    ['protocol-relative with path', '//evil.example/home'],
    ['three slashes', '///evil.example'],
    ['slash backslash', '/\\evil.example'],
    ['backslash slash', '\\/evil.example'],
    ['backslash inside', '/home\\..\\evil'],
    ['encoded slashes', '/%2f%2fevil.example'],
    ['encoded slashes upper case', '/%2F%2Fevil.example'],
    ['encoded slash after slash', '/%2Fevil.example'],
    ['encoded backslash', '/%5cevil.example'],
    ['encoded backslash in the query', '/home?x=%5C'],
    ['double encoding', '/%252f%252fevil.example'],
    ['double encoding in the query', '/home?x=%252F'],
    ['double encoding in the query, lower case', '/home?x=%252f'],
    ['encoded percent sign before hex digits', '/home?x=%2541'],
    ['encoded percent sign in the path', '/50%25'],
    ['encoded backslash in the query, lower case', '/home?x=%5c'],
    ['backslash in the path before a query', '/home\\?x=1'],
    ['backslash in the hash', '/profile#a\\b'],
    ['encoded dot segment', '/%2e%2e/evil'],
    ['dot segment', '/home/../evil'],
    ['single dot segment', '/./home'],
    ['malformed escape', '/home%'],
    ['malformed escape in the query', '/home?x=%zz'],
    ['tab', '/\t/evil.example'],
    ['newline', '/\n/evil.example'],
    ['carriage return', '/home\r\nSet-Cookie: x'],
    ['null byte', '/home\u0000'],
    ['encoded null in the query', '/home?x=%00'],
    ['encoded newline', '/home?x=%0a'],
    ['leading space', ' /home'],
    ['trailing space', '/home '],
    ['space inside', '/ho me'],
    ['no-break space', '/\u00a0/evil.example'],
    ['zero-width space', '/\u200b/evil.example'],
    ['line separator', '/\u2028/evil.example'],
    ['right-to-left override', '/\u202ehome'],
    ['BOM', '\ufeff/home'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript scheme mixed case', 'JaVaScRiPt:alert(1)'],
    ['javascript in a path', '/javascript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['absolute http', 'http://evil.example/home'],
    ['absolute https', 'https://evil.example'],
    ['absolute same-looking host', 'https://cabinet.invalid/home'],
    ['relative without slash', 'home'],
    ['dot relative', './home'],
    ['user info', '/@evil.example'],
    ['encoded at', '/%40evil.example'],
    ['empty', ''],
    ['not a string (number)', 5],
    ['not a string (object)', { path: '/home' }],
    ['null', null],
    ['undefined', undefined],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('%s', (_, value) => {
    expect(decodeRedirect(value)).toBeNull();
    expect(isSafeRedirect(value)).toBe(false);
  });
});

/** What the value goes through on its way: into /login?redirect=… and read back by the router, once decoded. */
const throughTheUrl = (value: string) =>
  new URLSearchParams(new URLSearchParams({ redirect: value }).toString()).get('redirect');

describe('encodeRedirect: every legit query comes back as it went in', () => {
  it.each([
    [{ page: '2' }],
    [{ q: '50%' }],
    [{ q: '%zz' }],
    [{ q: '100% off', sort: '-date' }],
    [{ q: 'a\\b' }],
    [{ q: 'C:\\курсовая\\глава 1.docx' }],
    [{ q: 'a&b=c#d?e/f' }],
    [{ q: "+ - * ~ ! ' ( )" }],
    [{ q: '' }],
    [{}],
  ])('%j', (search) => {
    const value = encodeRedirect('/payments/history', search);
    expect(decodeRedirect(throughTheUrl(value))).toEqual({ path: '/payments/history', search });
  });

  it('the one loss: a value that itself reads as an escape (`%2F`) is double encoding to the check', () => {
    expect(decodeRedirect(throughTheUrl(encodeRedirect('/home', { q: '%2F' })))).toBeNull();
  });

  it('leaves out al and redirect', () => {
    expect(encodeRedirect('/order/5', { al: 'x', redirect: '/home', tab: '2' })).toBe('/order/5?tab=2');
  });
});

describe('the redirect value of the current page', () => {
  it.each([
    ['?al=x', '/order/5'],
    ['?al=x&page=2', '/order/5?page=2'],
    ['page=2&al=x&b=3', '/order/5?page=2&b=3'],
    ['', '/order/5'],
    ['?q=50%25', '/order/5?q=50%25'],
    ['?q=50%', '/order/5?q=50%25'],
    ['?q=a%5Cb', '/order/5?q=a\\b'],
  ])('search %j → %j', (search, expected) => {
    expect(redirectValueFor({ pathname: '/order/5', search })).toBe(expected);
  });

  it('is the path and query without al, and decodes back', () => {
    expect(redirectValueFor({ pathname: '/order/5/files', search: '?al=one&tab=2' })).toBe(
      '/order/5/files?tab=2',
    );
    expect(
      decodeRedirect(redirectValueFor({ pathname: '/payments/history', search: '?q=50%&al=1' })),
    ).toEqual({
      path: '/payments/history',
      search: { q: '50%' },
    });
  });
});
