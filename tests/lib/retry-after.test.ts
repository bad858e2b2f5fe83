import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, tooManyRequestsHref, waitSeconds } from '../../src/lib/retry-after';
import { t } from '../../src/features/errors/strings';

const NOW = Date.parse('2026-05-01T10:00:00Z');

describe('Retry-After → seconds', () => {
  it.each([
    ['90', 90],
    [' 15 ', 15],
    ['0', 1],
    ['900', 900],
    ['86400', 3600],
    ['Fri, 01 May 2026 10:02:30 GMT', 150],
    ['Fri, 01 May 2026 09:59:00 GMT', 1],
    [null, null],
    [undefined, null],
    ['', null],
    ['-5', null],
    ['1.5', null],
    ['soon', null],
    ['12abc', null],
    ['99999999999', null],
  ])('%j → %j', (header, expected) => {
    expect(retryAfterSeconds(header, NOW)).toBe(expected);
  });
});

describe('the /429 address', () => {
  it.each([
    [90, '/429?retry=90'],
    [100_000, '/429?retry=3600'],
    [null, '/429'],
    [undefined, '/429'],
  ])('%j → %s', (seconds, href) => {
    expect(tooManyRequestsHref(seconds)).toBe(href);
  });
});

describe('the retry query of /429 → the countdown', () => {
  it.each([
    ['45', 45],
    [45, 45],
    ['900', 900],
    ['7200', 3600],
    [undefined, 20],
    ['', 20],
    ['0', 20],
    ['-3', 20],
    ['1e3', 20],
    ['12.5', 20],
    ['abc', 20],
    [{ retry: 5 }, 20],
    ['99999999999', 20],
  ])('%j → %i s', (value, seconds) => {
    expect(waitSeconds(value)).toBe(seconds);
  });
});

describe('the wait as the page says it', () => {
  it.each([
    [20, 'Повторить можно через 20 с'],
    [59, 'Повторить можно через 59 с'],
    [60, 'Повторить можно через 1 мин'],
    [61, 'Повторить можно через 2 мин'],
    [900, 'Повторить можно через 15 мин'],
    [3600, 'Повторить можно через 60 мин'],
  ])('%i s → %s', (seconds, text) => {
    expect(t.tooMany.wait(seconds)).toBe(text);
  });
});
