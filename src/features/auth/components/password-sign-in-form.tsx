import { useLingui } from '@lingui/react/macro';
import { isApiError } from '@/api/api-error';
import { loginRequest } from '@/api/schemas/auth';
import { Button } from '@/components/ui/form/button';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { TextField } from '@/components/ui/form/text-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useLogin } from '../api/sign-in-with-password';

export function PasswordSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useLingui();
  const loginMutation = useLogin();
  const form = useSchemaForm(loginRequest, (values) => loginMutation.mutate(values, { onSuccess: onSignedIn }));
  const { errors } = form;
  const serverError = loginMutation.error;

  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t`E-mail`}
        type="email"
        autoComplete="username"
        error={errors.email ?? (isApiError(serverError) ? serverError.fieldMessage('email') : undefined)}
        {...form.field('email')}
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        error={errors.password ?? (isApiError(serverError) ? serverError.fieldMessage('password') : undefined)}
        {...form.field('password')}
      />
      {serverError != null && <ErrorAlert error={serverError} title={isApiError(serverError) && serverError.status === 401 ? t`The e-mail or password is wrong.` : undefined} />}
      <Button type="submit" loading={loginMutation.isPending}>
        {loginMutation.isPending ? t`Signing in…` : t`Sign in`}
      </Button>
    </form>
  );
}
