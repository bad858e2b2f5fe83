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
