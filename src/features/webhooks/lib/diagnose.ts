import type { AttemptErrorKind, DeliveryAttempt } from '@/api/schemas/emulator';
import type { DeliveryEvent, RetryEventResponse } from '@/api/schemas/webhooks';
import { RETRY_DELAYS_S } from './next-retry';

/** The service waits this long for a 2xx (service interface, "webhook response time"). */
export const DELIVERY_TIMEOUT_S = 5;

export type FailureCause =
  | 'timeout'
  | 'connection-refused'
  | 'dns'
  | 'tls'
  | 'connection-reset'
  | 'redirect'
  | 'signature-rejected'
  | 'wrong-path'
  | 'method-not-allowed'
  | 'gone'
  | 'too-large'
  | 'rate-limited'
  | 'client-error'
  | 'server-error'
  | 'unavailable'
  | 'network'
  | 'unknown';

export interface Diagnosis {
  cause: FailureCause;
  /** Plain words, e.g. "Timeout: your server took longer than 5 s". */
  title: string;
  /** A concrete thing to do about it. */
  fix: string;
  /** What the diagnosis rests on, one fact a line. */
  evidence: string[];
  /** False when the cause is inferred from timing alone or not known at all. */
  certain: boolean;
  /** Where the fix can be worked on in the dashboard. */
  link?: { label: string; to: string };
}

export interface DiagnosisInput {
  event: Pick<DeliveryEvent, 'id' | 'status' | 'retries' | 'createdAt' | 'lastSentAt'>;
  webhookId: number;
  /** The emulator's attempts of this event; undefined against a real service. */
  attempts?: DeliveryAttempt[];
  /** The answer of a manual Retry the user made in this session. */
  retryOutcome?: RetryEventResponse;
}

/** One attempt's (or retry answer's) failure, before the wording. */
interface Failure {
  kind: AttemptErrorKind | null;
  statusCode: number | null;
  error: string | null;
  durationMs?: number;
}

type Rule = Omit<Diagnosis, 'evidence' | 'certain'>;

function signatureLink(webhookId: number, eventId: number): Diagnosis['link'] {
  return { label: 'Debug the signature of this delivery', to: `/webhooks/signature-checker?webhookId=${webhookId}&eventId=${eventId}` };
}

/** "redirect not followed (301 → https://x/y)" → "https://x/y". */
function redirectTarget(error: string | null): string | undefined {
  const target = error?.match(/→ (.+)\)$/)?.[1];
  return target && target !== 'no Location' ? target : undefined;
}

/** Old emulators and a real service's retry `error` only give words: read the kind from them. */
export function kindFromWords(error: string | null): AttemptErrorKind | null {
  if (!error) return null;
  const e = error.toLowerCase();
  if (e.startsWith('redirect')) return 'redirect';
  if (/time(d)?[ -]?out|etimedout|deadline/.test(e)) return 'timeout';
  if (/refused|econnrefused/.test(e)) return 'connection-refused';
  if (/dns|enotfound|eai_again|getaddrinfo/.test(e)) return 'dns';
  if (/tls|ssl|certificate|cert_/.test(e)) return 'tls';
  if (/reset|econnreset|hang up/.test(e)) return 'connection-reset';
  return 'other';
}

/** Receiver answers whose meaning does not depend on the event: one fixed cause and fix each. */
const FIXED_STATUS_RULES: Record<number, Rule> = {
  404: {
    cause: 'wrong-path',
    title: 'Not found (HTTP 404): the URL path does not exist on your server',
    fix: 'Check that the webhook URL path matches your route exactly (e.g. /webhook vs /webhooks, a missing prefix).',
  },
  405: {
    cause: 'method-not-allowed',
    title: 'Method not allowed (HTTP 405): your route does not accept POST',
    fix: 'Register the route for POST; the service always sends POST with a JSON body.',
  },
  410: {
    cause: 'gone',
    title: 'Gone (HTTP 410): your server says this endpoint was removed',
    fix: 'Point the webhook at the endpoint that replaced it, or pause the webhook if nobody listens any more.',
  },
  413: {
    cause: 'too-large',
    title: 'Payload too large (HTTP 413): your server refused the body size',
    fix: "Raise the body size limit of your server or proxy for this route; event bodies are small JSON documents.",
  },
  429: {
    cause: 'rate-limited',
    title: 'Rate limited (HTTP 429): your server turned the delivery away',
    fix: 'Exempt the webhook route from rate limiting: retries come 1, 2 and 4 s later and are limited again.',
  },
};

function byStatus(code: number, webhookId: number, eventId: number, error: string | null): Rule {
  if (code >= 300 && code < 400) {
    const target = redirectTarget(error);
    return {
      cause: 'redirect',
      title: `Redirect not followed: your server answered ${code}${target ? ` → ${target}` : ''}`,
      fix: target
        ? `The service does not follow redirects. Change the webhook URL to the final address, ${target}.`
        : 'The service does not follow redirects. Change the webhook URL to the final address (often https:// or a trailing slash).',
    };
  }
  if (code === 401 || code === 403) {
    return {
      cause: 'signature-rejected',
      title: `Rejected (HTTP ${code}): most likely your server's signature check failed`,
      fix: "Compute the HMAC-SHA256 over the raw body bytes (before any JSON parsing) with this webhook's secret and compare it with X-Service-Signature.",
      link: signatureLink(webhookId, eventId),
    };
  }
  const fixed = FIXED_STATUS_RULES[code];
  if (fixed) return fixed;
  if (code >= 400 && code < 500) {
    return {
      cause: 'client-error',
      title: `Refused by your server (HTTP ${code})`,
      fix: 'Your server judged the request invalid. Read its answer below and its logs; parse the body as JSON from the raw bytes.',
    };
  }
  if (code === 502 || code === 503 || code === 504) {
    return {
      cause: 'unavailable',
      title: `Unavailable (HTTP ${code}): a proxy in front of your server could not reach it`,
      fix: 'Make sure the app behind the proxy is running; a restart longer than about 7 s uses up all retries, so Retry once it is back.',
    };
  }
  return {
    cause: 'server-error',
    title: `Your server failed (HTTP ${code})`,
    fix: "Look in your server's logs for the error at that time; the answer excerpt may show it. Retry once it is fixed.",
  };
}

function byKind(kind: AttemptErrorKind, error: string | null, webhookId: number, eventId: number): Rule {
  switch (kind) {
    case 'timeout':
      return {
        cause: 'timeout',
        title: `Timeout: your server took longer than ${DELIVERY_TIMEOUT_S} s`,
        fix: `Answer 2xx at once and do the work in the background; the service waits at most ${DELIVERY_TIMEOUT_S} seconds.`,
      };
    case 'connection-refused':
      return {
        cause: 'connection-refused',
        title: 'Connection refused: nothing was listening at the URL',
        fix: 'Start your server or fix the port in the webhook URL; a restart longer than about 7 s uses up all retries, so Retry once it is back.',
      };
    case 'dns':
      return {
        cause: 'dns',
        title: "DNS lookup failed: the URL's host name does not resolve",
        fix: 'Check the host name in the webhook URL for typos and that it has a public DNS record.',
      };
    case 'tls':
      return {
        cause: 'tls',
        title: 'TLS error: the HTTPS handshake with your server failed',
        fix: 'Serve a valid, unexpired certificate for this host name with its full chain (not self-signed).',
      };
    case 'connection-reset':
      return {
        cause: 'connection-reset',
        title: 'Connection reset: your server closed the connection without answering',
        fix: 'Look for a crash or a proxy closing the connection; answer 2xx before closing.',
      };
    case 'redirect':
      return byStatus(Number(error?.match(/\((\d{3})/)?.[1] ?? 302), webhookId, eventId, error);
    case 'other':
      return {
        cause: 'network',
        title: `Network error: ${error ?? 'no answer'}`,
        fix: 'The request did not get an HTTP answer. Check that the webhook URL is reachable from the internet.',
      };
  }
}

function ruleFor(failure: Failure, webhookId: number, eventId: number): Rule {
  const kind = failure.kind ?? kindFromWords(failure.error);
  if (kind) return byKind(kind, failure.error, webhookId, eventId);
  if (failure.statusCode !== null) return byStatus(failure.statusCode, webhookId, eventId, failure.error);
  return byKind('other', failure.error, webhookId, eventId);
}

function attemptFailure(a: DeliveryAttempt): Failure {
  return { kind: a.errorKind ?? kindFromWords(a.error), statusCode: a.statusCode, error: a.error, durationMs: a.durationMs };
}

/** "HTTP 500" or "timeout": what one attempt got, in a word or two. */
function shortOutcome(f: Failure): string {
  if (f.statusCode !== null) return `HTTP ${f.statusCode}`;
  return f.error ?? 'no answer';
}

/** "3 × timeout, then connection refused": runs of equal outcomes, in order. */
export function summariseAttempts(failures: Failure[]): string {
  const runs: { outcome: string; count: number }[] = [];
  for (const f of failures) {
    const outcome = shortOutcome(f);
    const last = runs.at(-1);
    if (last && last.outcome === outcome) last.count += 1;
    else runs.push({ outcome, count: 1 });
  }
  return runs.map((r) => (r.count > 1 ? `${r.count} × ${r.outcome}` : r.outcome)).join(', then ');
}

function fromAttempts(input: DiagnosisInput, attempts: DeliveryAttempt[]): Diagnosis {
  const failures = attempts.filter((a) => a.error !== null || a.statusCode === null || a.statusCode < 200 || a.statusCode >= 300).map(attemptFailure);
  const last = failures.at(-1)!;
  const rule = ruleFor(last, input.webhookId, input.event.id);
  const lastAttempt = attempts.at(-1)!;
  const evidence = [
    `Attempt ${lastAttempt.attempt} of ${attempts.length}: ${shortOutcome(last)}${last.durationMs !== undefined ? ` after ${last.durationMs} ms` : ''}.`,
  ];
  const outcomes = new Set(failures.map(shortOutcome));
  if (outcomes.size > 1) evidence.push(`The attempts disagree: ${summariseAttempts(failures)}. The last one decides.`);
  else if (failures.length > 1) evidence.push(`All ${failures.length} attempts: ${shortOutcome(last)}.`);
  return { ...rule, evidence, certain: true };
}

function fromRetry(input: DiagnosisInput, outcome: RetryEventResponse): Diagnosis {
  const failure: Failure = { kind: null, statusCode: outcome.status_code ?? null, error: outcome.error ?? null };
  const rule = ruleFor(failure, input.webhookId, input.event.id);
  return { ...rule, evidence: [`Your Retry just now: ${shortOutcome(failure)}.`], certain: true };
}

/**
 * Without attempts the service tells only status, retries and times. Every
 * attempt timing out makes the span from creation to the last send at least
 * the back-offs plus a timeout per earlier attempt; quick failures fit in the
 * back-offs alone. Anything else is honestly unknown.
 */
function fromTiming(input: DiagnosisInput): Diagnosis {
  const { event } = input;
  const evidence = [`Status ${event.status} after ${event.retries} ${event.retries === 1 ? 'retry' : 'retries'}.`];
  const unknown: Diagnosis = {
    cause: 'unknown',
    title: 'Cause unknown: the service does not say why a delivery failed',
    fix: 'Press Retry to see your server’s answer, or check your server’s logs at the time of the last attempt.',
    evidence,
    certain: false,
  };
  if (!event.lastSentAt || event.retries < 1) return unknown;
  const spanS = (Date.parse(event.lastSentAt) - Date.parse(event.createdAt)) / 1000;
  const backoffS = RETRY_DELAYS_S.slice(0, event.retries).reduce((sum, s) => sum + s, 0);
  evidence.push(`${spanS.toFixed(1)} s from creation to the last attempt; the back-off alone is ${backoffS} s.`);
  if (spanS >= backoffS + event.retries * DELIVERY_TIMEOUT_S * 0.9) {
    return {
      ...byKind('timeout', null, input.webhookId, event.id),
      title: `Probably a timeout: each attempt seems to have waited the full ${DELIVERY_TIMEOUT_S} s`,
      evidence,
      certain: false,
    };
  }
  return { ...unknown, evidence: [...evidence, 'Your server answered (or refused) quickly each time, but the service does not say with what.'] };
}

/** A plain-language cause and fix for a FAILED or RETRYING event; null for any other status. */
export function diagnose(input: DiagnosisInput): Diagnosis | null {
  if (input.event.status !== 'FAILED' && input.event.status !== 'RETRYING') return null;
  // A retry the user just made is the freshest fact there is.
  if (input.retryOutcome && !input.retryOutcome.success) return fromRetry(input, input.retryOutcome);
  const attempts = input.attempts ?? [];
  const anyFailed = attempts.some((a) => a.error !== null || a.statusCode === null || a.statusCode < 200 || a.statusCode >= 300);
  if (anyFailed) return fromAttempts(input, attempts);
  return fromTiming(input);
}
