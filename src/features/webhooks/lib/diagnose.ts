import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { AttemptErrorKind, DeliveryAttempt } from '@/api/schemas/emulator';
import type { DeliveryEvent, RetryEventResponse } from '@/api/schemas/webhooks';
import { WEBHOOK_DELIVERY_TIMEOUT_S, WEBHOOK_RETRY_DELAYS_S } from '@/api/limits';
import { deliveryStatusWord } from './status-words';

/** At most this many failed events of a page have their attempts read for the diagnosis. */
export const DIAGNOSIS_ATTEMPTS_CAP = 25;

export const isFailure = (event: Pick<DeliveryEvent, 'status'>) => event.status === 'FAILED' || event.status === 'RETRYING';

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
  /**
   * Plain words, e.g. "Timeout: your server took longer than 5 s", in the active language: diagnose() runs during
   * render, so a component that shows a diagnosis calls useLingui() and gets new words on a language change.
   */
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
  return { label: i18n._(msg`Debug the signature of this delivery`), to: `/webhooks/signature-checker?webhookId=${webhookId}&eventId=${eventId}` };
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

/*
 * The emulator records a network error with one of a few fixed English phrases (emulator/webhooks/attempt.ts,
 * KIND_WORDS): those are shown in the user's language. Any other words come from a real service or the OS and
 * are shown as they came. Keyed by the recorded phrase, because production descriptors carry no English text.
 */
const RECORDED_WORDS: Record<string, MessageDescriptor> = {
  timeout: msg`timeout`,
  'connection refused': msg`connection refused`,
  'DNS lookup failed': msg`DNS lookup failed`,
  'TLS error': msg`TLS error`,
  'connection reset': msg`connection reset`,
};

/** The words an attempt recorded, in the user's language where they are the emulator's fixed phrases. */
export function errorWords(error: string | null): string {
  if (error === null) return i18n._(msg`no answer`);
  const known = Object.hasOwn(RECORDED_WORDS, error) ? RECORDED_WORDS[error] : undefined;
  return known ? i18n._(known) : error;
}

interface FixedRule {
  cause: FailureCause;
  title: MessageDescriptor;
  fix: MessageDescriptor;
}

/** Receiver answers whose meaning does not depend on the event: one fixed cause and fix each. */
const FIXED_STATUS_RULES: Record<number, FixedRule> = {
  404: {
    cause: 'wrong-path',
    title: msg`Not found (HTTP 404): the URL path does not exist on your server`,
    fix: msg`Check that the webhook URL path matches your route exactly (e.g. /webhook vs /webhooks, a missing prefix).`,
  },
  405: {
    cause: 'method-not-allowed',
    title: msg`Method not allowed (HTTP 405): your route does not accept POST`,
    fix: msg`Register the route for POST; the service always sends POST with a JSON body.`,
  },
  410: {
    cause: 'gone',
    title: msg`Gone (HTTP 410): your server says this endpoint was removed`,
    fix: msg`Point the webhook at the endpoint that replaced it, or pause the webhook if nobody listens any more.`,
  },
  413: {
    cause: 'too-large',
    title: msg`Payload too large (HTTP 413): your server refused the body size`,
    fix: msg`Raise the body size limit of your server or proxy for this route; event bodies are small JSON documents.`,
  },
  429: {
    cause: 'rate-limited',
    title: msg`Rate limited (HTTP 429): your server turned the delivery away`,
    fix: msg`Exempt the webhook route from rate limiting: retries come 1, 2 and 4 s later and are limited again.`,
  },
};

function byStatus(code: number, webhookId: number, eventId: number, error: string | null): Rule {
  if (code >= 300 && code < 400) {
    const target = redirectTarget(error);
    return {
      cause: 'redirect',
      title: target
        ? i18n._(msg`Redirect not followed: your server answered ${code} → ${target}`)
        : i18n._(msg`Redirect not followed: your server answered ${code}`),
      fix: target
        ? i18n._(msg`The service does not follow redirects. Change the webhook URL to the final address, ${target}.`)
        : i18n._(msg`The service does not follow redirects. Change the webhook URL to the final address (often https:// or a trailing slash).`),
    };
  }
  if (code === 401 || code === 403) {
    return {
      cause: 'signature-rejected',
      title: i18n._(msg`Rejected (HTTP ${code}): most likely your server's signature check failed`),
      fix: i18n._(
        msg`Compute the HMAC-SHA256 over the raw body bytes (before any JSON parsing) with this webhook's secret and compare it with X-Service-Signature.`,
      ),
      link: signatureLink(webhookId, eventId),
    };
  }
  const fixed = FIXED_STATUS_RULES[code];
  if (fixed) return { cause: fixed.cause, title: i18n._(fixed.title), fix: i18n._(fixed.fix) };
  if (code >= 400 && code < 500) {
    return {
      cause: 'client-error',
      title: i18n._(msg`Refused by your server (HTTP ${code})`),
      fix: i18n._(msg`Your server judged the request invalid. Read its answer below and its logs; parse the body as JSON from the raw bytes.`),
    };
  }
  if (code === 502 || code === 503 || code === 504) {
    return {
      cause: 'unavailable',
      title: i18n._(msg`Unavailable (HTTP ${code}): a proxy in front of your server could not reach it`),
      fix: i18n._(msg`Make sure the app behind the proxy is running; a restart longer than about 7 s uses up all retries, so Retry once it is back.`),
    };
  }
  return {
    cause: 'server-error',
    title: i18n._(msg`Your server failed (HTTP ${code})`),
    fix: i18n._(msg`Look in your server's logs for the error at that time; the answer excerpt may show it. Retry once it is fixed.`),
  };
}

function byKind(kind: AttemptErrorKind, error: string | null, webhookId: number, eventId: number): Rule {
  const seconds = WEBHOOK_DELIVERY_TIMEOUT_S;
  switch (kind) {
    case 'timeout':
      return {
        cause: 'timeout',
        title: i18n._(msg`Timeout: your server took longer than ${seconds} s`),
        fix: i18n._(msg`Answer 2xx at once and do the work in the background; the service waits at most ${seconds} seconds.`),
      };
    case 'connection-refused':
      return {
        cause: 'connection-refused',
        title: i18n._(msg`Connection refused: nothing was listening at the URL`),
        fix: i18n._(msg`Start your server or fix the port in the webhook URL; a restart longer than about 7 s uses up all retries, so Retry once it is back.`),
      };
    case 'dns':
      return {
        cause: 'dns',
        title: i18n._(msg`DNS lookup failed: the URL's host name does not resolve`),
        fix: i18n._(msg`Check the host name in the webhook URL for typos and that it has a public DNS record.`),
      };
    case 'tls':
      return {
        cause: 'tls',
        title: i18n._(msg`TLS error: the HTTPS handshake with your server failed`),
        fix: i18n._(msg`Serve a valid, unexpired certificate for this host name with its full chain (not self-signed).`),
      };
    case 'connection-reset':
      return {
        cause: 'connection-reset',
        title: i18n._(msg`Connection reset: your server closed the connection without answering`),
        fix: i18n._(msg`Look for a crash or a proxy closing the connection; answer 2xx before closing.`),
      };
    case 'redirect':
      return byStatus(Number(error?.match(/\((\d{3})/)?.[1] ?? 302), webhookId, eventId, error);
    case 'other': {
      const words = errorWords(error);
      return {
        cause: 'network',
        title: i18n._(msg`Network error: ${words}`),
        fix: i18n._(msg`The request did not get an HTTP answer. Check that the webhook URL is reachable from the internet.`),
      };
    }
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
  const { statusCode } = f;
  if (statusCode !== null) return i18n._(msg`HTTP ${statusCode}`);
  return errorWords(f.error);
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
  const described = runs.map(({ outcome, count }) => (count > 1 ? i18n._(msg`${count} × ${outcome}`) : outcome));
  // Each step is a whole pattern ("{earlier}, then {next}"), so a language can order and join the runs its own way.
  return described.reduce((earlier, next) => i18n._(msg`${earlier}, then ${next}`));
}

function fromAttempts(input: DiagnosisInput, attempts: DeliveryAttempt[]): Diagnosis {
  const failures = attempts.filter((a) => a.error !== null || a.statusCode === null || a.statusCode < 200 || a.statusCode >= 300).map(attemptFailure);
  const last = failures.at(-1)!;
  const rule = ruleFor(last, input.webhookId, input.event.id);
  const lastAttempt = attempts.at(-1)!;
  const attempt = lastAttempt.attempt;
  const total = attempts.length;
  const outcome = shortOutcome(last);
  const duration = last.durationMs;
  const evidence = [
    duration !== undefined
      ? i18n._(msg`Attempt ${attempt} of ${total}: ${outcome} after ${duration} ms.`)
      : i18n._(msg`Attempt ${attempt} of ${total}: ${outcome}.`),
  ];
  const outcomes = new Set(failures.map(shortOutcome));
  if (outcomes.size > 1) {
    const summary = summariseAttempts(failures);
    evidence.push(i18n._(msg`The attempts disagree: ${summary}. The last one decides.`));
  } else if (failures.length > 1) {
    const count = failures.length;
    evidence.push(i18n._(msg`All ${count} attempts: ${outcome}.`));
  }
  return { ...rule, evidence, certain: true };
}

function fromRetry(input: DiagnosisInput, retry: RetryEventResponse): Diagnosis {
  const failure: Failure = { kind: null, statusCode: retry.status_code ?? null, error: retry.error ?? null };
  const rule = ruleFor(failure, input.webhookId, input.event.id);
  const outcome = shortOutcome(failure);
  return { ...rule, evidence: [i18n._(msg`Your Retry just now: ${outcome}.`)], certain: true };
}

/**
 * Without attempts the service tells only status, retries and times. Every
 * attempt timing out makes the span from creation to the last send at least
 * the back-offs plus a timeout per earlier attempt; quick failures fit in the
 * back-offs alone. Anything else is honestly unknown.
 */
function fromTiming(input: DiagnosisInput): Diagnosis {
  const { event } = input;
  const status = deliveryStatusWord(event.status);
  const { retries } = event;
  const evidence = [i18n._(msg`Status ${status} after ${plural(retries, { one: '# retry', other: '# retries' })}.`)];
  const unknown: Diagnosis = {
    cause: 'unknown',
    title: i18n._(msg`Cause unknown: the service does not say why a delivery failed`),
    fix: i18n._(msg`Press Retry to see your server’s answer, or check your server’s logs at the time of the last attempt.`),
    evidence,
    certain: false,
  };
  if (!event.lastSentAt || event.retries < 1) return unknown;
  const spanS = (Date.parse(event.lastSentAt) - Date.parse(event.createdAt)) / 1000;
  const backoffS = WEBHOOK_RETRY_DELAYS_S.slice(0, event.retries).reduce((sum, s) => sum + s, 0);
  const span = spanS.toFixed(1);
  evidence.push(i18n._(msg`${span} s from creation to the last attempt; the back-off alone is ${backoffS} s.`));
  if (spanS >= backoffS + event.retries * WEBHOOK_DELIVERY_TIMEOUT_S * 0.9) {
    const seconds = WEBHOOK_DELIVERY_TIMEOUT_S;
    return {
      ...byKind('timeout', null, input.webhookId, event.id),
      title: i18n._(msg`Probably a timeout: each attempt seems to have waited the full ${seconds} s`),
      evidence,
      certain: false,
    };
  }
  return { ...unknown, evidence: [...evidence, i18n._(msg`Your server answered (or refused) quickly each time, but the service does not say with what.`)] };
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
