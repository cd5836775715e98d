import { Trans } from '@lingui/react/macro';
import { PageHeader } from '../layout/page-header';
import { Notice } from './notice';

/** Pages whose issue has not landed yet say so instead of pretending. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Notice>
        <Trans>{what} is coming soon to the dashboard.</Trans>
      </Notice>
    </>
  );
}
