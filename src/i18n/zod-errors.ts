import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { config, type core } from 'zod/mini';

/*
 * Words for zod's built-in checks that a schema gives none of its own for, looked up per issue (so in the active
 * language). zod/mini and classic zod share this one config, and a schema's own `error` still wins. Not zod's
 * `zod/locales` packs: their wording is not ours, and each would be one more chunk.
 */
const appCatalogProbe = msg`is not valid`;

function sizeWords(issue: core.$ZodRawIssue & { code: 'too_small' | 'too_big' }): string {
  const small = issue.code === 'too_small';
  const count = Number(small ? issue.minimum : issue.maximum);
  switch (issue.origin) {
    case 'string':
      if (small && count <= 1) return i18n._(msg`is required`);
      return small
        ? i18n._(msg`must be at least ${plural(count, { one: '# character', other: '# characters' })} long`)
        : i18n._(msg`must be at most ${plural(count, { one: '# character', other: '# characters' })} long`);
    case 'array':
    case 'set':
      return small
        ? i18n._(msg`must have at least ${plural(count, { one: '# item', other: '# items' })}`)
        : i18n._(msg`must have at most ${plural(count, { one: '# item', other: '# items' })}`);
    default:
      return small ? i18n._(msg`must be at least ${count}`) : i18n._(msg`must be at most ${count}`);
  }
}

export function zodMessage(issue: core.$ZodRawIssue): string | undefined {
  // These words are in the app catalog; before it has arrived (the sign-in screen, whose schemas have their own
  // words) zod's own stand in rather than a bare id.
  if (!i18n.messages[appCatalogProbe.id] && appCatalogProbe.message === undefined) return undefined;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? i18n._(msg`is required`) : i18n._(msg`is not of the expected type`);
    case 'too_small':
    case 'too_big':
      return sizeWords(issue);
    case 'invalid_format':
      if (issue.format === 'email') return i18n._(msg`must be an e-mail address`);
      if (issue.format === 'url') return i18n._(msg`must be a URL`);
      if (issue.format === 'datetime' || issue.format === 'date') return i18n._(msg`must be a date`);
      return i18n._(msg`is not in the expected format`);
    case 'invalid_value': {
      const choices = issue.values.map(String).join(', ');
      return i18n._(msg`must be one of: ${choices}`);
    }
    case 'not_multiple_of': {
      const divisor = Number(issue.divisor);
      return i18n._(msg`must be a multiple of ${divisor}`);
    }
    case 'unrecognized_keys': {
      const keys = issue.keys.join(', ');
      return i18n._(msg`has fields that are not expected: ${keys}`);
    }
    default:
      return i18n._(msg`is not valid`);
  }
}

/** Installed when the app's code loads (src/app/app.tsx); until then zod's own words stand in (none are shown on sign-in). */
export function installZodMessages(): void {
  config({ customError: zodMessage });
}
