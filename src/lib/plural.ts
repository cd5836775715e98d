import { formatNumber } from './format';

// The words are English, so the plural rules are English too; the number itself follows the user's locale.
const rules = new Intl.PluralRules('en');

/** "event" or "events" for `count`, chosen by Intl.PluralRules (1 → one, 0 and 2 → other). */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

/** "1 event", "0 events", "1,234 events". */
export function formatCount(count: number, one: string, other = `${one}s`): string {
  return `${formatNumber(count)} ${pluralWord(count, one, other)}`;
}
