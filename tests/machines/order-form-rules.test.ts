import { describe, expect, it } from 'vitest';
import {
  canPrice,
  deadlineBounds,
  isDateString,
  passesDateMax,
  passesDateMin,
  validateForm,
} from '../../src/features/order-form/rules';
import { emptyValues } from '../../machines/order-form/order-form.machine';

// 23:30 UTC is already 02:30 of the next day in Moscow: "tomorrow" is counted from the Moscow day.
const NOW = new Date('2026-03-01T23:30:00Z');

describe('spec 5 date rules', () => {
  it.each([
    ['', '2026-03-03', true],
    ['2026-03-03', '2026-03-03', true],
    ['2026-03-04', '2026-03-03', true],
    ['2026-03-02', '2026-03-03', false],
  ])('date min: %j on or after %s → %s', (value, min, ok) => {
    expect(passesDateMin(value, min)).toBe(ok);
  });

  it.each([
    ['', '2027-03-02', true],
    ['2027-03-01', '2027-03-02', true],
    ['2027-03-02', '2027-03-02', false],
    ['2027-03-03', '2027-03-02', false],
  ])('date max: %j before %s → %s', (value, max, ok) => {
    expect(passesDateMax(value, max)).toBe(ok);
  });

  it('counts the deadline bounds in Moscow days: from tomorrow to before today + 365', () => {
    expect(deadlineBounds(NOW)).toEqual({ min: '2026-03-03', max: '2027-03-02' });
  });

  it.each([
    ['2026-02-28', true],
    ['2026-02-30', false],
    ['2026-3-1', false],
    ['01.03.2026', false],
  ])('isDateString(%j) → %s', (value, ok) => {
    expect(isDateString(value)).toBe(ok);
  });
});

describe('validateForm', () => {
  const good = {
    ...emptyValues(),
    work_type: 'Курсовая работа',
    topic: 'Тема',
    deadline: '2026-03-10',
    pages: '25',
  };

  it.each([
    ['a complete form', {}, {}],
    ['no work type', { work_type: '' }, { work_type: 'required' }],
    ['an unknown work type', { work_type: 'Поэма' }, { work_type: 'required' }],
    ['no topic', { topic: '  ' }, { topic: 'required' }],
    ['no deadline', { deadline: '' }, { deadline: 'required' }],
    ['a deadline of today (Moscow)', { deadline: '2026-03-02' }, { deadline: 'dateMin' }],
    ['a deadline of tomorrow', { deadline: '2026-03-03' }, {}],
    ['a deadline 365 days away', { deadline: '2027-03-02' }, { deadline: 'dateMax' }],
    ['a deadline 364 days away', { deadline: '2027-03-01' }, {}],
    ['a broken date', { deadline: '2026-13-01' }, { deadline: 'date' }],
    ['pages 0', { pages: '0' }, { pages: 'range' }],
    ['pages 301', { pages: '301' }, { pages: 'range' }],
    ['pages 2.5', { pages: '2.5' }, { pages: 'integer' }],
    ['originality 101', { originality: '101' }, { originality: 'range' }],
    ['originality 80', { originality: '80' }, {}],
    ['a link without a scheme', { link: 'disk.yandex.ru/d/1' }, { link: 'url' }],
    ['an https link', { link: 'https://disk.yandex.ru/d/1' }, {}],
  ])('%s', (_, patch, problems) => {
    expect(validateForm({ ...good, ...patch }, NOW)).toEqual(problems);
  });

  it('prices only a form with work type, pages and a good deadline', () => {
    expect(canPrice(good, NOW)).toBe(true);
    expect(canPrice({ ...good, topic: '' }, NOW)).toBe(true);
    expect(canPrice({ ...good, pages: '' }, NOW)).toBe(false);
    expect(canPrice({ ...good, deadline: '2026-03-01' }, NOW)).toBe(false);
    expect(canPrice({ ...good, work_type: '' }, NOW)).toBe(false);
  });
});
