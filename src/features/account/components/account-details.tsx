import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { SecretField } from '@/components/ui/secret-field';
import type { ReactNode } from 'react';
import { formatDate, formatNumber } from '@/lib/format';
import type { LoginResult } from '@/api/schemas/auth';
import { planLabel } from '../plan-label';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm font-medium sm:col-span-2">{children}</dd>
    </div>
  );
}

/** `planMeter`: the plan's current usage, composed by the route (it is derived from the orders list). */
export function AccountDetails({ account, planMeter }: { account: LoginResult; planMeter: ReactNode }) {
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
          <div className="mt-4">{planMeter}</div>
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
