// zod/mini, not the classic API: these schemas are on the sign-in page's first load, where every
// kilobyte counts (docs/decisions/bundle.md). Mini and classic share one core, so the emulator and
// classic schemas use them as they are.
import { z } from 'zod/mini';

export const loginRequest = z.object({
  email: z.email({ error: 'Enter an e-mail address like name@example.com' }).check(z.maxLength(254)),
  password: z.string({ error: 'Enter your password' }).check(z.minLength(1, { error: 'Enter your password' }), z.maxLength(1024)),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const user = z.object({
  id: z.int(),
  email: z.string(),
  apiKey: z.string(),
  migrationKey: z.string(),
});

export const contract = z.object({
  /** free, pro and enterprise are known; any other string is shown as it comes. */
  planType: z.string(),
  planStartDate: z.string(),
  planEndDate: z.nullable(z.string()),
  currentUsage: z.int(),
  usageLimit: z.int(),
});
export type Contract = z.infer<typeof contract>;

export const loginResult = z.object({ user, contract });
export type LoginResult = z.infer<typeof loginResult>;

/** The header that carries the token on a login response. */
export const ACCESS_TOKEN_HEADER = 'accessToken';

/** API keys: production keys start with sk_, test keys with sk_test_. */
export const apiKeyInput = z.string({ error: 'Paste your API key' }).check(
  z.trim(),
  z.minLength(1, { error: 'Paste your API key' }),
  z.regex(/^sk_[A-Za-z0-9_]{8,200}$/, { error: 'An API key starts with sk_ followed by letters and digits' }),
);
