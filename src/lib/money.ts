// Money as the customer reads and types it: whole roubles, the Russian way.
import { ruNumber } from './numbers';

/** Whole roubles: 1250 → '1 250 ₽' (non-breaking spaces, so the sum never wraps). */
export const formatMoney = (amount: number) => `${ruNumber(amount)}\u00a0₽`;

/** A signed amount of the history: '+1 250 ₽', '−500 ₽'. */
export const formatSigned = (amount: number) =>
  `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatMoney(Math.abs(amount))}`;

/** A whole positive number of roubles typed by the customer ('1 250' too), else null. */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '');
  if (!/^\d{1,9}$/.test(clean)) return null;
  const n = Number(clean);
  return n > 0 ? n : null;
}
