import { useLingui } from '@lingui/react/macro';
import { z } from 'zod/mini';
import { isApiError } from '@/api/api-error';
import { apiKeyInput } from '@/api/schemas/auth';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { TextField } from '@/components/ui/form/text-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useApiKeySignIn } from '../api/sign-in-with-api-key';

const apiKeyForm = z.object({ apiKey: apiKeyInput });

export function ApiKeySignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useLingui();
  const signIn = useApiKeySignIn();
  const form = useSchemaForm(apiKeyForm, ({ apiKey }) => signIn.mutate(apiKey, { onSuccess: onSignedIn }));
  const rejected = isApiError(signIn.error) && signIn.error.status === 401;

  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t`API key`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        hint={t`Starts with sk_. It is checked with one read before you are signed in.`}
        error={form.errors.apiKey}
        {...form.field('apiKey')}
      />
      {signIn.error != null && <ErrorAlert error={signIn.error} title={rejected ? t`This API key was not accepted.` : undefined} />}
      <Button type="submit" variant="secondary" loading={signIn.isPending}>
        {signIn.isPending ? t`Checking key…` : t`Sign in with API key`}
      </Button>
    </form>
  );
}
