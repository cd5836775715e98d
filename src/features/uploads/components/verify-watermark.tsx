import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import { createExtractOrder } from '../api/create-extract';
import { getOrderStatus } from '../api/get-order-status';
import { getResultDownload } from '../api/get-result-download';
import { verifyWatermark, type VerifyDeps, type VerifyOutcome, type VerifyStep } from '../lib/verify-watermark';
import { xhrTransport } from '../upload-engine';

const STEP_LABELS: Record<VerifyStep, string> = {
  downloading: 'Downloading a result file…',
  uploading: 'Sending it for a watermark check…',
  reading: 'Reading the watermark back…',
};

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

const browserDeps: VerifyDeps = {
  getDownloadUrl: async (orderId) => (await getResultDownload(orderId)).downloadUrl,
  fetchBytes: async (url, signal) => {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(`The result download failed (HTTP ${response.status}).`);
    return new Uint8Array(await response.arrayBuffer());
  },
  // Loaded on click only, and only unzipSync, so the order page's bundle stays small.
  unzip: async (zip) => (await import('fflate')).unzipSync(zip),
  createExtract: createExtractOrder,
  put: (url, body, contentType, signal) => xhrTransport.put({ url, body, contentType, signal, onProgress: () => {} }),
  getOrder: getOrderStatus,
  sleep: abortableSleep,
};

function CheckLink({ orderId }: { orderId: string }) {
  return (
    <Link to={`/orders/${encodeURIComponent(orderId)}`} className="font-medium underline">
      Open the check order
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
    <section aria-label="Verify watermark" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void start()} disabled={running}>
          {state.kind === 'idle' || running ? 'Verify watermark' : 'Verify again'}
        </Button>
        {running && (
          <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {STEP_LABELS[state.step]}
          </span>
        )}
      </div>
      {state.kind === 'done' && state.outcome.kind === 'verified' && (
        <Notice tone="success">
          <p>
            Watermark verified: reads back as “<span className="whitespace-pre-wrap">{state.outcome.text}</span>”
          </p>
          <CheckLink orderId={state.outcome.extractOrderId} />
        </Notice>
      )}
      {state.kind === 'done' && state.outcome.kind === 'notFound' && (
        <Notice tone="warning">
          <p>Watermark not found in the result file.</p>
          <CheckLink orderId={state.outcome.extractOrderId} />
        </Notice>
      )}
      {state.kind === 'done' && state.outcome.kind === 'failed' && (
        <Notice tone="warning">
          <p>The check could not be completed: {state.outcome.message}</p>
          <CheckLink orderId={state.outcome.extractOrderId} />
        </Notice>
      )}
      {state.kind === 'error' && <ErrorAlert error={state.error} title="The watermark could not be verified" onRetry={() => void start()} />}
    </section>
  );
}
