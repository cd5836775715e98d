import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function Component() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        icon={MapPinOff}
        title="There is no page at this address"
        description="The link may be old, or the address mistyped. Orders and webhooks keep their own addresses: open them from their lists."
        action={
          <>
            <Link className={buttonClass()} to="/">
              Go to the overview
            </Link>
            <Link className={buttonClass({ variant: 'secondary' })} to="/orders">
              Orders
            </Link>
          </>
        }
      />
    </>
  );
}
