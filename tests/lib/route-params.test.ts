import { describe, expect, it } from 'vitest';
import {
  isOrderTab,
  oneOf,
  optionalAmount,
  optionalString,
  positiveId,
  PAYMENT_STATUSES,
  validated,
} from '../../src/lib/route-params';
import { jwtSubject } from '../../src/lib/jwt';

describe('route param validators', () => {
  it.each([
    ['5', 5],
    [5, 5],
    ['123456', 123456],
    ['0', undefined],
    ['05', undefined],
    ['-1', undefined],
    ['1e3', undefined],
    ['5x', undefined],
    ['', undefined],
    [undefined, undefined],
    [1.5, undefined],
    ['99999999999999999', undefined],
  ])('positiveId(%j) = %j', (value, expected) => {
    expect(positiveId(value)).toBe(expected);
  });

  it.each([
    ['active', true],
    ['archive', true],
    ['done', true],
    ['trash', false],
    ['Active', false],
    ['', false],
    [undefined, false],
  ])('isOrderTab(%j) = %j', (value, expected) => {
    expect(isOrderTab(value)).toBe(expected);
  });

  it.each([
    ['success', 'success'],
    ['fail', 'fail'],
    ['failed', undefined],
    ['', undefined],
    [1, undefined],
    [undefined, undefined],
  ])('payment status %j → %j', (value, expected) => {
    expect(oneOf(value, PAYMENT_STATUSES)).toBe(expected);
  });

  it.each([
    ['abc', 'abc'],
    ['  ', undefined],
    ['', undefined],
    [42, '42'],
    [null, undefined],
    [{ a: 1 }, undefined],
  ])('optionalString(%j) = %j', (value, expected) => {
    expect(optionalString(value)).toBe(expected);
  });

  it.each([
    ['1500', 1500],
    [1500, 1500],
    ['0', 0],
    ['-5', undefined],
    ['12.5', undefined],
    ['abc', undefined],
  ])('optionalAmount(%j) = %j', (value, expected) => {
    expect(optionalAmount(value)).toBe(expected);
  });

  it('keeps undefined keys, so a bad raw value inherited from the parent search is overridden', () => {
    const parent = { status: 'maybe' };
    const own = validated({ status: oneOf(parent.status, PAYMENT_STATUSES) });
    expect({ ...parent, ...own }.status).toBeUndefined();
  });
});

describe('jwtSubject', () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  it.each([
    [`h.${b64({ sub: '42' })}.s`, 42],
    [`h.${b64({ sub: 7 })}.s`, 7],
    [`h.${b64({ sub: 'x' })}.s`, null],
    [`h.${b64({})}.s`, null],
    ['garbage', null],
    ['a.!!!.c', null],
  ])('%s → %j', (token, expected) => {
    expect(jwtSubject(token)).toBe(expected);
  });
});
