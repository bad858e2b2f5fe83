/** The Russian forms of a word after a number: 1 сообщение (one), 2 сообщения (few), 5 сообщений (many). */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
}

const rules = new Intl.PluralRules('ru');

/**
 * The form of the word that goes with `n`, by the CLDR rules of Russian. A fraction (1,5 сообщения) takes the
 * `few` form, which in Russian is the genitive singular it needs.
 */
export function plural(n: number, forms: PluralForms): string {
  const category = rules.select(n);
  if (category === 'one' || category === 'many') return forms[category];
  return forms.few;
}
