import { Trans, useLingui } from '@lingui/react/macro';
import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/form/button';
import { EmptyState } from '@/components/ui/feedback/empty-state';
import { PageHeader } from '@/components/ui/layout/page-header';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Page not found`} />
      <EmptyState
        icon={MapPinOff}
        title={t`There is no page at this address`}
        description={t`The link may be old, or the address mistyped. Orders and webhooks keep their own addresses: open them from their lists.`}
        action={
          <>
            <Link className={buttonClass()} to="/">
              <Trans>Go to the overview</Trans>
            </Link>
            <Link className={buttonClass({ variant: 'secondary' })} to="/orders">
              <Trans>Orders</Trans>
            </Link>
          </>
        }
      />
    </>
  );
}
