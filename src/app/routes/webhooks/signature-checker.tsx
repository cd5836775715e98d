import { PageHeader } from '@/components/ui/page-header';
import { SignatureChecker } from '@/features/webhooks/components/signature-checker';

export function Component() {
  return (
    <div>
      <PageHeader title="Signature checker" description="Paste a delivery's raw body and its X-Service-Signature; the check runs in your browser." />
      <SignatureChecker />
    </div>
  );
}
