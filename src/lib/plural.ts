const rules = new Intl.PluralRules(undefined);

/**
 * "1 file", "3 files": the count through `Intl.NumberFormat`, the word chosen by `Intl.PluralRules`
 * (English words: the app is in English, the numbers follow the user's locale).
 */
export function plural(count: number, one: string, other: string): string {
  return `${new Intl.NumberFormat().format(count)} ${rules.select(count) === 'one' ? one : other}`;
}
