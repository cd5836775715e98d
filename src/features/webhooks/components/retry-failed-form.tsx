import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { retryFailedRequest } from '@/api/schemas/webhooks';
import { Button } from '@/components/ui/button';
import { Disclosure } from '@/components/ui/disclosure';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { isMissingEndpoint } from '@/api/api-error';
import { useRetryFailed } from '../api/webhooks-api';
import { ResendAllFailed } from './resend-all-failed';

function ymd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Re-sends the failed deliveries of a date range (at most 7 days, checked with the request schema). */
export function RetryFailedForm({ webhookId, onMissing }: { webhookId: number; onMissing: () => void }) {
  const today = new Date();
  const [fromDate, setFrom] = useState(ymd(new Date(today.getTime() - 6 * 86_400_000)));
  const [toDate, setTo] = useState(ymd(today));
  const [errors, setErrors] = useState<{ fromDate?: string; toDate?: string }>({});
  const { t } = useLingui();
  const mutation = useRetryFailed(webhookId);

  return (
    <>
      <ResendAllFailed webhookId={webhookId} />
      <Disclosure summary={<Trans>Retry failed deliveries of up to 7 days</Trans>}>
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = retryFailedRequest.safeParse({ fromDate, toDate });
            if (!parsed.success) {
              const next: typeof errors = {};
              for (const issue of parsed.error.issues) next[issue.path[0] as 'fromDate' | 'toDate'] ??= issue.message;
              setErrors(next);
              return;
            }
            setErrors({});
            mutation.mutate(parsed.data, { onError: (error) => isMissingEndpoint(error) && onMissing() });
          }}
        >
          <TextField label={t`From`} type="date" value={fromDate} onChange={(e) => setFrom(e.target.value)} error={errors.fromDate} />
          <TextField
            label={t`To`}
            type="date"
            value={toDate}
            onChange={(e) => setTo(e.target.value)}
            error={errors.toDate}
            hint={t`At most 7 days; up to 50 failed events are re-sent.`}
          />
          <Button type="submit" variant="secondary" loading={mutation.isPending}>
            <Trans>Retry failed deliveries</Trans>
          </Button>
        </form>
        {mutation.data && (
          <Notice tone={mutation.data.failed === 0 ? 'success' : 'warning'}>
            <RetriedSummary total={mutation.data.total} succeeded={mutation.data.succeeded} failed={mutation.data.failed} />
          </Notice>
        )}
        {mutation.isError && !isMissingEndpoint(mutation.error) && <ErrorAlert error={mutation.error} title={t`Failed deliveries were not retried`} />}
      </Disclosure>
    </>
  );
}

function RetriedSummary({ total, succeeded, failed }: { total: number; succeeded: number; failed: number }) {
  return (
    <Trans>
      Retried {total}: {succeeded} succeeded, {failed} failed.
    </Trans>
  );
}
