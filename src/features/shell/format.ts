const rub = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** Whole roubles the Russian way: 1250 → '1 250 ₽' (non-breaking spaces, so the sum never wraps). */
export const formatMoney = (amount: number) => `${rub.format(amount)}\u00a0₽`;

/**
 * The name to greet: in a full «Фамилия Имя Отчество» the second word is the given name; a shorter entry is
 * taken as the customer typed it (first word).
 */
export function givenName(fio: string | null | undefined): string {
  const parts = (fio ?? '').trim().split(/\s+/).filter(Boolean);
  return (parts.length >= 3 ? parts[1] : parts[0]) ?? '';
}
