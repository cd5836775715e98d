import { useDeferredValue, useEffect, useMemo, useState } from 'react';
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
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';

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
          <SelectField
            label="Webhook (fills in its secret)"
            value={hookId ?? ''}
            onChange={(e) => {
              setHookId(e.target.value ? Number(e.target.value) : undefined);
              setSecret(undefined);
              setResult(undefined);
            }}
            options={[{ value: '', label: 'Type the secret myself' }, ...(hooks.data?.webhooks.map((h) => ({ value: String(h.id), label: h.name })) ?? [])]}
          />
          {hooks.isError && <ErrorAlert error={hooks.error} title="Could not list webhooks" />}
          {hook.isError && <ErrorAlert error={hook.error} title="Could not read the webhook's secret" />}
          <Field label="Secret">
            {(control) => <Input {...control} type="password" autoComplete="off" className="w-full font-mono text-xs" value={secret} onChange={(e) => { setSecret(e.target.value); setResult(undefined); }} />}
          </Field>
          <Field label="Raw body (exactly as received)" hint="Paste the body your server received, before any parsing.">
            {(control) => <Textarea {...control} code rows={8} value={body} onChange={(e) => { setBody(e.target.value); setResult(undefined); }} />}
          </Field>
          <Field label="X-Service-Signature">
            {(control) => <Input {...control} className="w-full font-mono text-xs" value={signature} onChange={(e) => { setSignature(e.target.value); setResult(undefined); }} />}
          </Field>
          <div>
            <Button type="submit" disabled={!secret || !signature} disabledReason={!secret ? 'Fill in the secret first' : 'Paste the X-Service-Signature first'}>
              Check signature
            </Button>
          </div>
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
          <Field
            label="Body that was signed"
            hint={source ? 'Loaded from the delivery; you may edit it.' : 'Paste the body as the service sent it (e.g. from the test receiver or a delivery’s attempts).'}
          >
            {(control) => <Textarea {...control} code rows={6} value={signedBody} onChange={(e) => setSignedTyped(e.target.value)} />}
          </Field>
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
