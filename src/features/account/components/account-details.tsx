import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { SecretField } from '@/components/ui/secret-field';
import { UsageMeter } from '@/components/ui/usage-meter';
import { formatDate, formatDateTime, formatNumber, formatRelative } from '@/lib/format';
import type { LoginResult } from '@/api/schemas/auth';
import { planLabel } from '../plan-label';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm font-medium sm:col-span-2">{children}</dd>
    </div>
  );
}

export function AccountDetails({ account, readAt }: { account: LoginResult; readAt: number }) {
  const { user, contract } = account;
  return (
    <>
      <PageHeader title="Account" description="Your sign-in, plan and keys." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Profile">
          <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
            <Row label="E-mail">{user.email}</Row>
            <Row label="User id">{user.id}</Row>
          </dl>
        </Card>
        <Card title="Plan">
          <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
            <Row label="Plan">{planLabel(contract.planType)}</Row>
            <Row label="Started">{formatDate(contract.planStartDate)}</Row>
            <Row label="Ends">{contract.planEndDate ? formatDate(contract.planEndDate) : 'No end date'}</Row>
            <Row label="Limit">{formatNumber(contract.usageLimit)} files</Row>
          </dl>
          <div className="mt-4">
            <UsageMeter used={contract.currentUsage} limit={contract.usageLimit} label="Files processed this plan" />
            <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
              Read at sign-in, <time dateTime={new Date(readAt).toISOString()} title={formatDateTime(readAt)}>{formatRelative(readAt)}</time>: the service
              reports usage only then.
            </p>
          </div>
        </Card>
        <Card title="Keys" className="lg:col-span-2">
          <div className="flex flex-col gap-4">
            <SecretField label="API key" value={user.apiKey} />
            <SecretField label="Migration key" value={user.migrationKey} />
          </div>
        </Card>
      </div>
    </>
  );
}

export function ApiKeyAccountNotice({ apiKey }: { apiKey: string }) {
  return (
    <>
      <PageHeader title="Account" />
      <Notice>
        You signed in with an API key. The service tells your e-mail, plan and usage only when you sign in with e-mail and password.
      </Notice>
      <Card title="Keys" className="mt-6">
        <SecretField label="API key" value={apiKey} />
      </Card>
    </>
  );
}
