import { useAsyncAction } from '@/lib/use-async-action';
import { sessionStore } from '../hooks/use-session';
import { checkApiKey } from '../lib/check-api-key';

async function acceptApiKey(apiKey: string): Promise<string> {
  await checkApiKey(apiKey);
  return apiKey;
}

function startSession(apiKey: string) {
  sessionStore.start({ token: apiKey, expiresAt: null, method: 'apiKey', signedInAt: Date.now(), account: null });
}

/** Not a react-query mutation: the sign-in page's first load has no query client (docs/decisions/bundle.md). */
export function useApiKeySignIn() {
  return useAsyncAction(acceptApiKey, { onSuccess: startSession });
}
