import { describe, expect, it } from 'vitest';
import { Id } from '../../contract/http';
import {
  ID_MAX,
  oneOf,
  ORDER_TABS,
  PAYMENT_RESULTS,
  parseId,
  parseOrderTab,
  parsePaymentResult,
} from '../../contract/params';

describe('parseId: the one rule of an id in a path or a query', () => {
  it.each([
    ['5', 5],
    [5, 5],
    ['123456', 123456],
    ['2000000000', 2_000_000_000],
    [ID_MAX, ID_MAX],
    ['0', undefined],
    [0, undefined],
    ['05', undefined],
    ['-1', undefined],
    [-1, undefined],
    ['+5', undefined],
    [' 5', undefined],
    ['5 ', undefined],
    ['1e3', undefined],
    ['0x10', undefined],
    ['5x', undefined],
    ['5.0', undefined],
    ['', undefined],
    [undefined, undefined],
    [null, undefined],
    [1.5, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    ['2000000001', undefined],
    [2_000_000_001, undefined],
    ['99999999999999999', undefined],
    [{ id: 5 }, undefined],
  ])('parseId(%j) = %j', (value, expected) => {
    expect(parseId(value)).toBe(expected);
  });

  it('is the rule of the server’s Id schema: the same values pass, the rest read “Неверный номер.”', () => {
    for (const value of [
      '5',
      5,
      '2000000000',
      '0',
      '05',
      '1e3',
      ' 5',
      '',
      1.5,
      '2000000001',
      null,
      undefined,
    ]) {
      const result = Id.safeParse(value);
      const expected = parseId(value);
      if (expected === undefined) {
        expect(result.success, JSON.stringify(value)).toBe(false);
        expect(result.error?.issues.map((i) => i.message)).toEqual(['Неверный номер.']);
      } else {
        expect(result.success && result.data, JSON.stringify(value)).toBe(expected);
      }
    }
  });
});

describe('enumeration fallbacks', () => {
  it.each([
    ['active', 'active'],
    ['archive', 'archive'],
    ['done', 'done'],
    ['trash', undefined],
    ['Active', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('parseOrderTab(%j) = %j', (value, expected) => {
    expect(parseOrderTab(value)).toBe(expected);
  });

  it.each([
    ['success', 'success'],
    ['fail', 'fail'],
    ['failed', undefined],
    ['', undefined],
    [1, undefined],
    [undefined, undefined],
  ])('parsePaymentResult(%j) = %j', (value, expected) => {
    expect(parsePaymentResult(value)).toBe(expected);
  });

  it('oneOf takes a value of the list, spelled exactly, and nothing else', () => {
    expect(ORDER_TABS.map((tab) => oneOf(tab, ORDER_TABS))).toEqual([...ORDER_TABS]);
    expect(PAYMENT_RESULTS.map((r) => oneOf(r.toUpperCase(), PAYMENT_RESULTS))).toEqual([
      undefined,
      undefined,
    ]);
    expect(oneOf(['active'], ORDER_TABS)).toBeUndefined();
  });
});
