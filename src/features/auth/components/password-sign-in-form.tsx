import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { isApiError } from '@/api/api-error';
import { loginRequest, type LoginRequest } from '@/api/schemas/auth';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/text-field';
import { useLogin } from '../api/login';

function loginErrorTitle(error: unknown): string | undefined {
  if (isApiError(error) && error.status === 401) return 'The e-mail or password is wrong.';
  return undefined;
}

export function PasswordSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const loginMutation = useLogin();
  const form = useForm<LoginRequest>({ resolver: zodResolver(loginRequest), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const serverError = loginMutation.error;

  const onSubmit = form.handleSubmit((values) => {
    loginMutation.mutate(values, { onSuccess: onSignedIn });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        error={errors.email?.message ?? (isApiError(serverError) ? serverError.fieldMessage('email') : undefined)}
        {...form.register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message ?? (isApiError(serverError) ? serverError.fieldMessage('password') : undefined)}
        {...form.register('password')}
      />
      {serverError && <ErrorAlert error={serverError} title={loginErrorTitle(serverError)} />}
      <Button type="submit" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
