import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/form/button';
import { CopyButton } from '@/components/ui/form/copy-button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Field } from '@/components/ui/form/field';
import { Input } from '@/components/ui/form/input';
import { Notice } from '@/components/ui/feedback/notice';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { Time } from '@/components/ui/data/time';
import { WEBHOOK_DELIVERY_TIMEOUT_S } from '@/api/limits';
import { emulatorInfoQueryOptions } from '../../api/get-emulator-info';
import { useClearReceiver } from '../../api/clear-receiver';
import { useReceiverRequests } from '../../api/get-receiver-requests';
import { useSetReceiverConfig } from '../../api/set-receiver-config';

/** A second past the service's wait, so the delivery surely times out. */
export const TIMEOUT_DELAY_MS = (WEBHOOK_DELIVERY_TIMEOUT_S + 1) * 1000;

function SignatureState({ valid }: { valid: boolean | null }) {
  if (valid === null) {
    return (
      <span>
        <Trans>◌ Not checked (no webhook points here)</Trans>
      </span>
    );
  }
  return valid ? (
    <span className="text-emerald-800 dark:text-emerald-300">
      <Trans>✓ Valid signature</Trans>
    </span>
  ) : (
    <span className="text-red-800 dark:text-red-300">
      <Trans>✕ Invalid signature</Trans>
    </span>
  );
}

/** The emulator's built-in receiver: its URL, the answer it gives, and what it received. */
export function TestReceiver({ name }: { name: string }) {
  const { t } = useLingui();
  const info = useQuery(emulatorInfoQueryOptions);
  const requests = useReceiverRequests(name);
  const setConfig = useSetReceiverConfig(name);
  const clear = useClearReceiver(name);
  const [custom, setCustom] = useState('418');
  if (info.isPending) return <Skeleton className="h-40 w-full" />;
  if (!info.data) {
    return (
      <Notice>
        <Trans>The test receiver exists only on the local emulator; this service is not the emulator.</Trans>
      </Notice>
    );
  }

  const origin = info.data.publicUrl ?? window.location.origin;
  const url = `${origin.replace(/\/+$/, '')}/_emulator/receivers/${name}`;
  const current = requests.data?.receiver;
  const delay = current?.delayMs;
  const status = current?.status;
  const answer = current ? (current.delayMs >= TIMEOUT_DELAY_MS ? t`time out (waits ${delay} ms)` : t`HTTP ${status}`) : '…';

  return (
    <div className="flex flex-col gap-4">
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">
          <Trans>Receiver URL</Trans>
        </h2>
        <p className="flex flex-wrap items-center gap-2">
          <code data-testid="receiver-url" className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all dark:bg-zinc-800">{url}</code>
          <CopyButton text={url} what={t`receiver URL`} />
        </p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          <Trans>
            Register this as a webhook URL. The emulator, not your browser, sends the deliveries, so the URL is the emulator's own address.
          </Trans>
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">
          <Trans>
            Receiver answers: <span data-testid="receiver-answer">{answer}</span>
          </Trans>
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="secondary" onClick={() => setConfig.mutate({ status: 200, delayMs: 0 })}>
            <Trans>Answer 200</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setConfig.mutate({ status: 500, delayMs: 0 })}>
            <Trans>Answer 500</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setConfig.mutate({ status: 200, delayMs: TIMEOUT_DELAY_MS })}>
            <Trans>Time out</Trans>
          </Button>
          <Field label={t`Custom status`}>
            {(control) => <Input {...control} size="sm" inputMode="numeric" value={custom} onChange={(e) => setCustom(e.target.value)} className="w-24" />}
          </Field>
          <Button variant="secondary" onClick={() => setConfig.mutate({ status: Number(custom), delayMs: 0 })}>
            <Trans>Answer custom status</Trans>
          </Button>
        </div>
        {setConfig.isError && <ErrorAlert error={setConfig.error} title={t`The answer was not changed`} />}
      </section>
      <section className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">
            <Trans>Received requests</Trans>
          </h2>
          <Button size="sm" variant="ghost" onClick={() => clear.mutate()}>
            <Trans>Clear</Trans>
          </Button>
        </div>
        {requests.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : requests.isError ? (
          <ErrorAlert error={requests.error} title={t`Could not read received requests`} onRetry={() => void requests.refetch()} />
        ) : requests.data.requests.length === 0 ? (
          <p className="text-sm">
            <Trans>Nothing received yet. Point a webhook at the URL above and finish an order.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {requests.data.requests.map((r) => (
              <li key={r.id} className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700" data-testid="received-request">
                <p className="flex flex-wrap gap-3">
                  <Time value={r.receivedAt} />
                  <SignatureState valid={r.signatureValid} />
                </p>
                <details className="mt-1">
                  <summary className="cursor-pointer">
                    <Trans>Headers and body</Trans>
                  </summary>
                  <pre className="mt-1 overflow-x-auto text-xs">{Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
                  <pre data-testid="received-body" className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap break-all">{r.body}</pre>
                  <CopyButton text={r.body} what={t`body`} />
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
