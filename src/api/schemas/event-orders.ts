import { z } from 'zod';

/** At most this many event ids per call: one page of the events listing at its largest. */
export const EVENT_ORDERS_MAX_IDS = 100;

/**
 * Emulator-only: `?ids=1,2,3` (the listing's integer event ids), 1 to 100 of them. Only the emulator parses it (the
 * dashboard builds the query itself), so its words are the emulator's English error messages, not catalog words.
 */
/* eslint-disable lingui/no-unlocalized-strings */
export const eventOrdersQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15})*$/, { error: 'must be event ids separated by commas' })
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= EVENT_ORDERS_MAX_IDS, { error: `must hold at most ${EVENT_ORDERS_MAX_IDS} ids` }),
});
/* eslint-enable lingui/no-unlocalized-strings */

export const eventOrder = z.object({
  /** The delivery event's integer id (as in the events listing). */
  eventId: z.number().int(),
  /** `data.orderId` / `data.orderName` of the payload that was signed and sent; null when the body has none. */
  orderId: z.string().nullable(),
  orderName: z.string().nullable(),
});
export type EventOrder = z.infer<typeof eventOrder>;

/**
 * GET /_emulator/webhooks/:webhookId/event-orders?ids=: which order each delivery names, read from the payload the
 * emulator sent. The service's listing does not carry it; ids of other webhooks are left out of the answer.
 */
export const eventOrdersResponse = z.object({ orders: z.array(eventOrder) });
export type EventOrdersResponse = z.infer<typeof eventOrdersResponse>;
