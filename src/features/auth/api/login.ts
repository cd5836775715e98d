import { apiRequest } from '@/api/client';
import { ACCESS_TOKEN_HEADER, loginResult, type LoginRequest } from '@/api/schemas/auth';
import { ApiError } from '@/api/api-error';
import { useAsyncAction } from '@/lib/use-async-action';
import { sessionStore } from '../session';
import { expiryOf } from '../session-store';

export async function login(credentials: LoginRequest) {
  const { data, headers } = await apiRequest({
    method: 'POST',
    path: '/auth/login',
    body: credentials,
    schema: loginResult,
    envelopeOptional: true,
  });
  const token = headers.get(ACCESS_TOKEN_HEADER);
  if (!token) {
    throw new ApiError({
      kind: 'contract',
      status: 200,
      code: 'RESPONSE_MISMATCH',
      method: 'POST',
      path: '/api/v2/auth/login',
      message: 'The service signed you in but sent no accessToken header (is it exposed to the browser?).',
    });
  }
  return { account: data, token };
}

function startSession({ account, token }: Awaited<ReturnType<typeof login>>) {
  sessionStore.start({ token, expiresAt: expiryOf(token), method: 'password', signedInAt: Date.now(), account });
}

/** Not a react-query mutation: the sign-in page's first load has no query client (docs/decisions/bundle.md). */
export function useLogin() {
  return useAsyncAction(login, { onSuccess: startSession });
}
