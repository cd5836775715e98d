import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CopyButton } from '@/components/ui/form/copy-button';
import { TextField } from '@/components/ui/form/text-field';
import { toCurl, type CurlRequest } from '../../lib/code-samples/curl';

/**
 * Emulator only: it alone tells the exact request. The command carries the
 * signature (an HMAC of this body), never the webhook's secret.
 */
export function CopyAsCurl({ request }: { request: CurlRequest }) {
  const { t } = useLingui();
  const [target, setTarget] = useState(request.url);
  const command = toCurl(request, target.trim() || request.url);
  return (
    <div className="flex flex-col gap-2">
      <h4 className="font-semibold">
        <Trans>Copy as cURL</Trans>
      </h4>
      <TextField
        label={t`Send to`}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        hint={t`Defaults to the webhook URL; point it at your local server, e.g. http://localhost:3000/webhook.`}
        spellCheck={false}
        className="max-w-xl"
      />
      <pre
        data-testid="curl-command"
        className="overflow-x-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-zinc-800"
      >
        {command}
      </pre>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        <Trans>
          The exact headers and body of this delivery. X-Service-Signature is the HMAC of the body, not your secret; the secret is not in the
          command.
        </Trans>
      </p>
      <div>
        <CopyButton text={command} label={t`Copy as cURL`} />
      </div>
    </div>
  );
}
