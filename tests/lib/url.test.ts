import { describe, expect, it } from 'vitest';
import { isHttpUrl } from '../../src/lib/url';

describe('isHttpUrl (spec 5: URL format check)', () => {
  it.each([
    ['https://example.ru', true],
    ['http://example.ru/path?q=1#x', true],
    ['  https://disk.yandex.ru/d/abc  ', true],
    ['https://пример.рф/файл', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['https://user@example.com:8080/a', true],
    ['', false],
    ['   ', false],
    ['example.ru', false],
    ['www.example.ru', false],
    ['ftp://example.ru/file', false],
    ['javascript:alert(1)', false],
    ['mailto:a@example.ru', false],
    ['https://localhost', false],
    ['https://example.', false],
    ['https://.example', false],
    ['https://exa mple.ru', false],
    ['https://', false],
    ['http//example.ru', false],
  ])('%j → %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
  });
});
