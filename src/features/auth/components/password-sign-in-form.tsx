import { isApiError } from '@/api/api-error';
import { loginRequest } from '@/api/schemas/auth';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/text-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useLogin } from '../api/login';

function loginErrorTitle(error: unknown): string | undefined {
  if (isApiError(error) && error.status === 401) return 'The e-mail or password is wrong.';
  return undefined;
}

export function PasswordSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const loginMutation = useLogin();
  const form = useSchemaForm(loginRequest, (values) => loginMutation.mutate(values, { onSuccess: onSignedIn }));
  const { errors } = form;
  const serverError = loginMutation.error;

  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        error={errors.email ?? (isApiError(serverError) ? serverError.fieldMessage('email') : undefined)}
        {...form.field('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password ?? (isApiError(serverError) ? serverError.fieldMessage('password') : undefined)}
        {...form.field('password')}
      />
      {serverError != null && <ErrorAlert error={serverError} title={loginErrorTitle(serverError)} />}
      <Button type="submit" loading={loginMutation.isPending}>
        {loginMutation.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
