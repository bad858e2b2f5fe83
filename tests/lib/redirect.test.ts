import { describe, expect, it } from 'vitest';
import { decodeRedirect, isSafeRedirect, redirectValueFor, stripAl } from '../../src/lib/redirect';

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

describe('the redirect value of the current page', () => {
  it.each([
    ['?al=x', ''],
    ['?al=x&page=2', '?page=2'],
    ['page=2&al=x&b=3', '?page=2&b=3'],
    ['', ''],
  ])('stripAl(%j) = %j', (search, expected) => {
    expect(stripAl(search)).toBe(expected);
  });

  it('is the path and query without al', () => {
    expect(redirectValueFor({ pathname: '/order/5/files', search: '?al=one&tab=2' })).toBe(
      '/order/5/files?tab=2',
    );
    expect(decodeRedirect(redirectValueFor({ pathname: '/order/5', search: '?al=1' }))).toEqual({
      path: '/order/5',
      search: {},
    });
  });
});
