import { z } from 'zod';
import { i18n } from './schema-words';
import { loginRequest } from './auth';
import { eventType } from './webhooks';

/** The emulator's own namespace (/_emulator): not part of the service, detected through info. */
export const emulatorInfo = z.object({
  emulator: z.literal(true),
  version: z.string(),
  uploadUrlTtlSeconds: z.number().int(),
  tokenTtlSeconds: z.number().int(),
  /** The emulator's own base URL (it, not the browser, sends deliveries): receiver URLs are built on it. */
  publicUrl: z.string().optional(),
});
export type EmulatorInfo = z.infer<typeof emulatorInfo>;

/** Why an attempt got no usable answer, for machines; `error` keeps the words for people. */
export const ATTEMPT_ERROR_KINDS = ['timeout', 'connection-refused', 'dns', 'tls', 'connection-reset', 'redirect', 'other'] as const;
export const attemptErrorKind = z.enum(ATTEMPT_ERROR_KINDS);
export type AttemptErrorKind = z.infer<typeof attemptErrorKind>;

export const deliveryAttempt = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  /** Absent from emulators older than the field; derive it from `error` then. */
  errorKind: attemptErrorKind.nullable().optional(),
  responseExcerpt: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttempt>;

/** GET /_emulator/webhooks/:webhookId/events/:eventId/attempts: what was sent, every answer, and the next retry. */
export const deliveryAttemptsResponse = z.object({
  attempts: z.array(deliveryAttempt),
  request: z.object({ url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }),
  status: z.enum(['PENDING', 'SENT', 'RETRYING', 'FAILED']),
  retries: z.number().int(),
  /** When the next automatic attempt is due (ISO 8601); null once SENT or FAILED. */
  nextAttemptAt: z.string().nullable(),
});
export type DeliveryAttemptsResponse = z.infer<typeof deliveryAttemptsResponse>;

/** Built-in test receiver at /_emulator/receivers/:name. */
export const RECEIVER_NAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const receiverConfig = z.object({
  status: z.number({ error: () => i18n._('must be an HTTP status from 200 to 599') }).int().min(200).max(599),
  delayMs: z.number({ error: () => i18n._('must be milliseconds from 0 to 60000') }).int().min(0).max(60_000).default(0),
});
export type ReceiverConfig = z.infer<typeof receiverConfig>;
/** A receiver's name and the answer it gives, as PUT config and the requests list return it. */
export const receiverConfigResponse = z.object({ name: z.string(), status: z.number().int(), delayMs: z.number().int() });

export const receivedRequest = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  /** true/false: checked against the webhooks whose url points at this receiver; null: no such webhook. */
  signatureValid: z.boolean().nullable(),
});
export type ReceivedRequest = z.infer<typeof receivedRequest>;
export const receiverRequestsResponse = z.object({
  receiver: receiverConfigResponse,
  requests: z.array(receivedRequest),
});
export type ReceiverRequestsResponse = z.infer<typeof receiverRequestsResponse>;

/**
 * POST /_emulator/webhooks/:webhookId/test-events (test-only, with EMULATOR_TEST_ROUTES=1): finished deliveries
 * (SENT or FAILED) at the given past times, so a test can have several pages of events, or failures spread over
 * weeks, without finishing hundreds of orders or waiting weeks (docs/decisions/webhooks.md).
 */
export const TEST_EVENTS_MAX = 1000;
export const testEventsRequest = z.object({
  createdAt: z.array(z.iso.datetime({ offset: true, error: () => i18n._('must be an ISO 8601 time') })).min(1).max(TEST_EVENTS_MAX),
  status: z.enum(['SENT', 'FAILED']).default('FAILED'),
  eventType: eventType.default('order.antiAi.completed'),
});
export type TestEventsRequest = z.input<typeof testEventsRequest>;
export const testEventsResponse = z.object({
  events: z.array(z.object({ id: z.number().int(), eventId: z.string(), createdAt: z.string() })),
});

/** POST /_emulator/accounts: a fresh account for tests and demos, so they never share state. */
export const newAccountRequest = z.object({
  ...loginRequest.shape,
  planType: z.enum(['free', 'pro', 'enterprise']).default('pro'),
  usageLimit: z.number().int().min(0).max(10_000_000).default(5000),
});
