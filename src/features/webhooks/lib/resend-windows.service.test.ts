import { afterEach, describe, expect, it } from 'vitest';
import { listReceiverRequests, setReceiverConfig } from '@/api/emulator';
import { testEventsResponse } from '@/api/schemas/emulator';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { createWebhook, listWebhookEvents, retryFailedWebhookEvents, retryWebhookEvent } from '@/api/webhooks';
import { localDay, startOfLocalDay } from '@/lib/date-range';
import { serviceCall, serviceUrl, signInToService } from '@/testing/service';
import { inSpans, planResend, resendAllFailed, splitIntoWindows } from './resend-windows';

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The walker against the real emulator, through the dashboard's own API client: failures spread over three weeks
 * (made by the test-only /_emulator/webhooks/:id/test-events route) are all re-sent, window after window, 50 a call.
 */
const DAY = 86_400_000;

/** n FAILED events `daysAgo` days before now, a minute apart (none in the future). */
const times = (daysAgo: number, n: number, now: number) =>
  Array.from({ length: n }, (_, i) => new Date(now - daysAgo * DAY - (i + 1) * 60_000).toISOString());

async function hookWithReceiver(status: number) {
  const receiver = `resend-${Math.random().toString(36).slice(2, 10)}`;
  await setReceiverConfig(receiver, { status, delayMs: 0 });
  const hook = await createWebhook({ name: 'Down over the weekend', url: `${serviceUrl()}/_emulator/receivers/${receiver}` });
  return { receiver, hookId: hook.id };
}

async function makeFailed(hookId: number, createdAt: string[]) {
  return testEventsResponse.parse(await serviceCall('POST', `/_emulator/webhooks/${hookId}/test-events`, { createdAt })).events;
}

async function allEvents(hookId: number): Promise<DeliveryEvent[]> {
  const out: DeliveryEvent[] = [];
  for (let page = 1; ; page++) {
    const { events, pagination } = await listWebhookEvents(hookId, { page, limit: 100 });
    out.push(...events);
    if (page >= pagination.totalPages) return out;
  }
}

// 123 real deliveries, 8 at a time, on a machine shared with other test runs.
describe('re-send all failed since a date, on the emulator', { timeout: 30_000 }, () => {
  it('re-sends every FAILED event of three weeks, more than 50 in a window, oldest first', async () => {
    await signInToService();
    const { receiver, hookId } = await hookWithReceiver(200);
    const now = Date.now();
    // 60 eighteen days ago (two calls), 5 twelve days ago, 55 three days ago, 3 within the last hour.
    const made = await makeFailed(hookId, [...times(18, 60, now), ...times(12, 5, now), ...times(3, 55, now), ...times(0, 3, now)]);
    expect(made).toHaveLength(123);

    const windows = splitIntoWindows(utcDay(now - 20 * DAY), utcDay(now));
    expect(windows).toHaveLength(3);
    const outcome = await resendAllFailed(windows, { retryFailed: (w) => retryFailedWebhookEvents(hookId, w) });

    expect(outcome.kind).toBe('done');
    expect(outcome.progress).toMatchObject({ windowsDone: 3, resent: 123, succeeded: 123, failed: 0, stuck: [] });
    const events = await allEvents(hookId);
    expect(events).toHaveLength(123);
    expect(events.filter((e) => e.status !== 'SENT')).toEqual([]);
    // Each event reached the receiver once (its log is newest first), the oldest window first.
    const received = (await listReceiverRequests(receiver)).requests.map((r) => r.headers['x-service-event-id']);
    expect(new Set(received).size).toBe(123);
    const createdOf = new Map(events.map((e) => [e.eventId, e.createdAt]));
    expect(createdOf.get(received.at(-1)!)! < createdOf.get(received[0]!)!).toBe(true);
  });

  it('leaves a window whose 50 fail again instead of re-sending the same 50 for ever', async () => {
    await signInToService();
    const { hookId } = await hookWithReceiver(500);
    const now = Date.now();
    await makeFailed(hookId, [...times(10, 70, now), ...times(1, 4, now)]);
    const windows = splitIntoWindows(utcDay(now - 13 * DAY), utcDay(now));
    const outcome = await resendAllFailed(windows, { retryFailed: (w) => retryFailedWebhookEvents(hookId, w) });
    expect(outcome.kind).toBe('done');
    expect(outcome.progress.stuck).toHaveLength(1);
    expect(outcome.progress).toMatchObject({ resent: 54, succeeded: 0, failed: 54 });
    expect((await allEvents(hookId)).filter((e) => e.status === 'FAILED')).toHaveLength(74);
  });

  describe('in Asia/Seoul', () => {
    const tz = process.env.TZ;
    afterEach(() => {
      process.env.TZ = tz;
    });

    it('today–today re-sends the failures after local midnight, one by one, and none from the evening before', async () => {
      process.env.TZ = 'Asia/Seoul';
      await signInToService();
      const { receiver, hookId } = await hookWithReceiver(200);
      const now = Date.now();
      const today = localDay(new Date(now));
      const midnight = startOfLocalDay(today).getTime();
      // Three "12:32 AM" failures (or earlier when it is not yet 1 AM), and one half an hour before midnight.
      const inside = new Date(midnight + Math.min(32 * 60_000, (now - midnight) / 2)).toISOString();
      await makeFailed(hookId, [new Date(midnight - 30 * 60_000).toISOString(), inside, inside, inside]);

      const plan = planResend({ from: today, to: today });
      // One local day east of UTC holds no whole UTC day: nothing goes to retry-failed.
      expect(plan.windows).toEqual([]);
      const ids = (await allEvents(hookId)).filter((e) => e.status === 'FAILED' && inSpans(plan.spans)(e.createdAt)).map((e) => e.id);
      expect(ids).toHaveLength(3);
      const outcome = await resendAllFailed(plan.windows, { retryFailed: (w) => retryFailedWebhookEvents(hookId, w), retryEvent: (id) => retryWebhookEvent(hookId, id) }, ids);
      expect(outcome.progress).toMatchObject({ resent: 3, succeeded: 3, failed: 0 });
      const left = (await allEvents(hookId)).filter((e) => e.status === 'FAILED');
      expect(left.map((e) => e.createdAt)).toEqual([new Date(midnight - 30 * 60_000).toISOString()]);
      expect((await listReceiverRequests(receiver)).requests).toHaveLength(3);
    });
  });
});
