import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { ACCESS_TOKEN_HEADER, loginResult, type LoginRequest } from '@/api/schemas/auth';
import { ApiError } from '@/api/api-error';
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

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ account, token }) => {
      sessionStore.start({ token, expiresAt: expiryOf(token), method: 'password', signedInAt: Date.now(), account });
    },
  });
}
