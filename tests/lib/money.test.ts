import { describe, expect, it } from 'vitest';
import { formatMoney, formatSigned, parseAmount } from '../../src/lib/money';
import { givenName } from '../../src/lib/names';

describe('money as the customer reads it', () => {
  it('writes whole roubles with non-breaking spaces', () => {
    expect(formatMoney(1250)).toBe('1\u00a0250\u00a0₽');
    expect(formatMoney(0)).toBe('0\u00a0₽');
    expect(formatMoney(1234567)).toBe('1\u00a0234\u00a0567\u00a0₽');
  });

  it('signs history amounts with a real minus', () => {
    expect(formatSigned(500)).toBe('+500\u00a0₽');
    expect(formatSigned(-500)).toBe('−500\u00a0₽');
    expect(formatSigned(0)).toBe('0\u00a0₽');
  });

  it('reads a typed amount: digits and spaces only, positive', () => {
    expect(parseAmount('1 250')).toBe(1250);
    expect(parseAmount('1\u00a0250')).toBe(1250);
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('12,5')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1234567890')).toBeNull();
  });
});

describe('the name to greet', () => {
  it('takes the given name of a full name, else the first word', () => {
    expect(givenName('Смирнова Анна Петровна')).toBe('Анна');
    expect(givenName('Анна')).toBe('Анна');
    expect(givenName('Анна Смирнова')).toBe('Анна');
    expect(givenName(null)).toBe('');
  });
});
