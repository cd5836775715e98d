import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/components/ui/page-header';
import { EmbedForm } from '@/features/uploads/components/embed-form';
import { KindSwitcher } from '@/features/uploads/components/kind-switcher';

export function Component() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t`New watermark embed order`} description={t`Hide watermark texts in up to 100 images.`} />
      <KindSwitcher />
      <EmbedForm />
    </div>
  );
}
