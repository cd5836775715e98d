import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/components/ui/layout/page-header';
import { AntiAiForm } from '@/features/uploads/components/anti-ai/anti-ai-form';
import { KindSwitcher } from '@/features/uploads/components/form/kind-switcher';
import { UnfinishedBatches } from '@/features/uploads/components/batch/unfinished-batches';

export function Component() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t`New anti-AI order`} description={t`Protect images against AI training: upload files or give their URLs.`} />
      <KindSwitcher />
      <UnfinishedBatches />
      <AntiAiForm />
    </div>
  );
}
