import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageHeader } from '@/components/ui/layout/page-header';
import { RadioGroup } from '@/components/ui/form/radio-group';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { useSession } from '@/features/auth/hooks/use-session';
import { useTracingAccount } from '@/app/tracing-account';
import { EmbedForm } from '@/features/uploads/components/embed/embed-form';
import { KindSwitcher } from '@/features/uploads/components/form/kind-switcher';
import { useUrlSearch } from '@/lib/use-url-search';

type Mode = 'same' | 'recipients';

// Loaded when the mode is chosen: the plain embed page stays as light as it was.
const RecipientMode = lazy(() => import('@/features/uploads/components/tracing/recipient-mode').then((m) => ({ default: m.RecipientMode })));

export function Component() {
  const { t } = useLingui();
  const [search, setSearch] = useUrlSearch();
  const urlMode: Mode = search.get('mode') === 'recipients' ? 'recipients' : 'same';
  // The choice shows at once: the address changes in a transition, which would hold the old choice on screen until
  // the recipients mode's code has arrived. Back and forward still set it from the address.
  const [mode, setMode] = useState<Mode>(urlMode);
  useEffect(() => setMode(urlMode), [urlMode]);
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
        onChange={(next) => {
          setMode(next);
          setSearch((current) => {
            const params = new URLSearchParams(current);
            if (next === 'recipients') params.set('mode', 'recipients');
            else params.delete('mode');
            return params;
          });
        }}
        options={[
          { value: 'same', label: t`Texts per image` },
          { value: 'recipients', label: t`Copies for recipients` },
        ]}
      />
      {mode === 'recipients' ? (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <RecipientMode account={account} owner={email ?? ''} />
        </Suspense>
      ) : (
        <EmbedForm />
      )}
    </div>
  );
}
