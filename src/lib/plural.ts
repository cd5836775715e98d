import { formatNumber } from './format';

const rules = new Intl.PluralRules();

/**
 * "1 order", "3 orders", "1,204 orders": the number through Intl.NumberFormat, the word chosen by Intl.PluralRules
 * (English needs only one and other; the rules object keeps the choice in one place for other locales).
 */
export function formatCount(count: number, one: string, other: string): string {
  return `${formatNumber(count)} ${pluralWord(count, one, other)}`;
}

export function pluralWord(count: number, one: string, other: string): string {
  return rules.select(count) === 'one' ? one : other;
}
