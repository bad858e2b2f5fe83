const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** Whole roubles the Russian way: 1250 → '1 250 ₽' (non-breaking spaces). */
export const formatMoney = (amount: number) => `${rub.format(amount)}\u00a0₽`;

const day = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});
export const formatDay = (iso: string) => day.format(new Date(iso));

/** A whole positive number of roubles typed by the customer, else null. */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '');
  if (!/^\d{1,9}$/.test(clean)) return null;
  const n = Number(clean);
  return n > 0 ? n : null;
}

export const digits = (text: string) => text.replace(/\D/g, '');
