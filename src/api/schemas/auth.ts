// zod/mini, not the classic API: these schemas are on the sign-in page's first load, where every
// kilobyte counts (docs/decisions/bundle.md). Mini and classic share one core, so the emulator and
// classic schemas use them as they are.
import { z } from 'zod/mini';

import { i18n } from './schema-words';

const enterEmail = () => i18n._('Enter an e-mail address like name@example.com');
const enterPassword = () => i18n._('Enter your password');
const pasteApiKey = () => i18n._('Paste your API key');
// Every check here has its own words: the sign-in screen has only the first-load catalog, not zod's built-in words.
const tooLong = () => i18n._('This is too long');

export const loginRequest = z.object({
  email: z.email({ error: enterEmail }).check(z.maxLength(254, { error: tooLong })),
  password: z.string({ error: enterPassword }).check(z.minLength(1, { error: enterPassword }), z.maxLength(1024, { error: tooLong })),
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
export const apiKeyInput = z.string({ error: pasteApiKey }).check(
  z.trim(),
  z.minLength(1, { error: pasteApiKey }),
  z.regex(/^sk_[A-Za-z0-9_]{8,200}$/, { error: () => i18n._('An API key starts with sk_ followed by letters and digits') }),
);
