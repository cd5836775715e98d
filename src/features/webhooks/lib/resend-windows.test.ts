import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import { inSpans, planResend, resendAllFailed, splitIntoWindows, type DayWindow, type ResendProgress, type RetryFailedCounts } from './resend-windows';

const httpError = (status: number, code: string) => new ApiError({ kind: 'http', status, code, method: 'POST', path: '/x' });
const networkError = () => new ApiError({ kind: 'network', status: 0, code: 'NETWORK_ERROR', method: 'POST', path: '/x' });
const noSleep = vi.fn(async () => {});

/** A service whose FAILED events sit in days; `deliverable(n)` says whether the n-th re-send (0-based) gets through. */
function fakeService(failedByDay: Record<string, number>, deliverable: (n: number) => boolean = () => true) {
  const left = { ...failedByDay };
  let sends = 0;
  const calls: DayWindow[] = [];
  const retryFailed = vi.fn(async (w: DayWindow): Promise<RetryFailedCounts> => {
    calls.push(w);
    const days = Object.keys(left)
      .filter((d) => d >= w.fromDate && d <= w.toDate)
      .sort();
    let total = 0;
    let succeeded = 0;
    for (const day of days) {
      // Oldest first; an event that fails again stays FAILED, so it is picked again next call.
      const take = Math.min(left[day]!, 50 - total);
      let delivered = 0;
      for (let i = 0; i < take; i++) if (deliverable(sends++)) delivered++;
      left[day]! -= delivered;
      total += take;
      succeeded += delivered;
      if (total === 50) break;
    }
    return { total, succeeded, failed: total - succeeded };
  });
  return { retryFailed, calls, left };
}

describe('windows', () => {
  it('splits into 7-day inclusive windows, oldest first, with a shorter last one', () => {
    expect(splitIntoWindows('2026-10-01', '2026-10-17')).toEqual([
      { fromDate: '2026-10-01', toDate: '2026-10-07' },
      { fromDate: '2026-10-08', toDate: '2026-10-14' },
      { fromDate: '2026-10-15', toDate: '2026-10-17' },
    ]);
    expect(splitIntoWindows('2026-10-01', '2026-10-14')).toHaveLength(2);
    expect(splitIntoWindows('2026-11-25', '2026-11-25')).toEqual([{ fromDate: '2026-11-25', toDate: '2026-11-25' }]);
  });

  it('crosses month, year and leap-day boundaries by calendar days', () => {
    expect(splitIntoWindows('2028-02-26', '2028-03-06')).toEqual([
      { fromDate: '2028-02-26', toDate: '2028-03-03' },
      { fromDate: '2028-03-04', toDate: '2028-03-06' },
    ]);
    expect(splitIntoWindows('2026-12-29', '2027-01-05')[0]).toEqual({ fromDate: '2026-12-29', toDate: '2027-01-04' });
  });

  it('refuses what is not a calendar day', () => {
    expect(() => splitIntoWindows('2026-02-30', '2026-03-01')).toThrow(RangeError);
  });

  describe('a local day range (the app date rule)', () => {
    const tz = process.env.TZ;
    afterEach(() => {
      process.env.TZ = tz;
    });

    it('in UTC, the whole range goes to retry-failed and nothing is re-sent one by one', () => {
      process.env.TZ = 'UTC';
      const plan = planResend({ from: '2026-11-01', to: '2026-11-17' });
      expect(plan.windows).toEqual(splitIntoWindows('2026-11-01', '2026-11-17'));
      expect(plan.spans).toEqual([]);
    });

    it('in Seoul, 11/27–11/27 is one span (no whole UTC day) that holds 12:32 AM local', () => {
      process.env.TZ = 'Asia/Seoul';
      const plan = planResend({ from: '2026-11-27', to: '2026-11-27' });
      expect(plan.windows).toEqual([]);
      const inside = inSpans(plan.spans);
      expect(inside('2026-11-26T15:32:00.000Z')).toBe(true);
      expect(inside('2026-11-26T14:59:00.000Z')).toBe(false);
      expect(inside('2026-11-27T15:00:00.000Z')).toBe(false);
    });

    it('in Seoul, a week: the UTC days wholly inside in windows, the first 9 and last 15 hours as spans', () => {
      process.env.TZ = 'Asia/Seoul';
      const plan = planResend({ from: '2026-11-20', to: '2026-11-27' });
      expect(plan.windows).toEqual([{ fromDate: '2026-11-20', toDate: '2026-11-26' }]);
      expect(plan.spans.map((s) => (s.end.getTime() - s.start.getTime()) / 3_600_000)).toEqual([9, 15]);
    });
  });
});

describe('resendAllFailed', () => {
  const windows = splitIntoWindows('2026-10-01', '2026-10-20');

  it('re-sends the spans\' events one by one first, then walks the windows, counting both', async () => {
    const service = fakeService({ '2026-10-02': 3 });
    const order: string[] = [];
    const retryEvent = vi.fn(async (id: number) => {
      order.push(`event ${id}`);
      return { success: id !== 12 };
    });
    const outcome = await resendAllFailed(
      windows.slice(0, 1),
      { retryFailed: async (w) => (order.push('window'), service.retryFailed(w)), retryEvent },
      [11, 12],
    );
    expect(order).toEqual(['event 11', 'event 12', 'window']);
    expect(outcome).toMatchObject({ kind: 'done', progress: { eventsTotal: 2, eventsDone: 2, resent: 5, succeeded: 4, failed: 1 } });
  });

  it('a single re-send that keeps failing on the network stops the walk with no window named', async () => {
    const retryEvent = vi.fn(async () => {
      throw networkError();
    });
    const outcome = await resendAllFailed([], { retryFailed: vi.fn(), retryEvent, sleep: noSleep }, [5]);
    expect(outcome).toMatchObject({ kind: 'error', window: null });
    expect(retryEvent).toHaveBeenCalledTimes(4);
  });

  it('calls a window again while it answers 50 with successes, and re-sends every failed event', async () => {
    const service = fakeService({ '2026-10-02': 120, '2026-10-09': 3, '2026-10-19': 50 });
    const seen: ResendProgress[] = [];
    const outcome = await resendAllFailed(windows, { retryFailed: service.retryFailed, onProgress: (p) => seen.push(p) });
    expect(outcome.kind).toBe('done');
    expect(outcome.progress).toMatchObject({ windowsTotal: 3, windowsDone: 3, resent: 173, succeeded: 173, failed: 0, stuck: [] });
    // 120 = 50 + 50 + 20; 3; 50 then a call that finds none (a full batch may have had more behind it).
    expect(service.calls.map((w) => w.fromDate)).toEqual(['2026-10-01', '2026-10-01', '2026-10-01', '2026-10-08', '2026-10-15', '2026-10-15']);
    expect(Object.values(service.left).every((n) => n === 0)).toBe(true);
    // Progress reaches the user per call and per window.
    expect(seen.map((p) => p.windowsDone)).toContain(1);
    expect(seen.at(-1)).toMatchObject({ windowsDone: 3, current: null });
  });

  it('leaves a window whose 50 all fail again, says so, and goes on to the next', async () => {
    const service = fakeService({ '2026-10-02': 70, '2026-10-09': 5 }, () => false);
    const outcome = await resendAllFailed(windows, { retryFailed: service.retryFailed });
    expect(outcome.kind).toBe('done');
    expect(outcome.progress.stuck).toEqual([windows[0]]);
    expect(outcome.progress).toMatchObject({ windowsDone: 3, resent: 55, succeeded: 0, failed: 55 });
    expect(service.calls.filter((w) => w.fromDate === '2026-10-01')).toHaveLength(1);
  });

  it('calls again while at least one of a full batch succeeds, and stops once a call tries every failed event left', async () => {
    // Every other re-send gets through: the failures are re-sent again in the next call.
    const service = fakeService({ '2026-10-02': 60 }, (n) => n % 2 === 0);
    const outcome = await resendAllFailed([windows[0]!], { retryFailed: service.retryFailed });
    // 50 → 25 delivered, 35 left; 35 (fewer than a batch: every one tried) → 17 or 18 delivered; the rest still fail.
    expect(service.calls).toHaveLength(2);
    expect(outcome.progress.resent).toBe(85);
    expect(outcome.progress.succeeded + service.left['2026-10-02']!).toBe(60);
    expect(outcome.progress.resent).toBe(outcome.progress.succeeded + outcome.progress.failed);
  });

  it('stops before the next call when cancelled, letting the call in flight finish and count', async () => {
    const controller = new AbortController();
    const service = fakeService({ '2026-10-02': 120, '2026-10-09': 10 });
    const retryFailed = vi.fn(async (w: DayWindow) => {
      const counts = await service.retryFailed(w);
      controller.abort(); // the user presses Cancel while the first call is under way
      return counts;
    });
    const outcome = await resendAllFailed(windows, { retryFailed, signal: controller.signal });
    expect(outcome.kind).toBe('cancelled');
    expect(retryFailed).toHaveBeenCalledTimes(1);
    expect(outcome.progress).toMatchObject({ calls: 1, resent: 50, succeeded: 50, windowsDone: 0 });
  });

  it('retries a call after network faults with growing pauses, then goes on', async () => {
    const service = fakeService({ '2026-10-02': 10 });
    let faults = 2;
    const retryFailed = vi.fn(async (w: DayWindow) => {
      if (faults-- > 0) throw networkError();
      return service.retryFailed(w);
    });
    const sleep = vi.fn(async (_ms: number) => {});
    const seen: ResendProgress[] = [];
    const outcome = await resendAllFailed([windows[0]!], { retryFailed, sleep, onProgress: (p) => seen.push(p) });
    expect(outcome).toMatchObject({ kind: 'done', progress: { succeeded: 10, retrying: null } });
    expect(sleep.mock.calls.map((c) => c[0])).toEqual([1000, 2000]);
    expect(seen.some((p) => p.retrying?.attempt === 2)).toBe(true);
  });

  it('stops with the error and the progress so far when the faults go on', async () => {
    const service = fakeService({ '2026-10-02': 10 });
    const retryFailed = vi.fn(async (w: DayWindow) => {
      if (w.fromDate === '2026-10-08') throw httpError(503, 'SERVER_INTERNAL_ERROR');
      return service.retryFailed(w);
    });
    const outcome = await resendAllFailed(windows, { retryFailed, sleep: noSleep });
    expect(outcome.kind).toBe('error');
    if (outcome.kind !== 'error') return;
    expect(outcome.window).toEqual(windows[1]);
    expect(outcome.progress).toMatchObject({ windowsDone: 1, succeeded: 10 });
    expect(retryFailed).toHaveBeenCalledTimes(1 + 4); // one for window 1, then 1 + 3 retries
  });

  it('does not retry what the service refused (422) and reports a missing endpoint (404/405) apart', async () => {
    const invalid = vi.fn(async () => {
      throw httpError(422, 'VALIDATION_FAILED');
    });
    expect((await resendAllFailed(windows, { retryFailed: invalid, sleep: noSleep })).kind).toBe('error');
    expect(invalid).toHaveBeenCalledTimes(1);

    for (const error of [httpError(404, 'RESOURCE_NOT_FOUND'), httpError(405, 'METHOD_NOT_ALLOWED')]) {
      const missing = vi.fn(async () => {
        throw error;
      });
      expect((await resendAllFailed(windows, { retryFailed: missing, sleep: noSleep })).kind).toBe('missing');
      expect(missing).toHaveBeenCalledTimes(1);
    }
    // A deleted webhook is not a missing endpoint.
    const gone = vi.fn(async () => {
      throw httpError(404, 'WEBHOOK_NOT_FOUND');
    });
    expect((await resendAllFailed(windows, { retryFailed: gone, sleep: noSleep })).kind).toBe('error');
  });

  it('cancelling during a pause after a fault ends the walk without another call', async () => {
    const controller = new AbortController();
    const retryFailed = vi.fn(async () => {
      throw networkError();
    });
    const sleep = vi.fn(async () => controller.abort());
    const outcome = await resendAllFailed(windows, { retryFailed, sleep, signal: controller.signal });
    expect(outcome.kind).toBe('cancelled');
    expect(retryFailed).toHaveBeenCalledTimes(1);
  });
});
