import { isMissingEndpoint, isWorthRetrying } from '@/api/api-error';
import { RETRY_FAILED_MAX_DAYS, RETRY_FAILED_MAX_EVENTS } from '@/api/limits';

/**
 * "Re-send all failed deliveries since <date>": walks the range in windows that retry-failed accepts, oldest first,
 * and calls it again for a window while the service answers a full batch. Pure: the call, the clock and the sleep are
 * given, so the rules are tested without a service (resend-all-failed.test.ts) and with one
 * (emulator/test/webhooks-resend-all.test.ts).
 *
 * Dates are UTC days (YYYY-MM-DD): the service compares each event's `createdAt` with the range as inclusive UTC days.
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

const DAY_MS = 86_400_000;
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

/** The UTC day of an instant. */
export function utcDay(instant: Date): string {
  return dayOf(instant.getTime());
}

/**
 * The first UTC day to walk for "since <local day>": the UTC day in which that local day begins.
 * `tzOffsetMinutes` is `Date#getTimezoneOffset()` of that day (minutes *behind* UTC: Seoul −540, New York 300).
 * East of UTC the local day begins on the UTC day before, so nothing created after local midnight is left out; the
 * walk may then include up to a few hours before it, which only re-sends failures that are a little older.
 */
export function firstUtcDayOf(localDay: string, tzOffsetMinutes: number): string {
  return dayOf(dayMs(localDay) + tzOffsetMinutes * 60_000);
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
 * The windows for "since <local day>" up to `now`. A day after today (UTC or local) still gives one window: the walk
 * then simply finds nothing, rather than refusing a date that is "today" in the user's zone but tomorrow in UTC.
 */
export function planWindows(sinceLocalDay: string, now: Date, tzOffsetMinutes: number): DayWindow[] {
  const from = firstUtcDayOf(sinceLocalDay, tzOffsetMinutes);
  const today = utcDay(now);
  return splitIntoWindows(from, today < from ? from : today);
}

export interface ResendProgress {
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
  | { kind: 'error'; progress: ResendProgress; error: unknown; window: DayWindow };

export interface ResendOptions {
  /** One retry-failed call (e.g. `(w) => retryFailedWebhookEvents(id, w)`). Not given the signal: see `signal`. */
  retryFailed: (window: DayWindow) => Promise<RetryFailedCounts>;
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

export async function resendAllFailed(windows: readonly DayWindow[], options: ResendOptions): Promise<ResendOutcome> {
  const { retryFailed, signal, onProgress, retryDelaysMs = CALL_RETRY_DELAYS_MS, sleep = abortableSleep } = options;
  let progress: ResendProgress = {
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

  for (const window of windows) {
    update({ current: window });
    for (;;) {
      if (signal?.aborted) return { kind: 'cancelled', progress: { ...progress, current: null } };
      let counts: RetryFailedCounts | undefined;
      for (let attempt = 0; counts === undefined; attempt++) {
        try {
          counts = await retryFailed(window);
        } catch (error) {
          if (isMissingEndpoint(error)) return { kind: 'missing', progress: { ...progress, current: null, retrying: null }, error };
          const delayMs = retryDelaysMs[attempt];
          if (!isWorthRetrying(error) || delayMs === undefined) {
            return { kind: 'error', progress: { ...progress, retrying: null }, error, window };
          }
          update({ retrying: { attempt: attempt + 1, delayMs } });
          await sleep(delayMs, signal);
          if (signal?.aborted) return { kind: 'cancelled', progress: { ...progress, current: null, retrying: null } };
        }
      }
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
