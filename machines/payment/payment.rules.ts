// The client-side money rules of a checkout (mirrors of contract/payments.ts; the server checks them all
// again on pay/). Pure functions, tested in tests/machines/payment-rules.test.ts.
import { BONUS_SHARE_LIMIT, INSTALLMENT_MIN_SUM, type PaymentMethodId } from '../../contract/payments';
import type { Finances, PaymentMethod } from '../../contract/payments.api';

/**
 * Spec 5: the installments method is offered only when its flag is on and the sum is at least 3000. The flag is
 * the server's: it lists the method only while installments are switched on, so an absent method means "off".
 */
export function installmentsAvailable(method: PaymentMethod | null | undefined, sum: number): boolean {
  if (!method || method.id !== 'installments') return false;
  if (!Number.isFinite(sum)) return false;
  return sum >= Math.max(INSTALLMENT_MIN_SUM, method.min_sum ?? 0);
}

/** At most 30 % of an order's price may be paid with bonus, over all its payments (whole roubles, rounded down). */
export const bonusCap = (price: number) => Math.floor(price * BONUS_SHARE_LIMIT);

export interface PayableOrder {
  price: number;
  paid: number;
}

export interface Quote {
  /** What the orders still owe. */
  due: number;
  bonus: number;
  money: number;
  /** Charged through the provider (card, SBP, installments). */
  external: number;
}

/**
 * How a payment splits between bonus, the money balance and the provider, the way the server plans it. The bonus
 * already spent on an order is not known to the page, so the bonus part is an upper estimate the server may lower.
 */
export function quote(
  orders: readonly PayableOrder[],
  finances: Finances,
  opts: { useBonus: boolean; useMoney: boolean },
): Quote {
  let bonusLeft = opts.useBonus ? Math.max(0, finances.bonus) : 0;
  let moneyLeft = opts.useMoney ? Math.max(0, finances.money) : 0;
  let due = 0;
  let bonus = 0;
  let money = 0;
  for (const o of orders) {
    const owed = Math.max(0, o.price - o.paid);
    const b = Math.min(owed, bonusCap(o.price), bonusLeft);
    bonusLeft -= b;
    const m = Math.min(owed - b, moneyLeft);
    moneyLeft -= m;
    due += owed;
    bonus += b;
    money += m;
  }
  return { due, bonus, money, external: due - bonus - money };
}

/** The fee of a method on a sum, whole roubles rounded up (0 for the methods of today). */
export const feeOf = (method: Pick<PaymentMethod, 'fee_percent'> | undefined, sum: number) =>
  method ? Math.ceil((sum * method.fee_percent) / 100) : 0;

/** A monthly instalment for `months` months (rounded up to the rouble). */
export const monthlyInstalment = (sum: number, months: number) =>
  months > 0 ? Math.ceil(sum / months) : sum;

/**
 * The methods the customer may choose for what is left after bonus and balance: `balance` only when nothing is
 * left for the provider, installments by spec 5, the provider methods whenever something is left.
 */
export function availableMethods(methods: readonly PaymentMethod[], q: Quote): PaymentMethodId[] {
  const out: PaymentMethodId[] = [];
  for (const m of methods) {
    if (m.id === 'balance') {
      if (q.external === 0 && q.due > 0) out.push('balance');
    } else if (m.id === 'installments') {
      if (installmentsAvailable(m, q.external)) out.push('installments');
    } else if (q.external > 0) out.push(m.id);
  }
  return out;
}
