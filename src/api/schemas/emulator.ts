import { z } from 'zod';

/** The emulator's own namespace (/_emulator): not part of the service, detected through info. */
export const emulatorInfo = z.object({
  emulator: z.literal(true),
  version: z.string(),
  uploadUrlTtlSeconds: z.number().int(),
  tokenTtlSeconds: z.number().int(),
});
export type EmulatorInfo = z.infer<typeof emulatorInfo>;

export const deliveryAttempt = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttempt>;
