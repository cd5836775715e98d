import { WEBHOOK_DELIVERY_TIMEOUT_S } from '../../src/api/limits';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../src/api/schemas/webhooks';
import type { AttemptErrorKind } from '../../src/api/schemas/emulator';
import type { AttemptRecord } from '../domain/delivery-events-repo';
import { signBody } from './sign';

export const DELIVERY_TIMEOUT_MS = WEBHOOK_DELIVERY_TIMEOUT_S * 1000;
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

type NetworkErrorKind = Exclude<AttemptErrorKind, 'redirect' | 'other'>;

/** The words recorded beside each network error kind, for people (migration 091 read them back once, for rows recorded before the kind was). */
const KIND_WORDS: Record<NetworkErrorKind, string> = {
  timeout: 'timeout',
  'connection-refused': 'connection refused',
  dns: 'DNS lookup failed',
  tls: 'TLS error',
  'connection-reset': 'connection reset',
};

const errorCause = (error: unknown) => (error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined);

function networkErrorKind(error: unknown): NetworkErrorKind | undefined {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const code = errorCause(error)?.code ?? (error as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'connection-refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT') return 'timeout';
  if (code && TLS_CODES.test(code)) return 'tls';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection-reset';
  return undefined;
}

/** Why an attempt got no HTTP answer: the kind as a value for machines, and the words for people. */
export function describeNetworkError(error: unknown): { errorKind: AttemptErrorKind; error: string } {
  const kind = networkErrorKind(error);
  if (kind) return { errorKind: kind, error: KIND_WORDS[kind] };
  return { errorKind: 'other', error: errorCause(error)?.message ?? (error instanceof Error ? error.message : String(error)) };
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
      error: redirect ? `redirect not followed (${status} → ${response.headers.get('location') ?? 'no Location'})` : null,
      errorKind: redirect ? 'redirect' : null,
      responseExcerpt: excerpt,
    };
  } catch (error) {
    const interrupted = stopSignal?.aborted === true && !timeout.aborted;
    return { ...base, interrupted, durationMs: elapsed(), statusCode: null, success: false, ...describeNetworkError(error), responseExcerpt: null };
  }
}
