// The core types and zod/mini's safeParse take classic and mini schemas alike; importing classic zod
// here would put all of it on the sign-in page's first load (docs/decisions/bundle.md).
import { safeParse, type core } from 'zod/mini';
import { ApiError } from './api-error';
import { noteRequest, recordRateLimit } from './rate-limit';
import { SESSION_ENDING_CODES } from './first-load-errors';
import { errorBody } from './schemas/error-body';

export const API_PREFIX = '/api/v2';

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions<S extends core.$ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
  /** Schema of `data`; the response is parsed with it before anyone sees it. */
  schema: S;
  signal?: AbortSignal;
  /** Use this token instead of the session's (checking an API key before accepting it). */
  token?: string;
  /** Bodies without the `{ data }` envelope are accepted as they are (login on older services). */
  envelopeOptional?: boolean;
  /** Path prefix; the emulator's own namespace ('/_emulator') is reached with ''. */
  prefix?: string;
}

interface ClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  onSessionEnded: (code: string) => void;
}

const config: ClientConfig = {
  baseUrl: '',
  getToken: () => null,
  onSessionEnded: () => {},
};

/** The app wires the session in once at start-up; the client knows nothing of React or storage. */
export function configureApiClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next);
}

export function buildUrl(path: string, query?: Query, prefix: string = API_PREFIX): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${config.baseUrl}${prefix}${path}${qs ? `?${qs}` : ''}`;
}

function describeIssues(error: core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

export async function apiRequest<S extends core.$ZodType>(
  options: RequestOptions<S>,
): Promise<{ data: core.output<S>; headers: Headers }> {
  const method = options.method ?? 'GET';
  const token = options.token ?? config.getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header value
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const prefix = options.prefix ?? API_PREFIX;
  const fullPath = `${prefix}${options.path}`;

  let response: Response;
  noteRequest();
  try {
    response = await fetch(buildUrl(options.path, options.query, prefix), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ kind: 'network', status: 0, code: 'NETWORK_ERROR', method, path: fullPath });
  }

  recordRateLimit(response.status, response.headers);
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }

  if (!response.ok) {
    const parsed = safeParse(errorBody, json);
    const code = parsed.success ? parsed.data.code : `HTTP_${response.status}`;
    const error = new ApiError({
      kind: 'http',
      status: response.status,
      code,
      method,
      path: fullPath,
      message: parsed.success ? parsed.data.message : undefined,
      details: parsed.success ? parsed.data.details : undefined,
    });
    // An explicit token (an API key being checked) is not the session: its 401 must not sign anyone out.
    if (response.status === 401 && !options.token && (SESSION_ENDING_CODES.includes(code) || !parsed.success)) {
      config.onSessionEnded(code);
    }
    throw error;
  }

  const hasEnvelope = typeof json === 'object' && json !== null && 'data' in json;
  if (json === undefined || (!hasEnvelope && !options.envelopeOptional)) {
    throw new ApiError({
      kind: 'contract',
      status: response.status,
      code: 'RESPONSE_MISMATCH',
      method,
      path: fullPath,
      message: `The service answered ${method} ${fullPath} (${response.status}) without the expected { data } body.`,
    });
  }
  const payload = hasEnvelope ? (json as { data: unknown }).data : json;
  const result = safeParse(options.schema, payload);
  if (!result.success) {
    throw new ApiError({
      kind: 'contract',
      status: response.status,
      code: 'RESPONSE_MISMATCH',
      method,
      path: fullPath,
      message: `The service answered ${method} ${fullPath} (${response.status}) in an unexpected form: ${describeIssues(result.error)}.`,
    });
  }
  return { data: result.data, headers: response.headers };
}

/** The usual case: only the parsed data. */
export async function api<S extends core.$ZodType>(options: RequestOptions<S>): Promise<core.output<S>> {
  return (await apiRequest(options)).data;
}
