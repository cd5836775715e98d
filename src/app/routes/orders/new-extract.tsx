import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/components/ui/page-header';
import { ExtractForm } from '@/features/uploads/components/extract-form';
import { KindSwitcher } from '@/features/uploads/components/kind-switcher';

export function Component() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t`New watermark extract order`} description={t`Find the watermark in one image or PDF.`} />
      <KindSwitcher />
      <ExtractForm />
    </div>
  );
}
