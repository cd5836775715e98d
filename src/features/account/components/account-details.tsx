import { DetailList, DetailRow } from '@/components/ui/detail-list';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { SecretField } from '@/components/ui/secret-field';
import type { ReactNode } from 'react';
import { formatDate, formatNumber } from '@/lib/format';
import type { LoginResult } from '@/api/schemas/auth';
import { planLabel } from '../plan-label';


/** `planMeter`: the plan's current usage, composed by the route (it is derived from the orders list). */
export function AccountDetails({ account, planMeter }: { account: LoginResult; planMeter: ReactNode }) {
  const { user, contract } = account;
  return (
    <>
      <PageHeader title="Account" description="Your sign-in, plan and keys." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Profile">
          <DetailList>
            <DetailRow label="E-mail">{user.email}</DetailRow>
            <DetailRow label="User id">{user.id}</DetailRow>
          </DetailList>
        </Card>
        <Card title="Plan">
          <DetailList>
            <DetailRow label="Plan">{planLabel(contract.planType)}</DetailRow>
            <DetailRow label="Started">{formatDate(contract.planStartDate)}</DetailRow>
            <DetailRow label="Ends">{contract.planEndDate ? formatDate(contract.planEndDate) : 'No end date'}</DetailRow>
            <DetailRow label="Limit">{formatNumber(contract.usageLimit)} files</DetailRow>
          </DetailList>
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
