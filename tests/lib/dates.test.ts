import { describe, expect, it } from 'vitest';
import { addDays, dateMax, dateMin, isIsoDay, lastDayBefore, mskDay, tomorrow } from '../../src/lib/dates';

describe('spec 5 date rules', () => {
  it.each([
    // value, min, passes
    ['', '2026-03-02', true],
    [null, '2026-03-02', true],
    [undefined, '2026-03-02', true],
    ['2026-03-01', '2026-03-02', false],
    ['2026-03-02', '2026-03-02', true],
    ['2026-03-03', '2026-03-02', true],
    ['2027-01-01', '2026-03-02', true],
    ['2026-02-30', '2026-01-01', false],
    ['03.03.2026', '2026-03-02', false],
  ] as const)('dateMin(%j, %s) = %s', (value, min, passes) => {
    expect(dateMin(value, min)).toBe(passes);
  });

  it.each([
    // value, max (exclusive), passes
    ['', '2026-03-20', true],
    ['2026-03-19', '2026-03-20', true],
    ['2026-03-20', '2026-03-20', false],
    ['2026-03-21', '2026-03-20', false],
    ['2025-12-31', '2026-03-20', true],
    ['2026-13-01', '2026-03-20', false],
  ] as const)('dateMax(%j, %s) = %s', (value, max, passes) => {
    expect(dateMax(value, max)).toBe(passes);
  });
});

describe('calendar helpers', () => {
  it.each([
    // now (UTC), Moscow day, tomorrow
    ['2026-03-01T10:00:00Z', '2026-03-01', '2026-03-02'],
    ['2026-03-01T20:59:59Z', '2026-03-01', '2026-03-02'],
    // 21:00 UTC is midnight in Moscow: already the next day there.
    ['2026-03-01T21:00:00Z', '2026-03-02', '2026-03-03'],
    ['2026-12-31T22:00:00Z', '2027-01-01', '2027-01-02'],
  ])('at %s Moscow has %s, tomorrow %s', (now, day, next) => {
    expect(mskDay(now)).toBe(day);
    expect(tomorrow(new Date(now))).toBe(next);
  });

  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-01', 30, '2026-03-31'],
  ])('addDays(%s, %i) = %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });

  it('the inclusive input max is the day before the exclusive rule max', () => {
    expect(lastDayBefore('2026-03-20')).toBe('2026-03-19');
    expect(dateMax(lastDayBefore('2026-03-20'), '2026-03-20')).toBe(true);
  });

  it.each([
    ['2026-03-01', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-3-1', false],
    ['', false],
  ])('isIsoDay(%j) = %s', (value, ok) => {
    expect(isIsoDay(value)).toBe(ok);
  });
});
