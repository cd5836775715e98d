import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { controlClass } from '@/components/ui/form/control-class';
import { switchLocale } from './catalogs';
import { LANGUAGE_NAMES, LOCALES, rememberLocale, type Locale } from './locales';

/**
 * The language control: "Language" stays readable in every locale (the catalogs add the local word after it),
 * and each language is named in itself, so a user who landed in a language they cannot read still finds theirs.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { i18n, t } = useLingui();
  const id = useId();
  const current = i18n.locale as Locale;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {t`Language`}
      </label>
      {/* A plain <select> with the kit's look: the kit's Select would bring its option-list code onto the cold sign-in visit. */}
      <select
        id={id}
        className={controlClass('sm')}
        value={current}
        onChange={(event) => {
          const next = event.target.value as Locale;
          rememberLocale(next);
          void switchLocale(next);
        }}
      >
        {current === 'pseudo' ? <option value="pseudo">Pseudo</option> : null}
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
