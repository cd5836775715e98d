import { PageHeader } from '@/components/ui/page-header';
import { SignatureChecker } from '@/features/webhooks/components/signature-checker';

export function Component() {
  return (
    <div>
      <PageHeader title="Signature checker" description="Paste a delivery's raw body and its X-Service-Signature, and compare it byte by byte with the body that was signed; everything runs in your browser." />
      <SignatureChecker />
    </div>
  );
}
