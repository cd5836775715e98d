import { z } from 'zod';

export const loginRequest = z.object({
  email: z.email({ error: 'Enter an e-mail address like name@example.com' }).max(254),
  password: z.string({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  apiKey: z.string(),
  migrationKey: z.string(),
});

export const contract = z.object({
  /** free, pro and enterprise are known; any other string is shown as it comes. */
  planType: z.string(),
  planStartDate: z.string(),
  planEndDate: z.string().nullable(),
  currentUsage: z.number().int(),
  usageLimit: z.number().int(),
});
export type Contract = z.infer<typeof contract>;

export const loginResult = z.object({ user, contract });
export type LoginResult = z.infer<typeof loginResult>;

/** The header that carries the token on a login response. */
export const ACCESS_TOKEN_HEADER = 'accessToken';

/** API keys: production keys start with sk_, test keys with sk_test_. */
export const apiKeyInput = z
  .string({ error: 'Paste your API key' })
  .trim()
  .min(1, { error: 'Paste your API key' })
  .regex(/^sk_[A-Za-z0-9_]{8,200}$/, { error: 'An API key starts with sk_ followed by letters and digits' });
