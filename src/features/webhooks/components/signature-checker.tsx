import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SIGNATURE_HEADER } from '@/api/schemas/webhooks';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeliveryAttempts } from '../api/emulator-api';
import { useWebhook, useWebhooks } from '../api/webhooks-api';
import { compareBodies } from '../lib/body-diff';
import { EXAMPLE_PAYLOADS, RECEIVER_EXAMPLES } from '../lib/examples';
import { hmacSha256Hex, normaliseSignature } from '../lib/hmac';
import { BodyComparisonView } from './body-comparison';
import { formatCount } from '@/lib/plural';

const area = 'w-full rounded-md border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900';
const DIFF_SECTION_ID = 'body-diff';

interface DeliverySource {
  webhookId: number;
  eventId: number;
}
interface SignedRequest {
  body: string;
  signature: string | undefined;
}

function parseSource(params: URLSearchParams): DeliverySource | undefined {
  const positive = (value: string | null) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined);
  const webhookId = positive(params.get('webhookId'));
  const eventId = positive(params.get('eventId'));
  return webhookId && eventId ? { webhookId, eventId } : undefined;
}

/**
 * Checks a delivery's signature in the browser (WebCrypto): nothing pasted here is sent anywhere.
 * Opened with ?webhookId=&eventId= (from a delivery's attempts), it loads the exact body that was
 * signed from the emulator and compares it byte by byte with the body the user's server received.
 */
export function SignatureChecker() {
  const [params] = useSearchParams();
  const source = useMemo(() => parseSource(params), [params]);
  const hooks = useWebhooks({ page: 1, limit: 100 });
  const [hookId, setHookId] = useState<number | undefined>(source?.webhookId);
  const hook = useWebhook(hookId);
  const [secretTyped, setSecret] = useState<string>();
  const [body, setBody] = useState('');
  const [signatureTyped, setSignature] = useState<string>();
  const [signedTyped, setSignedTyped] = useState<string>();
  const [loaded, setLoaded] = useState<SignedRequest>();
  const [result, setResult] = useState<{ expected: string; match: boolean }>();
  const ids = { hook: useId(), secret: useId(), body: useId(), bodyHint: useId(), sig: useId(), signed: useId(), signedHint: useId() };
  const secret = secretTyped ?? hook.data?.secret ?? '';
  const signature = signatureTyped ?? loaded?.signature ?? '';
  const signedBody = signedTyped ?? loaded?.body ?? '';

  // Comparing a few KB on every keystroke is cheap, but deferring keeps typing smooth on slow machines.
  const deferredSigned = useDeferredValue(signedBody);
  const deferredReceived = useDeferredValue(body);
  const comparison = useMemo(
    () => (deferredSigned && deferredReceived ? compareBodies(deferredSigned, deferredReceived) : undefined),
    [deferredSigned, deferredReceived],
  );

  const check = async () => {
    const expected = await hmacSha256Hex(secret, body);
    setResult({ expected, match: expected === normaliseSignature(signature) });
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          className="flex flex-col gap-3"
          aria-label="Check a signature"
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.hook} className="text-sm font-medium">Webhook (fills in its secret)</label>
            <select
              id={ids.hook}
              className="rounded-md border border-zinc-300 bg-white px-2 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
              value={hookId ?? ''}
              onChange={(e) => {
                setHookId(e.target.value ? Number(e.target.value) : undefined);
                setSecret(undefined);
                setResult(undefined);
              }}
            >
              <option value="">Type the secret myself</option>
              {hooks.data?.webhooks.map((h) => <option key={h.id} value={h.id}>{h.name}</option>)}
            </select>
            {hooks.isError && <ErrorAlert error={hooks.error} title="Could not list webhooks" />}
            {hook.isError && <ErrorAlert error={hook.error} title="Could not read the webhook's secret" />}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.secret} className="text-sm font-medium">Secret</label>
            <input id={ids.secret} type="password" autoComplete="off" className={area} value={secret} onChange={(e) => { setSecret(e.target.value); setResult(undefined); }} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.body} className="text-sm font-medium">Raw body (exactly as received)</label>
            <p id={ids.bodyHint} className="text-xs text-zinc-600 dark:text-zinc-400">Paste the body your server received, before any parsing.</p>
            <textarea id={ids.body} aria-describedby={ids.bodyHint} rows={8} className={area} value={body} onChange={(e) => { setBody(e.target.value); setResult(undefined); }} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.sig} className="text-sm font-medium">X-Service-Signature</label>
            <input id={ids.sig} className={area} value={signature} onChange={(e) => { setSignature(e.target.value); setResult(undefined); }} />
          </div>
          <div><Button type="submit" disabled={!secret || !signature}>Check signature</Button></div>
          {result && (
            <div role="status" className={`rounded-md border p-3 text-sm ${result.match ? 'border-emerald-400 bg-emerald-50 dark:bg-emerald-950' : 'border-red-400 bg-red-50 dark:bg-red-950'}`}>
              <p className="font-semibold">{result.match ? '✓ Signature matches' : '✕ Signature does not match'}</p>
              <p className="mt-1 break-all">Expected: <code data-testid="expected-signature">{result.expected}</code></p>
              {!result.match && <MismatchHint identical={comparison?.identical} />}
            </div>
          )}
        </form>

        <section id={DIFF_SECTION_ID} aria-labelledby={`${DIFF_SECTION_ID}-heading`} className="flex flex-col gap-3">
          <h2 id={`${DIFF_SECTION_ID}-heading`} className="text-lg font-semibold">Compare with the body that was signed</h2>
          {source && <SignedRequestSource source={source} onLoaded={setLoaded} />}
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.signed} className="text-sm font-medium">Body that was signed</label>
            <p id={ids.signedHint} className="text-xs text-zinc-600 dark:text-zinc-400">
              {source ? 'Loaded from the delivery; you may edit it.' : 'Paste the body as the service sent it (e.g. from the test receiver or a delivery’s attempts).'}
            </p>
            <textarea id={ids.signed} aria-describedby={ids.signedHint} rows={6} className={area} value={signedBody} onChange={(e) => setSignedTyped(e.target.value)} />
          </div>
          {comparison ? (
            <BodyComparisonView comparison={comparison} />
          ) : (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              With both bodies filled in, this shows whether they are identical byte for byte, where they first differ and why.
            </p>
          )}
        </section>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section>
          <h2 className="text-lg font-semibold">Verify in your receiver</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">HMAC-SHA256 of the raw body with the secret, hex, compared in constant time.</p>
          {RECEIVER_EXAMPLES.map((ex) => (
            <details key={ex.language} className="mt-2">
              <summary className="cursor-pointer text-sm font-medium">{ex.language}</summary>
              <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">{ex.code}</pre>
              <CopyButton text={ex.code} what={`${ex.language} example`} />
            </details>
          ))}
        </section>
        <section>
          <h2 className="text-lg font-semibold">Example payloads</h2>
          {EXAMPLE_PAYLOADS.map((p) => (
            <details key={p.type} className="mt-2">
              <summary className="cursor-pointer font-mono text-sm">{p.type}</summary>
              <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">{p.body}</pre>
            </details>
          ))}
        </section>
      </div>
    </div>
  );
}

/** Ties the signature result to the body comparison: a changed body is the usual reason. */
function MismatchHint({ identical }: { identical: boolean | undefined }) {
  if (identical === false) {
    return (
      <p className="mt-1">
        The body you pasted is not the body that was signed: see <a href={`#${DIFF_SECTION_ID}`} className="underline">how the bodies differ</a>.
      </p>
    );
  }
  if (identical === true) return <p className="mt-1">The body is exactly the one that was signed, so check the secret and the signature header.</p>;
  return (
    <p className="mt-1">
      Check that the body is the raw bytes (not re-serialised JSON) and that the secret is the webhook's. Paste the{' '}
      <a href={`#${DIFF_SECTION_ID}`} className="underline">body that was signed</a> to see where they differ.
    </p>
  );
}

/** Loads the exact signed request of one delivery (emulator only) and hands it up once. */
function SignedRequestSource({ source, onLoaded }: { source: DeliverySource; onLoaded: (request: SignedRequest) => void }) {
  const query = useDeliveryAttempts(source.webhookId, source.eventId, false);
  const request = query.data?.request;
  useEffect(() => {
    if (request) onLoaded({ body: request.body, signature: request.headers[SIGNATURE_HEADER] });
  }, [request, onLoaded]);

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the signed body">
        <Skeleton className="h-5 w-72" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Notice tone="warning">
        Could not load the body signed for delivery event {source.eventId} ({query.error.message}). The signed body comes from the emulator's
        delivery log; against the real service, paste it yourself.
      </Notice>
    );
  }
  return (
    <Notice>
      Loaded the body signed for delivery event {source.eventId} ({formatCount(new TextEncoder().encode(query.data.request.body).length, 'byte', 'bytes')}) and its
      signature.
    </Notice>
  );
}
