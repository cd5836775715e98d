import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useWebhook, useWebhooks } from '../api/webhooks-api';
import { EXAMPLE_PAYLOADS, RECEIVER_EXAMPLES } from '../lib/examples';
import { hmacSha256Hex, normaliseSignature } from '../lib/hmac';

const area = 'w-full rounded-md border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900';

/** Checks a delivery's signature in the browser (WebCrypto): nothing pasted here is sent anywhere. */
export function SignatureChecker() {
  const hooks = useWebhooks({ page: 1, limit: 100 });
  const [hookId, setHookId] = useState<number>();
  const hook = useWebhook(hookId);
  const [secretTyped, setSecret] = useState<string>();
  const [body, setBody] = useState('');
  const [signature, setSignature] = useState('');
  const [result, setResult] = useState<{ expected: string; match: boolean }>();
  const ids = { hook: useId(), secret: useId(), body: useId(), sig: useId() };
  const secret = secretTyped ?? hook.data?.secret ?? '';

  const check = async () => {
    const expected = await hmacSha256Hex(secret, body);
    setResult({ expected, match: expected === normaliseSignature(signature) });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form
        className="flex flex-col gap-3"
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
          <textarea id={ids.body} rows={8} className={area} value={body} onChange={(e) => { setBody(e.target.value); setResult(undefined); }} />
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
            {!result.match && <p className="mt-1">Check that the body is the raw bytes (not re-serialised JSON) and that the secret is the webhook's.</p>}
          </div>
        )}
      </form>
      <div className="flex flex-col gap-4">
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
