import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/layout/card';
import { Time } from '@/components/ui/data/time';
import { uploadBatches } from '../../lib/batch/batch-store';

/**
 * The batches this browser sent in the last 7 days, each a link to its page (states, Download all). The service
 * knows orders, not batches: without this list a batch page was reachable only right after sending it.
 */
export function RecentBatches() {
  const { t } = useLingui();
  const [batches] = useState(() => uploadBatches().list());
  if (batches.length === 0) return null;
  return (
    <Card title={t`Batches sent from this browser`} description={t`Each batch's orders in one place, with Download all. Kept for 7 days.`}>
      <ul className="flex flex-col gap-1 text-sm">
        {batches.map((batch) => (
          <li key={batch.batchId} className="flex flex-wrap gap-x-2">
            <Link className="font-medium underline" to={`/orders/batches/${batch.batchId}`}>
              {batch.name}
            </Link>
            <span className="text-zinc-600 dark:text-zinc-400">
              {t`${plural(batch.orders.length, { one: '# order', other: '# orders' })}`} · <Time value={batch.savedAt} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
