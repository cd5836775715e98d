import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../src/api/schemas/webhooks';
import type { AttemptErrorKind } from '../../src/api/schemas/emulator';
import type { AttemptRecord } from '../domain/delivery-events-repo';
import { signBody } from './sign';

export const DELIVERY_TIMEOUT_MS = 5000;
const EXCERPT_BYTES = 2048;

export interface DeliveryRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function deliveryRequest(url: string, secret: string, eventId: string, body: string): DeliveryRequest {
  return {
    url,
    headers: {
      'Content-Type': 'application/json',
      [SIGNATURE_HEADER]: signBody(secret, body),
      [EVENT_ID_HEADER]: eventId,
    },
    body,
  };
}

export interface AttemptOutcome extends AttemptRecord {
  success: boolean;
  /** True when the attempt was cut short by the emulator stopping: not recorded, the event stays due. */
  interrupted: boolean;
}

/** At most the first 2 KB of the body, read within the same deadline as the headers. */
async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES));
}

const TLS_CODES = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO$)/;

/** The words recorded for each network error kind; old rows hold the same words, so the kind is derived on read. */
const KIND_MESSAGES: Record<Exclude<AttemptErrorKind, 'redirect' | 'other'>, string> = {
  timeout: 'timeout',
  'connection-refused': 'connection refused',
  dns: 'DNS lookup failed',
  tls: 'TLS error',
  'connection-reset': 'connection reset',
};
const REDIRECT_PREFIX = 'redirect not followed';

/** The network error kinds shown to the user for an attempt that got no HTTP answer. */
export function errorKind(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return KIND_MESSAGES.timeout;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return KIND_MESSAGES['connection-refused'];
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return KIND_MESSAGES.dns;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT') return KIND_MESSAGES.timeout;
  if (code && TLS_CODES.test(code)) return KIND_MESSAGES.tls;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return KIND_MESSAGES['connection-reset'];
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The machine-readable kind of a recorded attempt error (null when the attempt got a non-redirect answer or succeeded). */
export function attemptErrorKind(error: string | null): AttemptErrorKind | null {
  if (error === null) return null;
  if (error.startsWith(REDIRECT_PREFIX)) return 'redirect';
  const entry = Object.entries(KIND_MESSAGES).find(([, message]) => message === error);
  return entry ? (entry[0] as AttemptErrorKind) : 'other';
}

/** One POST; 2xx within 5 s is success. Redirects are not followed: a 3xx is a failure. */
export async function attemptDelivery(request: DeliveryRequest, stopSignal?: AbortSignal): Promise<AttemptOutcome> {
  const started = new Date();
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  const timeout = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  const signal = stopSignal ? AbortSignal.any([timeout, stopSignal]) : timeout;
  const base = { startedAt: started.toISOString(), interrupted: false };
  try {
    const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, redirect: 'manual', signal });
    const excerpt = await readExcerpt(response);
    const status = response.status;
    const redirect = status >= 300 && status < 400;
    return {
      ...base,
      durationMs: elapsed(),
      statusCode: status,
      success: status >= 200 && status < 300,
      error: redirect ? `${REDIRECT_PREFIX} (${status} → ${response.headers.get('location') ?? 'no Location'})` : null,
      responseExcerpt: excerpt,
    };
  } catch (error) {
    const interrupted = stopSignal?.aborted === true && !timeout.aborted;
    return { ...base, interrupted, durationMs: elapsed(), statusCode: null, success: false, error: errorKind(error), responseExcerpt: null };
  }
}
