import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { DetailList, DetailRow } from '@/components/ui/data/detail-list';
import { Card } from '@/components/ui/layout/card';
import { Notice } from '@/components/ui/feedback/notice';
import { PageHeader } from '@/components/ui/layout/page-header';
import { SecretField } from '@/components/ui/form/secret-field';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import type { LoginResult } from '@/api/schemas/auth';
import { planLabel } from '../lib/plan-label';

/** `planMeter`: the plan's current usage, composed by the route (it is derived from the orders list). */
export function AccountDetails({ account, planMeter }: { account: LoginResult; planMeter: ReactNode }) {
  // Also re-renders the dates and numbers on a change of language.
  const { t } = useLingui();
  const { user, contract } = account;
  const limit = contract.usageLimit;
  return (
    <>
      <PageHeader title={t`Account`} description={t`Your sign-in, plan and keys.`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t`Profile`}>
          <DetailList>
            <DetailRow label={t`E-mail`}>{user.email}</DetailRow>
            <DetailRow label={t`User id`}>{user.id}</DetailRow>
          </DetailList>
        </Card>
        <Card title={t`Plan`}>
          <DetailList>
            <DetailRow label={t`Plan`}>{planLabel(contract.planType)}</DetailRow>
            <DetailRow label={t`Started`}>{formatDate(contract.planStartDate)}</DetailRow>
            <DetailRow label={t`Ends`}>{contract.planEndDate ? formatDate(contract.planEndDate) : t`No end date`}</DetailRow>
            <DetailRow label={t`Limit`}>
              <Plural value={limit} one="# file" other="# files" />
            </DetailRow>
          </DetailList>
          <div className="mt-4">{planMeter}</div>
        </Card>
        <Card title={t`Keys`} className="lg:col-span-2">
          <div className="flex flex-col gap-4">
            <SecretField label={t`API key`} value={user.apiKey} />
            <SecretField label={t`Migration key`} value={user.migrationKey} />
          </div>
        </Card>
      </div>
    </>
  );
}

export function ApiKeyAccountNotice({ apiKey }: { apiKey: string }) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Account`} />
      <Notice>
        <Trans>
          You signed in with an API key. The service tells your e-mail, plan and usage only when you sign in with e-mail and password.
        </Trans>
      </Notice>
      <Card title={t`Keys`} className="mt-6">
        <SecretField label={t`API key`} value={apiKey} />
      </Card>
    </>
  );
}
