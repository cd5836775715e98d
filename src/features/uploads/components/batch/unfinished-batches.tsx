import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '@/components/ui/feedback/notice';
import { unfinishedBatches, unfinishedOrders } from '../../lib/batch/batch-store';

/**
 * After a reload in the middle of a batch the form is empty again: the page says that a batch did not finish and
 * links to its page, where one drop of the folder finishes every waiting order. Read once when the page opens,
 * so a batch this page is sending right now is not announced to itself.
 */
export function UnfinishedBatches() {
  const { t } = useLingui();
  const [batches] = useState(unfinishedBatches);
  if (batches.length === 0) return null;
  return (
    <Notice tone="warning">
      <div className="flex flex-col gap-1" data-testid="unfinished-batches">
        <p className="font-medium">
          {t`${plural(batches.length, { one: 'A batch sent from this browser did not finish uploading.', other: '# batches sent from this browser did not finish uploading.' })}`}
        </p>
        <ul className="flex flex-col gap-1">
          {batches.map((b) => {
            const name = b.name;
            const open = unfinishedOrders(b);
            const total = b.orders.length;
            return (
              <li key={b.batchId}>
                <Link className="font-medium underline" to={`/orders/batches/${encodeURIComponent(b.batchId)}`}>
                  {t`Finish “${name}”`}
                </Link>{' '}
                <span>{t`(${open} of ${total} orders not finished): on its page, one drop of the folder sends what is missing.`}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </Notice>
  );
}
