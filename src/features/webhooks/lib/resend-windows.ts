import { isMissingEndpoint, isWorthRetrying } from '@/api/api-error';
import { RETRY_FAILED_MAX_DAYS, RETRY_FAILED_MAX_EVENTS } from '@/api/limits';
import { fullUtcDays, partialSpans, toInstants, type DayRange, type InstantRange } from '@/lib/date-range';
import { DAY_MS } from '@/lib/time';

/**
 * "Re-send all failed deliveries since <date>": walks the range in windows that retry-failed accepts, oldest first,
 * and calls it again for a window while the service answers a full batch. Pure: the call, the clock and the sleep are
 * given, so the rules are tested without a service (resend-windows.test.ts) and with one
 * (emulator/test/webhooks-resend-all.test.ts).
 *
 * The user's range is local days (the app's one date rule); retry-failed takes inclusive UTC days, so only the UTC days
 * wholly inside the range are sent to it, and the failures in the hours around them are re-sent one by one.
 */

/** A window of inclusive UTC days, as retry-failed takes it. */
export interface DayWindow {
  fromDate: string;
  toDate: string;
}

export interface RetryFailedCounts {
  total: number;
  succeeded: number;
  failed: number;
}

/**
 * Days per window. The service allows `toDate − fromDate` up to 7 days (the emulator: 8 calendar days counted
 * inclusively); 7 inclusive days (`toDate = fromDate + 6`) is also inside the stricter reading "at most 7 days", so a
 * live service that reads it that way does not answer 422.
 */
export const WINDOW_DAYS = RETRY_FAILED_MAX_DAYS;

/** Pauses before calling again after a network fault, 5xx, 408 or 429; then the walk stops with the error. */
export const CALL_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayMs(day: string): number {
  const match = YMD.exec(day);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a programmer's error, never shown
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a programmer's error, never shown
  if (new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`not a calendar day: ${day}`);
  return ms;
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Inclusive windows of `days` UTC days from `fromDay` to `toDay`, oldest first; the last one may be shorter. */
export function splitIntoWindows(fromDay: string, toDay: string, days: number = WINDOW_DAYS): DayWindow[] {
  const start = dayMs(fromDay);
  const end = dayMs(toDay);
  if (end < start) return [];
  const windows: DayWindow[] = [];
  for (let from = start; from <= end; from += days * DAY_MS) {
    windows.push({ fromDate: dayOf(from), toDate: dayOf(Math.min(from + (days - 1) * DAY_MS, end)) });
  }
  return windows;
}

/**
 * The plan for re-sending the failures of a local day range (the app's date rule, src/lib/date-range.ts): the UTC
 * days wholly inside the range go to retry-failed in windows; the hours of the range outside them (east or west of
 * UTC, the range's first and last hours) are `spans`, whose FAILED events the caller finds in the listing and re-sends
 * one by one. So nothing outside the range is re-sent and nothing inside it is left out. In UTC there are no spans.
 */
export interface ResendPlan {
  instants: InstantRange;
  windows: DayWindow[];
  spans: InstantRange[];
}

export function planResend(range: DayRange): ResendPlan {
  const instants = toInstants(range);
  const full = fullUtcDays(instants);
  return { instants, windows: full ? splitIntoWindows(full.fromDate, full.toDate) : [], spans: partialSpans(instants) };
}

/** Whether an event's creation lies in one of the spans. */
export const inSpans = (spans: readonly InstantRange[]) => (createdAt: string) => {
  const at = Date.parse(createdAt);
  return spans.some((s) => at >= s.start.getTime() && at < s.end.getTime());
};

export interface ResendProgress {
  /** Failed events of the partial days, re-sent one by one before the windows. */
  eventsTotal: number;
  eventsDone: number;
  windowsTotal: number;
  /** Windows finished (walked to the end, or left because a full batch failed again). */
  windowsDone: number;
  /** The window being walked, null before the first call and after the end. */
  current: DayWindow | null;
  calls: number;
  /** Re-sends made: an event that failed again and was sent again in the next call counts twice. */
  resent: number;
  /** Events now delivered: each success turns one FAILED event SENT, so this counts distinct events. */
  succeeded: number;
  /** Re-sends that failed again. */
  failed: number;
  /** Windows left early: a full batch of 50 failed again, so calling again would re-send the same 50. */
  stuck: DayWindow[];
  /** Set while waiting to call again after a fault: the retry number (1-based) and the pause. */
  retrying: { attempt: number; delayMs: number } | null;
}

export type ResendOutcome =
  | { kind: 'done'; progress: ResendProgress }
  | { kind: 'cancelled'; progress: ResendProgress }
  /** retry-failed answered 404/405: the service does not have it. */
  | { kind: 'missing'; progress: ResendProgress; error: unknown }
  | { kind: 'error'; progress: ResendProgress; error: unknown; window: DayWindow | null };

export interface ResendOptions {
  /** One retry-failed call (e.g. `(w) => retryFailedWebhookEvents(id, w)`). Not given the signal: see `signal`. */
  retryFailed: (window: DayWindow) => Promise<RetryFailedCounts>;
  /** One event's retry (the listing's integer id); needed when `events` are given. */
  retryEvent?: (id: number) => Promise<{ success: boolean }>;
  /**
   * Stops the walk before its next call. A call in flight is left to finish: the service re-sends that batch either
   * way, and its answer is the only way to count what was re-sent.
   */
  signal?: AbortSignal;
  onProgress?: (progress: ResendProgress) => void;
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Resolves after `ms`, or at once when the signal aborts (the caller checks the signal afterwards). */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function emptyProgress(windows: number, events = 0): ResendProgress {
  return { eventsTotal: events, eventsDone: 0, windowsTotal: windows, windowsDone: 0, current: null, calls: 0, resent: 0, succeeded: 0, failed: 0, stuck: [], retrying: null };
}

/** Re-sends `events` (ids of FAILED events, the partial days' failures) one by one, then walks `windows`. */
export async function resendAllFailed(windows: readonly DayWindow[], options: ResendOptions, events: readonly number[] = []): Promise<ResendOutcome> {
  const { retryFailed, retryEvent, signal, onProgress, retryDelaysMs = CALL_RETRY_DELAYS_MS, sleep = abortableSleep } = options;
  let progress: ResendProgress = {
    eventsTotal: events.length,
    eventsDone: 0,
    windowsTotal: windows.length,
    windowsDone: 0,
    current: null,
    calls: 0,
    resent: 0,
    succeeded: 0,
    failed: 0,
    stuck: [],
    retrying: null,
  };
  // A fresh object per change, so a React state holding it re-renders.
  const update = (next: Partial<ResendProgress>) => {
    progress = { ...progress, ...next };
    onProgress?.(progress);
  };

  /** One call with the fault retries; `undefined` ends the walk with `ended`. */
  let ended: ResendOutcome | undefined;
  const call = async <T>(make: () => Promise<T>, window: DayWindow | null): Promise<T | undefined> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await make();
      } catch (error) {
        if (isMissingEndpoint(error)) {
          ended = { kind: 'missing', progress: { ...progress, current: null, retrying: null }, error };
          return undefined;
        }
        const delayMs = retryDelaysMs[attempt];
        if (!isWorthRetrying(error) || delayMs === undefined) {
          ended = { kind: 'error', progress: { ...progress, retrying: null }, error, window };
          return undefined;
        }
        update({ retrying: { attempt: attempt + 1, delayMs } });
        await sleep(delayMs, signal);
        if (signal?.aborted) {
          ended = { kind: 'cancelled', progress: { ...progress, current: null, retrying: null } };
          return undefined;
        }
      }
    }
  };

  for (const id of events) {
    if (signal?.aborted) return { kind: 'cancelled', progress: { ...progress, current: null } };
    if (!retryEvent) throw new Error('retryEvent is needed to re-send single events');
    const answer = await call(() => retryEvent(id), null);
    if (!answer) return ended!;
    update({
      calls: progress.calls + 1,
      eventsDone: progress.eventsDone + 1,
      resent: progress.resent + 1,
      succeeded: progress.succeeded + (answer.success ? 1 : 0),
      failed: progress.failed + (answer.success ? 0 : 1),
      retrying: null,
    });
  }

  for (const window of windows) {
    update({ current: window });
    for (;;) {
      if (signal?.aborted) return { kind: 'cancelled', progress: { ...progress, current: null } };
      const counts = await call(() => retryFailed(window), window);
      if (!counts) return ended!;
      update({
        calls: progress.calls + 1,
        resent: progress.resent + counts.total,
        succeeded: progress.succeeded + counts.succeeded,
        failed: progress.failed + counts.failed,
        retrying: null,
      });
      // Fewer than a full batch: the window has no FAILED event left that this call did not just try.
      if (counts.total < RETRY_FAILED_MAX_EVENTS) break;
      // A full batch where nothing got through: the next call would pick the same oldest 50 and fail them again.
      if (counts.succeeded === 0) {
        update({ stuck: [...progress.stuck, window] });
        break;
      }
    }
    update({ windowsDone: progress.windowsDone + 1 });
  }
  update({ current: null });
  return { kind: 'done', progress };
}
