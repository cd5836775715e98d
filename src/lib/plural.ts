import { formatNumber } from './format';

const rules = new Intl.PluralRules('en');

/**
 * "1 file", "2 files", "1,024 files": the count through Intl.NumberFormat, the word chosen by Intl.PluralRules
 * (the texts are English, so the rules are English; the number keeps the user's own format).
 */
export function countOf(count: number, forms: { one: string; other: string }): string {
  return `${formatNumber(count)} ${rules.select(count) === 'one' ? forms.one : forms.other}`;
}

export const FILES = { one: 'file', other: 'files' } as const;
export const ORDERS = { one: 'order', other: 'orders' } as const;
