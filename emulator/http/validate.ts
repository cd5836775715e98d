import type { Context } from 'hono';
import { safeParse, type z } from 'zod';
import { JSON_BODY_LIMIT, readLimitedText } from './body-limit';
import { HttpError } from './http-error';

export { JSON_BODY_LIMIT };

function toDetails(error: z.ZodError) {
  return error.issues.slice(0, 50).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

function validationError(error: z.ZodError): HttpError {
  const details = toDetails(error);
  if (details.some((d) => d.path === 'idempotencyKey')) {
    return new HttpError(400, 'VALIDATION_IDEMPOTENCY_KEY_INVALID', 'idempotencyKey ' + details.find((d) => d.path === 'idempotencyKey')!.message, details);
  }
  const summary = details.map((d) => `${d.path || '(body)'} ${d.message}`).join('; ');
  return new HttpError(400, 'VALIDATION_FAILED', `Validation failed: ${summary}`, details);
}

/** Reads and validates a JSON body with the same schema the dashboard uses (classic or zod/mini: they share the core). */
export async function readJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The body must be JSON with Content-Type: application/json');
  }
  const text = await readLimitedText(c, JSON_BODY_LIMIT);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The body is not valid JSON');
  }
  const result = safeParse(schema, json);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) {
    const details = toDetails(result.error);
    throw new HttpError(400, 'INVALID_PARAMETER', `Invalid query: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
  }
  return result.data;
}

/** Path ids: anything that is not a positive integer is simply not found. */
export function intParam(value: string | undefined, notFoundCode: string): number {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) {
    throw new HttpError(404, notFoundCode, `No ${notFoundCode === 'WEBHOOK_NOT_FOUND' ? 'webhook' : 'resource'} with that id`);
  }
  return Number(value);
}
