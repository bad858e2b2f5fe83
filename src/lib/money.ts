// Money and numbers as the customer reads them: whole roubles, file sizes, the Russian way ('1 234 567', '1,5'), as
// Intl.NumberFormat('ru-RU') writes them, without Intl: the first Intl.NumberFormat of a page loads the locale's
// data, 110–250 ms of the main thread at a 4× CPU slowdown in Chromium on this machine (see contract/moscow-time.ts,
// which does the same for dates). One module, so that the lists' chunks share one small file, not two.

const NBSP = '\u00a0';
/** Beyond this the digits are no longer exact integers: Intl writes those. */
const EXACT_BELOW = 2 ** 52;

/**
 * `n` rounded to at most `fractionDigits` decimals (half away from zero), thousands split by non-breaking spaces,
 * a decimal comma and no trailing zeros: 1250 → '1 250', 1.25 with one decimal → '1,3', -0.4 → '-0'. Exact for
 * whole numbers and for binary fractions such as a file's size in kilobytes.
 */
export function ruNumber(n: number, fractionDigits = 0): string {
  const scale = 10 ** fractionDigits;
  const scaled = Math.round(Math.abs(n) * scale);
  // Not a sum a customer has (NaN, infinity, 2⁵² and over): Intl, made for the call.
  if (!Number.isFinite(n) || scaled >= EXACT_BELOW) {
    return new Intl.NumberFormat('ru-RU', { maximumFractionDigits: fractionDigits }).format(n);
  }
  const whole = String(Math.floor(scaled / scale));
  let grouped = '';
  for (let end = whole.length; end > 0; end -= 3) {
    grouped = whole.slice(Math.max(0, end - 3), end) + (grouped ? NBSP + grouped : '');
  }
  const fraction = String(scaled % scale)
    .padStart(fractionDigits, '0')
    .replace(/0+$/, '');
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** A file's size: 512 → '512 Б', 1536 → '1,5 КБ', 5 MiB → '5 МБ'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${ruNumber(bytes / 1024, 1)} КБ`;
  return `${ruNumber(bytes / 1024 / 1024, 1)} МБ`;
}

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
