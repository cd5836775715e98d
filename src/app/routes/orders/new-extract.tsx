import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/components/ui/layout/page-header';
import { ExtractForm } from '@/features/uploads/components/extract/extract-form';
import { KindSwitcher } from '@/features/uploads/components/form/kind-switcher';
import { useTracingAccount } from '@/app/tracing-account';

export function Component() {
  const { t } = useLingui();
  const account = useTracingAccount();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t`New watermark extract order`} description={t`Find the watermark in an image or PDF, and who had the copy.`} />
      <KindSwitcher />
      <ExtractForm account={account.ledger} />
    </div>
  );
}
