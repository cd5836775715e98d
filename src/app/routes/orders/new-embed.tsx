import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { RadioGroup } from '@/components/ui/radio-group';
import { useSession } from '@/features/auth/session';
import { useTracingAccount } from '@/app/tracing-account';
import { EmbedForm } from '@/features/uploads/components/embed-form';
import { KindSwitcher } from '@/features/uploads/components/kind-switcher';
import { useUrlSearch } from '@/lib/use-url-search';

type Mode = 'same' | 'recipients';

// Loaded when the mode is chosen: the plain embed page stays as light as it was.
const RecipientMode = lazy(() => import('@/features/uploads/components/tracing/recipient-mode').then((m) => ({ default: m.RecipientMode })));

export function Component() {
  const { t } = useLingui();
  const [search, setSearch] = useUrlSearch();
  const mode: Mode = search.get('mode') === 'recipients' ? 'recipients' : 'same';
  const session = useSession();
  // The ledger is the account's, as the extract page and the evidence report read it (app/tracing-account.ts). The
  // owner of a readable text defaults to the e-mail of an e-mail sign-in.
  const { ledger: account } = useTracingAccount();
  const email = session?.account?.user.email;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t`New watermark embed order`}
        description={mode === 'recipients' ? t`Give each recipient their own copy of your images, so a leaked copy names who had it.` : t`Hide watermark texts in up to 100 images.`}
      />
      <KindSwitcher />
      <RadioGroup
        legend={t`Mode`}
        name="embed-mode"
        layout="inline"
        value={mode}
        onChange={(next) =>
          setSearch((current) => {
            const params = new URLSearchParams(current);
            if (next === 'recipients') params.set('mode', 'recipients');
            else params.delete('mode');
            return params;
          })
        }
        options={[
          { value: 'same', label: t`Texts per image` },
          { value: 'recipients', label: t`Copies for recipients` },
        ]}
      />
      {mode === 'recipients' ? (
        <Suspense fallback={null}>
          <RecipientMode account={account} owner={email ?? ''} />
        </Suspense>
      ) : (
        <EmbedForm />
      )}
    </div>
  );
}
