import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SIGNATURE_HEADER } from '@/api/schemas/webhooks';
import { Button } from '@/components/ui/form/button';
import { CopyButton } from '@/components/ui/form/copy-button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { Notice } from '@/components/ui/feedback/notice';
import { Skeleton } from '@/components/ui/feedback/skeleton';
import { useDeliveryAttempts } from '../../api/get-delivery-attempts';
import { useWebhook } from '../../api/get-webhook';
import { useWebhooks } from '../../api/get-webhooks';
import { compareBodies } from '../../lib/body-diff';
import { EXAMPLE_PAYLOADS, receiverExamples } from '../../lib/code-samples/examples';
import { hmacSha256Hex, normaliseSignature } from '../../lib/hmac';
import { BodyComparisonView } from './body-comparison';
import { Field } from '@/components/ui/form/field';
import { Input } from '@/components/ui/form/input';
import { SelectField } from '@/components/ui/form/select-field';
import { Textarea } from '@/components/ui/form/textarea';

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
  const { t, i18n } = useLingui();
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
  const expected = result?.expected;
  const secret = secretTyped ?? hook.data?.secret ?? '';
  const signature = signatureTyped ?? loaded?.signature ?? '';
  const signedBody = signedTyped ?? loaded?.body ?? '';

  // Comparing a few KB on every keystroke is cheap, but deferring keeps typing smooth on slow machines.
  const deferredSigned = useDeferredValue(signedBody);
  const deferredReceived = useDeferredValue(body);
  // The comparison's causes are worded when it is made: a language change makes it again.
  const locale = i18n.locale;
  const comparison = useMemo(
    () => (deferredSigned && deferredReceived && locale ? compareBodies(deferredSigned, deferredReceived) : undefined),
    [deferredSigned, deferredReceived, locale],
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
          aria-label={t`Check a signature`}
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
        >
          <SelectField
            label={t`Webhook (fills in its secret)`}
            value={hookId ?? ''}
            onChange={(e) => {
              setHookId(e.target.value ? Number(e.target.value) : undefined);
              setSecret(undefined);
              setResult(undefined);
            }}
            options={[{ value: '', label: t`Type the secret myself` }, ...(hooks.data?.webhooks.map((h) => ({ value: String(h.id), label: h.name })) ?? [])]}
          />
          {hooks.isError && <ErrorAlert error={hooks.error} title={t`Could not list webhooks`} />}
          {hook.isError && <ErrorAlert error={hook.error} title={t`Could not read the webhook's secret`} />}
          <Field label={t`Secret`}>
            {(control) => <Input {...control} type="password" autoComplete="off" className="w-full font-mono text-xs" value={secret} onChange={(e) => { setSecret(e.target.value); setResult(undefined); }} />}
          </Field>
          <Field label={t`Raw body (exactly as received)`} hint={t`Paste the body your server received, before any parsing.`}>
            {(control) => <Textarea {...control} code rows={8} value={body} onChange={(e) => { setBody(e.target.value); setResult(undefined); }} />}
          </Field>
          <Field label={SIGNATURE_HEADER}>
            {(control) => <Input {...control} className="w-full font-mono text-xs" value={signature} onChange={(e) => { setSignature(e.target.value); setResult(undefined); }} />}
          </Field>
          <div>
            <Button type="submit" disabled={!secret || !signature} disabledReason={!secret ? t`Fill in the secret first` : t`Paste the X-Service-Signature first`}>
              <Trans>Check signature</Trans>
            </Button>
          </div>
          {result && (
            <div role="status" className={`rounded-md border p-3 text-sm ${result.match ? 'border-emerald-400 bg-emerald-50 dark:bg-emerald-950' : 'border-red-400 bg-red-50 dark:bg-red-950'}`}>
              <p className="font-semibold">{result.match ? t`✓ Signature matches` : t`✕ Signature does not match`}</p>
              <p className="mt-1 break-all">
                <Trans>
                  Expected: <code data-testid="expected-signature">{expected}</code>
                </Trans>
              </p>
              {!result.match && <MismatchHint identical={comparison?.identical} />}
            </div>
          )}
        </form>

        <section id={DIFF_SECTION_ID} aria-labelledby={`${DIFF_SECTION_ID}-heading`} className="flex flex-col gap-3">
          <h2 id={`${DIFF_SECTION_ID}-heading`} className="text-lg font-semibold">
            <Trans>Compare with the body that was signed</Trans>
          </h2>
          {source && <SignedRequestSource source={source} onLoaded={setLoaded} />}
          <Field
            label={t`Body that was signed`}
            hint={
              source
                ? t`Loaded from the delivery; you may edit it.`
                : t`Paste the body as the service sent it (e.g. from the test receiver or a delivery’s attempts).`
            }
          >
            {(control) => <Textarea {...control} code rows={6} value={signedBody} onChange={(e) => setSignedTyped(e.target.value)} />}
          </Field>
          {comparison ? (
            <BodyComparisonView comparison={comparison} />
          ) : (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              <Trans>With both bodies filled in, this shows whether they are identical byte for byte, where they first differ and why.</Trans>
            </p>
          )}
        </section>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section>
          <h2 className="text-lg font-semibold">
            <Trans>Verify in your receiver</Trans>
          </h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            <Trans>HMAC-SHA256 of the raw body with the secret, hex, compared in constant time.</Trans>
          </p>
          {receiverExamples().map(({ language, code }) => (
            <details key={language} className="mt-2">
              <summary className="cursor-pointer text-sm font-medium">{language}</summary>
              <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">{code}</pre>
              <CopyButton text={code} what={t`${language} example`} />
            </details>
          ))}
        </section>
        <section>
          <h2 className="text-lg font-semibold">
            <Trans>Example payloads</Trans>
          </h2>
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
        <Trans>
          The body you pasted is not the body that was signed: see{' '}
          <a href={`#${DIFF_SECTION_ID}`} className="underline">
            how the bodies differ
          </a>
          .
        </Trans>
      </p>
    );
  }
  if (identical === true) {
    return (
      <p className="mt-1">
        <Trans>The body is exactly the one that was signed, so check the secret and the signature header.</Trans>
      </p>
    );
  }
  return (
    <p className="mt-1">
      <Trans>
        Check that the body is the raw bytes (not re-serialised JSON) and that the secret is the webhook's. Paste the{' '}
        <a href={`#${DIFF_SECTION_ID}`} className="underline">
          body that was signed
        </a>{' '}
        to see where they differ.
      </Trans>
    </p>
  );
}

/** Loads the exact signed request of one delivery (emulator only) and hands it up once. */
function SignedRequestSource({ source, onLoaded }: { source: DeliverySource; onLoaded: (request: SignedRequest) => void }) {
  const { t } = useLingui();
  const { eventId } = source;
  const query = useDeliveryAttempts(source.webhookId, source.eventId, false);
  const request = query.data?.request;
  useEffect(() => {
    if (request) onLoaded({ body: request.body, signature: request.headers[SIGNATURE_HEADER] });
  }, [request, onLoaded]);

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={t`Loading the signed body`}>
        <Skeleton className="h-5 w-72" />
      </div>
    );
  }
  if (query.isError) {
    const reason = query.error.message;
    return (
      <Notice tone="warning">
        <Trans>
          Could not load the body signed for delivery event {eventId} ({reason}). The signed body comes from the emulator's delivery log; against the
          real service, paste it yourself.
        </Trans>
      </Notice>
    );
  }
  const bytes = new TextEncoder().encode(query.data.request.body).length;
  return (
    <Notice>
      <Trans>
        Loaded the body signed for delivery event {eventId} (<Plural value={bytes} one="# byte" other="# bytes" />) and its signature.
      </Trans>
    </Notice>
  );
}
