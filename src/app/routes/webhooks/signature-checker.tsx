import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/components/ui/layout/page-header';
import { SignatureChecker } from '@/features/webhooks/components/tools/signature-checker';

export function Component() {
  const { t } = useLingui();
  return (
    <div>
      <PageHeader
        title={t`Signature checker`}
        description={t`Paste a delivery's raw body and its X-Service-Signature, and compare it byte by byte with the body that was signed; everything runs in your browser.`}
      />
      <SignatureChecker />
    </div>
  );
}
