import { z } from 'zod';
import { RETRY_FAILED_MAX_DAYS, WEBHOOK_NAME_MAX } from '../limits';
import { i18n } from './schema-words';
import { httpUrl, isoTimestamp, pageQuery, pagination, ymdDate } from './common';
import { DAY_MS } from '../../lib/time';

const webhookName = z
  .string({ error: () => i18n._('is required') })
  .trim()
  .min(1, { error: () => i18n._('is required') })
  .max(WEBHOOK_NAME_MAX, { error: () => i18n._('must be at most {max} characters', { max: WEBHOOK_NAME_MAX }) });

export const listWebhooksQuery = z.object({
  ...pageQuery(10),
  keyword: z.string().max(200, { error: () => i18n._('is longer than 200 characters') }).optional(),
});
export type ListWebhooksQuery = z.input<typeof listWebhooksQuery>;

export const webhookSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  isActive: z.boolean(),
  lastSentAt: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
});
export type WebhookSummary = z.infer<typeof webhookSummary>;
export const listWebhooksResponse = z.object({ webhooks: z.array(webhookSummary), pagination });

/** The dashboard's form: it always asks for a name, so a list of webhooks stays readable. */
export const createWebhookRequest = z.object({ name: webhookName, url: httpUrl });
export type CreateWebhookRequest = z.infer<typeof createWebhookRequest>;
/** What the service accepts: the specification requires only `url`; a missing name gets a default. */
export const createWebhookWireRequest = z.object({ name: webhookName.optional(), url: httpUrl });
export const createWebhookResponse = z.object({ id: z.number().int(), name: z.string(), secret: z.string() });

export const webhook = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  secret: z.string(),
  isActive: z.boolean(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type Webhook = z.infer<typeof webhook>;

export const updateWebhookRequest = z
  .object({
    name: webhookName.optional(),
    url: httpUrl.optional(),
    isActive: z.boolean({ error: () => i18n._('must be true or false') }).optional(),
  })
  .refine((v) => v.name !== undefined || v.url !== undefined || v.isActive !== undefined, {
    error: () => i18n._('give at least one of name, url, isActive'),
  });
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequest>;
export const updateWebhookResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  isActive: z.boolean(),
  updatedAt: isoTimestamp,
});

export const EVENT_TYPES = [
  'order.antiAi.completed',
  'order.antiAi.failed',
  'order.watermarkEmbed.completed',
  'order.watermarkEmbed.failed',
  'order.watermarkExtract.completed',
  'order.watermarkExtract.failed',
] as const;
export const eventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventType>;

export const DELIVERY_STATUSES = ['PENDING', 'SENT', 'RETRYING', 'FAILED'] as const;
export const deliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatus>;

export const listEventsQuery = z.object({ ...pageQuery(20) });
export const deliveryEvent = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType,
  status: deliveryStatus,
  retries: z.number().int(),
  lastSentAt: isoTimestamp.nullable(),
  createdAt: isoTimestamp,
});
export type DeliveryEvent = z.infer<typeof deliveryEvent>;
export const listEventsResponse = z.object({ events: z.array(deliveryEvent), pagination });
export type ListEventsResponse = z.infer<typeof listEventsResponse>;

export const retryEventResponse = z.object({
  event_id: z.string(),
  success: z.boolean(),
  status_code: z.number().int().optional(),
  status: z.string().optional(),
  error: z.string().optional(),
});
export type RetryEventResponse = z.infer<typeof retryEventResponse>;

export const retryFailedRequest = z
  .object({ fromDate: ymdDate, toDate: ymdDate })
  .refine((v) => v.fromDate <= v.toDate, { error: () => i18n._('The start date must not be after the end date.'), path: ['toDate'] })
  .refine(
    (v) => (Date.parse(v.toDate) - Date.parse(v.fromDate)) / DAY_MS <= RETRY_FAILED_MAX_DAYS,
    { error: () => i18n._('The range must be at most {days} days.', { days: RETRY_FAILED_MAX_DAYS }), path: ['toDate'] },
  );
export type RetryFailedRequest = z.infer<typeof retryFailedRequest>;
export const retryFailedResponse = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

/** Callback payloads the service POSTs to a webhook URL. */
const eventOrderBase = z.object({ orderId: z.string(), orderName: z.string(), createdAt: isoTimestamp });
export const completedEventData = eventOrderBase.extend({
  completedAt: isoTimestamp,
  status: z.enum(['complete', 'detected', 'undetected']),
  fileCount: z.number().int(),
  downloadUrl: z.string(),
  watermarkFound: z.boolean().optional(),
  watermarkInfo: z.object({ text: z.string() }).optional(),
});
export const failedEventData = eventOrderBase.extend({
  failedAt: isoTimestamp,
  status: z.literal('failed'),
  error: z.object({ code: z.string(), message: z.string() }),
});
export const webhookPayload = z.object({
  eventType,
  occurredAt: isoTimestamp,
  data: z.union([completedEventData, failedEventData]),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

// eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header name
export const SIGNATURE_HEADER = 'X-Service-Signature';
// eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header name
export const EVENT_ID_HEADER = 'X-Service-Event-Id';
