import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '@/api/api-error';
import { apiKeyInput } from '@/api/schemas/auth';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/text-field';
import { useApiKeySignIn } from '../api/check-api-key';

const apiKeyForm = z.object({ apiKey: apiKeyInput });
type ApiKeyForm = z.infer<typeof apiKeyForm>;

export function ApiKeySignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useApiKeySignIn();
  const form = useForm<ApiKeyForm>({ resolver: zodResolver(apiKeyForm), defaultValues: { apiKey: '' } });
  const onSubmit = form.handleSubmit(({ apiKey }) => signIn.mutate(apiKey, { onSuccess: onSignedIn }));
  const rejected = isApiError(signIn.error) && signIn.error.status === 401;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label="API key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        hint="Starts with sk_. It is checked with one read before you are signed in."
        error={form.formState.errors.apiKey?.message}
        {...form.register('apiKey')}
      />
      {signIn.error && <ErrorAlert error={signIn.error} title={rejected ? 'This API key was not accepted.' : undefined} />}
      <Button type="submit" variant="secondary" disabled={signIn.isPending}>
        {signIn.isPending ? 'Checking key…' : 'Sign in with API key'}
      </Button>
    </form>
  );
}
