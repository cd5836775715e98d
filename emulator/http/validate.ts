import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import { safeParse, type z } from 'zod';
import type { AppEnv } from '../context';
import { JSON_BODY_LIMIT, readLimitedText } from './body-limit';
import { HttpError } from './http-error';

export { JSON_BODY_LIMIT };

/** What a validator middleware adds to a handler's input: `c.req.valid(target)` is `Out`. */
type Validated<Target extends 'json' | 'query' | 'param', In, Out> = { in: { [K in Target]: In }; out: { [K in Target]: Out } };

/** Invalid input answers 400, except where the interface documents another status (retry-failed: 422). */
type InvalidStatus = 400 | 422;

/** Hono keeps the bodies it has read in `bodyCache` as promises (its type names the values they resolve to). */
type BodyPromises = { text?: Promise<string>; json?: Promise<unknown> };

function toDetails(error: z.core.$ZodError) {
  return error.issues.slice(0, 50).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

function validationError(error: z.core.$ZodError, status: InvalidStatus): HttpError {
  const details = toDetails(error);
  if (details.some((d) => d.path === 'idempotencyKey')) {
    return new HttpError(400, 'VALIDATION_IDEMPOTENCY_KEY_INVALID', 'idempotencyKey ' + details.find((d) => d.path === 'idempotencyKey')!.message, details);
  }
  const summary = details.map((d) => `${d.path || '(body)'} ${d.message}`).join('; ');
  return new HttpError(status, 'VALIDATION_FAILED', `Validation failed: ${summary}`, details);
}

/**
 * The body as JSON under the emulator's rules: Content-Type says JSON (structured suffixes too), at most
 * JSON_BODY_LIMIT bytes counted while read (a body without Content-Length included), and it parses. The text goes
 * into Hono's body cache (so nothing reads the stream twice) and the value into `bodyCache.json`.
 */
async function readJsonBody(c: Context, status: InvalidStatus): Promise<void> {
  const refuse = (message: string) => new HttpError(status, 'VALIDATION_FAILED', message);
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) throw refuse('The body must be JSON with Content-Type: application/json');
  let text: string;
  try {
    text = await readLimitedText(c, JSON_BODY_LIMIT);
  } catch (error) {
    // A body that broke off is invalid input like any other (413 stays 413).
    if (error instanceof HttpError && error.code === 'VALIDATION_FAILED') throw refuse(error.message);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse('The body is not valid JSON');
  }
  const cache = c.req.bodyCache as BodyPromises;
  cache.text = Promise.resolve(text);
  cache.json = Promise.resolve(json);
}

/**
 * Validates a JSON body with the schema the dashboard uses (classic zod or zod/mini: they share the core): Hono's
 * validator, so the handler reads the result as `c.req.valid('json')`. The body is read first by readJsonBody, whose
 * refusals (Content-Type, size, syntax) are the emulator's own; the schema then checks the value read there, not
 * the validator's own parse, which skips media types such as application/json-seq that the emulator accepts.
 */
export function jsonBody<S extends z.core.$ZodType>(
  schema: S,
  { status = 400 }: { status?: InvalidStatus } = {},
): MiddlewareHandler<AppEnv, string, Validated<'json', z.input<S>, z.output<S>>> {
  const validate: MiddlewareHandler = validator('json', async (_value, c): Promise<unknown> => {
    const result = safeParse(schema, await (c.req.bodyCache as BodyPromises).json);
    if (!result.success) throw validationError(result.error, status);
    return result.data;
  });
  return async (c, next) => {
    await readJsonBody(c, status);
    return validate(c, next);
  };
}

/**
 * Validates the query string: Hono's validator, read as `c.req.valid('query')`. A repeated parameter counts once,
 * with its first value (as `c.req.query()` reads it), not as the array the validator hands over.
 */
export function query<S extends z.ZodType>(schema: S): MiddlewareHandler<AppEnv, string, Validated<'query', z.input<S>, z.output<S>>> {
  const validate: MiddlewareHandler = validator('query', (value): unknown => {
    const first = Object.fromEntries(Object.entries(value).map(([name, values]) => [name, Array.isArray(values) ? values[0] : values]));
    const result = schema.safeParse(first);
    if (!result.success) {
      const details = toDetails(result.error);
      throw new HttpError(400, 'INVALID_PARAMETER', `Invalid query: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
    }
    return result.data;
  });
  return validate;
}

/** Path ids: anything that is not a positive integer is simply not found. */
export function intParam(value: string | undefined, notFoundCode: string): number {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) {
    throw new HttpError(404, notFoundCode, `No ${notFoundCode === 'WEBHOOK_NOT_FOUND' ? 'webhook' : 'resource'} with that id`);
  }
  return Number(value);
}
