import { describe, expect, it } from 'vitest';
import { reworkBounds, reworkErrors } from '../../src/features/orders/rework-rules';

const now = new Date('2026-03-01T10:00:00Z');

describe('rework deadline bounds (spec 5: min tomorrow, max the guarantee end)', () => {
  it.each([
    // guarantee_until, min, max (exclusive)
    ['2026-03-13T10:00:00Z', '2026-03-02', '2026-03-13'],
    // The server also caps a rework at 30 days ahead.
    ['2026-06-01T10:00:00Z', '2026-03-02', '2026-03-31'],
    [null, '2026-03-02', '2026-03-31'],
    // 22:00 UTC is the next day in Moscow.
    ['2026-03-13T22:00:00Z', '2026-03-02', '2026-03-14'],
  ])('guarantee %s → from %s, before %s', (guarantee, min, max) => {
    expect(reworkBounds(guarantee, now)).toEqual({ min, max });
  });
});

describe('rework form rules', () => {
  const bounds = { min: '2026-03-02', max: '2026-03-13' };
  const comment = 'Добавьте выводы ко второй главе.';
  it.each([
    [{ comment, deadline: '2026-03-02' }, []],
    [{ comment, deadline: '2026-03-12' }, []],
    [{ comment, deadline: '2026-03-01' }, ['deadline']],
    [{ comment, deadline: '2026-03-13' }, ['deadline']],
    [{ comment, deadline: '' }, ['deadline']],
    [{ comment: '  коротко ', deadline: '2026-03-05' }, ['comment']],
    [{ comment: '', deadline: '' }, ['comment', 'deadline']],
  ])('%j → errors in %j', (draft, fields) => {
    expect(Object.keys(reworkErrors(draft, bounds)).sort()).toEqual(fields);
  });

  it('names the first day that is too late', () => {
    expect(reworkErrors({ comment, deadline: '2026-03-20' }, bounds).deadline).toBe(
      'Срок должен быть раньше 13.03.2026.',
    );
  });
});
