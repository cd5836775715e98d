import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX, LIST_LIMIT_MAX } from '../limits';
import { i18n } from './schema-words';

/** Every successful body is `{ data: ... }`; `data` may be null. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export { errorBody, type ErrorBody } from './error-body';

/** `data: null`: what a DELETE and the emulator's clearing calls answer. */
export const noData = z.null();

export const isoTimestamp = z.string().min(1);

/** Query-string integers: accept "3" from a URL and 3 from code alike. */
export const queryInt = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: () => i18n._('must be a whole number from {min} to {max}', { min, max }) })
    .int({ error: () => i18n._('must be a whole number from {min} to {max}', { min, max }) })
    .min(min, { error: () => i18n._('must be at least {min}', { min }) })
    .max(max, { error: () => i18n._('must be at most {max}', { max }) })
    .default(fallback);

export const pageQuery = (defaultLimit: number) => ({
  page: z.coerce
    .number({ error: () => i18n._('must be a whole number of at least 1') })
    .int({ error: () => i18n._('must be a whole number of at least 1') })
    .min(1, { error: () => i18n._('must be at least 1') })
    .max(1_000_000, { error: () => i18n._('is too large') })
    .default(1),
  limit: queryInt(1, LIST_LIMIT_MAX, defaultLimit),
});

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});


/**
 * Keys are made once per submission and reused on every retry of it. The specification types the key as a plain
 * string and uses keys such as `key-001` in its examples, so any non-empty string up to the cap is accepted.
 */
export const idempotencyKey = z
  .string({ error: () => i18n._('is required') })
  .min(1, { error: () => i18n._('must not be empty') })
  .max(IDEMPOTENCY_KEY_MAX, { error: () => i18n._('must be at most {max} characters', { max: IDEMPOTENCY_KEY_MAX }) });

export const httpUrl = z
  .string({ error: () => i18n._('is required') })
  .max(2048, { error: () => i18n._('is longer than 2048 characters') })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: () => i18n._('must be an http or https URL') },
  );

export const ymdDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => i18n._('must be a date as YYYY-MM-DD') })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, { error: () => i18n._('is not a real calendar date') });
