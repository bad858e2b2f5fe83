import { describe, expect, it } from 'vitest';
import {
  availableMethods,
  bonusCap,
  feeOf,
  installmentsAvailable,
  monthlyInstalment,
  quote,
} from '../../machines/payment/payment.rules';
import type { PaymentMethod } from '../../contract/payments.api';

const installments: PaymentMethod = {
  id: 'installments',
  title: 'Оплата частями',
  fee_percent: 0,
  min_sum: 3000,
  installments: { months: [3, 6] },
};
const card: PaymentMethod = { id: 'card', title: 'Банковская карта', fee_percent: 0 };
const sbp: PaymentMethod = { id: 'sbp', title: 'СБП', fee_percent: 0 };
const balance: PaymentMethod = { id: 'balance', title: 'С баланса', fee_percent: 0 };

describe('spec 5: installments only with the flag on and a sum of at least 3000', () => {
  it.each([
    ['flag on, 3000', installments, 3000, true],
    ['flag on, 2999', installments, 2999, false],
    ['flag on, 10 000', installments, 10_000, true],
    ['flag on, 0', installments, 0, false],
    ['flag on, NaN', installments, Number.NaN, false],
    ['flag off (method not listed)', undefined, 5000, false],
    ['flag off (null)', null, 5000, false],
    ['another method', card, 5000, false],
    ['a higher minimum of the server wins', { ...installments, min_sum: 5000 }, 4000, false],
    ['a lower minimum of the server never goes below 3000', { ...installments, min_sum: 1000 }, 2000, false],
  ] as const)('%s', (_, method, sum, expected) => {
    expect(installmentsAvailable(method, sum)).toBe(expected);
  });
});

describe('checkout quote', () => {
  const fin = { money: 2450, bonus: 700 };

  it.each([
    ['card only', { useBonus: false, useMoney: false }, { due: 4800, bonus: 0, money: 0, external: 4800 }],
    [
      'bonus ≤ 30 % of the price',
      { useBonus: true, useMoney: false },
      { due: 4800, bonus: 700, money: 0, external: 4100 },
    ],
    [
      'bonus and balance',
      { useBonus: true, useMoney: true },
      { due: 4800, bonus: 700, money: 2450, external: 1650 },
    ],
  ])('%s', (_, opts, expected) => {
    expect(quote([{ price: 4800, paid: 0 }], fin, opts)).toEqual(expected);
  });

  it('the bonus cap is 30 % of the price, not of what is left', () => {
    expect(bonusCap(1500)).toBe(450);
    expect(quote([{ price: 1500, paid: 0 }], fin, { useBonus: true, useMoney: false }).bonus).toBe(450);
    expect(quote([{ price: 6200, paid: 2000 }], fin, { useBonus: true, useMoney: true })).toEqual({
      due: 4200,
      bonus: 700,
      money: 2450,
      external: 1050,
    });
  });

  it('a packet spends the balances order by order', () => {
    const q = quote(
      [
        { price: 1500, paid: 0 },
        { price: 4800, paid: 0 },
      ],
      fin,
      { useBonus: true, useMoney: true },
    );
    expect(q).toEqual({ due: 6300, bonus: 700, money: 2450, external: 3150 });
  });

  it('methods: balance only when nothing is left for the provider; installments by spec 5', () => {
    const all = [card, sbp, installments, balance];
    expect(availableMethods(all, { due: 4800, bonus: 0, money: 0, external: 4800 })).toEqual([
      'card',
      'sbp',
      'installments',
    ]);
    expect(availableMethods(all, { due: 4800, bonus: 700, money: 2450, external: 1650 })).toEqual([
      'card',
      'sbp',
    ]);
    expect(availableMethods(all, { due: 1500, bonus: 450, money: 1050, external: 0 })).toEqual(['balance']);
  });

  it('fees and monthly instalments round up to the rouble', () => {
    expect(feeOf(card, 4800)).toBe(0);
    expect(feeOf({ fee_percent: 2.5 }, 1001)).toBe(26);
    expect(monthlyInstalment(4800, 3)).toBe(1600);
    expect(monthlyInstalment(4801, 6)).toBe(801);
  });
});
