import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { createExtractOrder, getOrder, getOrderDownload } from '@/api/orders';
import { verifyWatermark, type VerifyDeps, type VerifyOutcome, type VerifyStep } from '../../lib/verify-watermark';
import { fetchFromStorage } from '@/lib/storage-access';
import { storageTransport } from '../../lib/upload-engine';
import { sleep } from '@/lib/sleep';

const STEP_LABELS: Record<VerifyStep, MessageDescriptor> = {
  downloading: msg`Downloading a result file…`,
  uploading: msg`Sending it for a watermark check…`,
  reading: msg`Reading the watermark back…`,
};

const browserDeps: VerifyDeps = {
  getDownloadUrl: async (orderId) => (await getOrderDownload(orderId)).downloadUrl,
  fetchBytes: async (url, signal) => {
    // Through the relay when the storage refuses this origin; a refusal without an answer says why.
    const response = await fetchFromStorage(url, { signal });
    const status = response.status;
    // An Error holds a string: worded when thrown, in the language active then.
    if (!response.ok) throw new Error(i18n._(msg`The result download failed (HTTP ${status}).`));
    return new Uint8Array(await response.arrayBuffer());
  },
  // Loaded on click only, and only unzipSync, so the order page's bundle stays small.
  unzip: async (zip) => (await import('fflate')).unzipSync(zip),
  createExtract: createExtractOrder,
  put: (url, body, contentType, signal) => storageTransport.put({ url, body, contentType, signal, onProgress: () => {} }),
  getOrder,
  sleep,
};

function CheckLink({ orderId }: { orderId: string }) {
  return (
    <Link to={`/orders/${encodeURIComponent(orderId)}`} className="font-medium underline">
      <Trans>Open the check order</Trans>
    </Link>
  );
}

type State =
  | { kind: 'idle' }
  | { kind: 'running'; step: VerifyStep }
  | { kind: 'done'; outcome: VerifyOutcome }
  | { kind: 'error'; error: unknown };

/**
 * Checks a finished embed order: one of its result images goes through a new extract order, and the
 * text read back is shown — the user never handles a file.
 */
export function VerifyWatermark({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'running', step: 'downloading' });
    try {
      const outcome = await verifyWatermark(orderId, browserDeps, {
        idempotencyKey: crypto.randomUUID(),
        signal: abort.signal,
        onStep: (step) => {
          if (!abort.signal.aborted) setState({ kind: 'running', step });
        },
      });
      if (!abort.signal.aborted) setState({ kind: 'done', outcome });
    } catch (error) {
      if (!abort.signal.aborted) setState({ kind: 'error', error });
    }
  };

  const running = state.kind === 'running';
  return (
    <section aria-label={t`Verify watermark`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void start()} disabled={running}>
          {state.kind === 'idle' || running ? t`Verify watermark` : t`Verify again`}
        </Button>
        {running && (
          <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {t(STEP_LABELS[state.step])}
          </span>
        )}
      </div>
      {state.kind === 'done' && <OutcomeNotice outcome={state.outcome} />}
      {state.kind === 'error' && <ErrorAlert error={state.error} title={t`The watermark could not be verified`} onRetry={() => void start()} />}
    </section>
  );
}

function OutcomeNotice({ outcome }: { outcome: VerifyOutcome }) {
  switch (outcome.kind) {
    case 'verified': {
      const text = outcome.text;
      return (
        <Notice tone="success">
          <p>
            <Trans>
              Watermark verified: reads back as “<span className="whitespace-pre-wrap">{text}</span>”
            </Trans>
          </p>
          <CheckLink orderId={outcome.extractOrderId} />
        </Notice>
      );
    }
    case 'notFound':
      return (
        <Notice tone="warning">
          <p>
            <Trans>Watermark not found in the result file.</Trans>
          </p>
          <CheckLink orderId={outcome.extractOrderId} />
        </Notice>
      );
    case 'failed': {
      const message = outcome.message;
      return (
        <Notice tone="warning">
          <p>
            <Trans>The check could not be completed: {message}</Trans>
          </p>
          <CheckLink orderId={outcome.extractOrderId} />
        </Notice>
      );
    }
  }
}
