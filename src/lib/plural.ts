/** The Russian forms of a word after a number: 1 сообщение (one), 2 сообщения (few), 5 сообщений (many). */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
}

/**
 * The form of the word that goes with `n`, by the CLDR rules of Russian (what Intl.PluralRules('ru') selects, written
 * out: the first Intl object of a page loads the locale's data, see src/lib/numbers.ts). A fraction (1,5 сообщения)
 * takes the `few` form, which in Russian is the genitive singular it needs.
 */
export function plural(n: number, forms: PluralForms): string {
  const whole = Math.abs(n);
  if (!Number.isInteger(whole)) return forms.few;
  const last = whole % 10;
  const lastTwo = whole % 100;
  if (last === 1 && lastTwo !== 11) return forms.one;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return forms.few;
  return forms.many;
}
