const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** Whole roubles the Russian way: 1250 → '1 250 ₽' (non-breaking spaces, the sum never wraps). */
export const formatMoney = (amount: number) => `${rub.format(amount)}\u00a0₽`;

/** A signed amount of the history: '+1 250 ₽', '−500 ₽'. */
export const formatSigned = (amount: number) =>
  `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatMoney(Math.abs(amount))}`;

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});
const dateOnly = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Moscow',
});

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** A whole positive number of roubles typed by the customer, else null. */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '');
  if (!/^\d{1,9}$/.test(clean)) return null;
  const n = Number(clean);
  return n > 0 ? n : null;
}
