// On the sign-in page's first load: only zod/mini schemas here (docs/decisions/bundle.md).
import { ApiError } from './api-error';
import { apiRequest } from './client';
import { ACCESS_TOKEN_HEADER, loginResult, type LoginRequest } from './schemas/auth';

/** The account and the session token, which the service sends in the `accessToken` header. */
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
