/**
 * For the few answers the emulator cannot be made to give in a test (usage on given days weeks ago, a 500, delivery
 * timings of several seconds, a contract mismatch, a network error): a fake `fetch` that can only send what the
 * service sends. A success body is parsed by the endpoint's schema and wrapped in `{ data }`; an error is a
 * documented code with its documented status and `{ code, message }`.
 */
import { vi } from 'vitest';
import type { core } from 'zod/mini';
import { safeParse } from 'zod/mini';
import { ERROR_CODES, type ErrorCode } from '@/api/error-codes';

/** A success answer in `{ data }`: `data` must match the endpoint's schema, or the test fails here, not in the component. */
export function okAnswer<S extends core.$ZodType>(schema: S, data: core.input<S>, headers: Record<string, string> = {}): Response {
  const parsed = safeParse(schema, data);
  if (!parsed.success) throw new Error(`A fake answer the service would not send: ${parsed.error.message}`);
  return Response.json({ data }, { headers });
}

/** An error answer with the code's documented status; the service's own words are Korean, shown only as a detail. */
export function errorAnswer(code: ErrorCode, message = '요청을 처리하지 못했습니다.'): Response {
  return Response.json({ code, message }, { status: ERROR_CODES[code].status });
}

/** Replaces `fetch` for this test (undone by `vi.unstubAllGlobals`); `answer` sees the request's URL and method. */
export function fakeService(answer: (url: URL, method: string) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(new URL(input instanceof Request ? input.url : String(input), 'http://service.invalid'), (init?.method ?? 'GET').toUpperCase()),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
