import { z } from 'zod';
import { WEBHOOK_ATTEMPTS_DEFAULT, WEBHOOK_ATTEMPTS_MAX } from '../limits';
import { queryInt } from './common';

/** Emulator-only: a webhook's most recent delivery attempts in one call, for latency figures. */
export const webhookAttemptsQuery = z.object({ limit: queryInt(1, WEBHOOK_ATTEMPTS_MAX, WEBHOOK_ATTEMPTS_DEFAULT) });

export const webhookAttempt = z.object({
  /** The delivery event's integer id (as in the events listing). */
  eventId: z.number().int(),
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

/** GET /_emulator/webhooks/:webhookId/attempts?limit=: newest first. */
export const webhookAttemptsResponse = z.object({ attempts: z.array(webhookAttempt), limit: z.number().int() });
export type WebhookAttemptsResponse = z.infer<typeof webhookAttemptsResponse>;
