import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { LanguageSelect } from '@/i18n/language-select';
import { sessionStore } from '../hooks/use-session';
import { EndReasonNotice } from './end-reason-notice';
import { PasswordSignInForm } from './password-sign-in-form';

// Not shown first: its code stays off the cold sign-in visit's budget and downloads
// when the user heads for the tab (docs/decisions/bundle.md).
const loadApiKeyForm = () => import('./api-key-sign-in-form');
const ApiKeySignInForm = lazy(() => loadApiKeyForm().then((module) => ({ default: module.ApiKeySignInForm })));

/**
 * The sign-in screen without the router: the router's /sign-in route and the first load
 * of a cold visit (src/app/first-load) both draw it and decide where a signed-in user goes.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useLingui();
  const [method, setMethod] = useState<'password' | 'apiKey'>('password');

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <p className="text-2xl font-bold tracking-tight text-indigo-700 dark:text-indigo-400">Imprint</p>
          <h1 className="mt-2 text-xl font-semibold">
            <Trans>Sign in to your dashboard</Trans>
          </h1>
        </div>
        <div className="mb-4">
          <EndReasonNotice reason={sessionStore.lastEndReason()} />
        </div>
        <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <div role="group" aria-label={t`Sign in with`} className="mb-5 grid grid-cols-2 gap-1 rounded-md bg-zinc-100 p-1 dark:bg-zinc-800">
            {(['password', 'apiKey'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={method === value}
                onClick={() => setMethod(value)}
                onPointerEnter={value === 'apiKey' ? () => void loadApiKeyForm() : undefined}
                onFocus={value === 'apiKey' ? () => void loadApiKeyForm() : undefined}
                className={
                  method === value
                    ? 'rounded bg-white px-3 py-1.5 text-sm font-medium shadow-sm dark:bg-zinc-950'
                    : 'rounded px-3 py-1.5 text-sm text-zinc-700 dark:text-zinc-300'
                }
              >
                {value === 'password' ? t`Password` : t`API key`}
              </button>
            ))}
          </div>
          {method === 'password' ? (
            <PasswordSignInForm onSignedIn={onSignedIn} />
          ) : (
            <Suspense fallback={<p className="text-sm text-zinc-600 dark:text-zinc-400">{t`Loading…`}</p>}>
              <ApiKeySignInForm onSignedIn={onSignedIn} />
            </Suspense>
          )}
        </div>
        <LanguageSelect className="mx-auto mt-6 w-40" />
      </div>
    </main>
  );
}
