import { describe, expect, it } from 'vitest';
import { plural } from '../../src/lib/plural';

const messages = { one: 'сообщение', few: 'сообщения', many: 'сообщений' };
const formOf = (n: number) => plural(n, messages);

describe('Russian plurals', () => {
  it('takes "one" after 1, 21, 101 but not after 11 or 111', () => {
    expect([1, 21, 31, 101, 1001].map(formOf)).toEqual(Array(5).fill('сообщение'));
    expect([11, 111].map(formOf)).toEqual(['сообщений', 'сообщений']);
  });

  it('takes "few" after 2–4, 22–24, 102 but not after 12–14', () => {
    expect([2, 3, 4, 22, 23, 24, 102].map(formOf)).toEqual(Array(7).fill('сообщения'));
    expect([12, 13, 14, 112].map(formOf)).toEqual(Array(4).fill('сообщений'));
  });

  it('takes "many" after 0, 5–20, 25, 100', () => {
    expect([0, 5, 9, 10, 15, 20, 25, 100].map(formOf)).toEqual(Array(8).fill('сообщений'));
  });

  it('takes "few" (the genitive singular) after a fraction', () => {
    expect(formOf(1.5)).toBe('сообщения');
  });
});

describe('Russian plurals written out', () => {
  it('choose what Intl.PluralRules("ru") selects, for whole numbers, negatives and fractions', () => {
    const rules = new Intl.PluralRules('ru');
    const expected = (n: number) => {
      const category = rules.select(n);
      return category === 'one' || category === 'many' ? messages[category] : messages.few;
    };
    const values = [-21, -1, -0, 0.5, 1.5, 2.25, 1e6 + 1, 2 ** 40 + 2];
    for (let n = 0; n <= 2000; n++) values.push(n);
    for (const n of values) expect(formOf(n), String(n)).toBe(expected(n));
  });
});
