import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { Time } from '@/components/ui/time';
import { emulatorInfoQueryOptions, useClearReceiver, useReceiverRequests, useSetReceiverConfig } from '../api/emulator-api';

export const TIMEOUT_DELAY_MS = 6000;

function SignatureState({ valid }: { valid: boolean | null }) {
  if (valid === null) return <span>◌ Not checked (no webhook points here)</span>;
  return valid ? <span className="text-emerald-800 dark:text-emerald-300">✓ Valid signature</span> : <span className="text-red-800 dark:text-red-300">✕ Invalid signature</span>;
}

/** The emulator's built-in receiver: its URL, the answer it gives, and what it received. */
export function TestReceiver({ name }: { name: string }) {
  const info = useQuery(emulatorInfoQueryOptions);
  const requests = useReceiverRequests(name);
  const setConfig = useSetReceiverConfig(name);
  const clear = useClearReceiver(name);
  const [custom, setCustom] = useState('418');
  if (info.isPending) return <Skeleton className="h-40 w-full" />;
  if (!info.data) return <Notice>The test receiver exists only on the local emulator; this service is not the emulator.</Notice>;

  const origin = info.data.publicUrl ?? window.location.origin;
  const url = `${origin.replace(/\/+$/, '')}/_emulator/receivers/${name}`;
  const current = requests.data?.receiver;
  const answer = current ? (current.delayMs >= TIMEOUT_DELAY_MS ? `time out (waits ${current.delayMs} ms)` : `HTTP ${current.status}`) : '…';

  return (
    <div className="flex flex-col gap-4">
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">Receiver URL</h2>
        <p className="flex flex-wrap items-center gap-2">
          <code data-testid="receiver-url" className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all dark:bg-zinc-800">{url}</code>
          <CopyButton text={url} what="receiver URL" />
        </p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Register this as a webhook URL. The emulator, not your browser, sends the deliveries, so the URL is the emulator's own address.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">Receiver answers: <span data-testid="receiver-answer">{answer}</span></h2>
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="secondary" onClick={() => setConfig.mutate({ status: 200, delayMs: 0 })}>Answer 200</Button>
          <Button variant="secondary" onClick={() => setConfig.mutate({ status: 500, delayMs: 0 })}>Answer 500</Button>
          <Button variant="secondary" onClick={() => setConfig.mutate({ status: 200, delayMs: TIMEOUT_DELAY_MS })}>Time out</Button>
          <Field label="Custom status">
            {(control) => <Input {...control} size="sm" inputMode="numeric" value={custom} onChange={(e) => setCustom(e.target.value)} className="w-24" />}
          </Field>
          <Button variant="secondary" onClick={() => setConfig.mutate({ status: Number(custom), delayMs: 0 })}>Answer custom status</Button>
        </div>
        {setConfig.isError && <ErrorAlert error={setConfig.error} title="The answer was not changed" />}
      </section>
      <section className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Received requests</h2>
          <Button size="sm" variant="ghost" onClick={() => clear.mutate()}>Clear</Button>
        </div>
        {requests.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : requests.isError ? (
          <ErrorAlert error={requests.error} title="Could not read received requests" onRetry={() => void requests.refetch()} />
        ) : requests.data.requests.length === 0 ? (
          <p className="text-sm">Nothing received yet. Point a webhook at the URL above and finish an order.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {requests.data.requests.map((r) => (
              <li key={r.id} className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700" data-testid="received-request">
                <p className="flex flex-wrap gap-3">
                  <Time value={r.receivedAt} />
                  <SignatureState valid={r.signatureValid} />
                </p>
                <details className="mt-1">
                  <summary className="cursor-pointer">Headers and body</summary>
                  <pre className="mt-1 overflow-x-auto text-xs">{Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
                  <pre data-testid="received-body" className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap break-all">{r.body}</pre>
                  <CopyButton text={r.body} what="body" />
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
