import { describe, expect, it } from 'vitest';
import { deliveryAttemptsResponse } from '../../src/api/schemas/emulator';
import { listEventsResponse, type DeliveryEvent } from '../../src/api/schemas/webhooks';
import { findAccountByEmail } from '../domain/accounts';
import { emitOrderFinished, finishedOrder, waitFor } from './emit-order-finished';
import { DEMO_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { startReceiver } from './test-receiver';

const BASE = '/api/v2/orders/webhooks';
const TOLERANCE_MS = 400;

/** The service's real schedule (1 s, 2 s, 4 s): each test has its own emulator, so they run side by side. */
async function setup(url: string) {
  const emu = await startTestEmulator();
  const token = await emu.login(DEMO_ACCOUNT);
  const accountId = findAccountByEmail(emu.context.db, DEMO_ACCOUNT.email)!.id;
  const res = await emu.request('POST', BASE, { token, body: { name: 'Schedule', url } });
  return { emu, token, accountId, hookId: res.body.data.id as number };
}

async function firstEvent(emu: TestEmulator, token: string, hookId: number): Promise<DeliveryEvent | undefined> {
  const res = await emu.request('GET', `${BASE}/${hookId}/events`, { token });
  return listEventsResponse.parse(res.body.data).events[0];
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe.concurrent('retry schedule', () => {
  it('retries after 1, 2 and 4 s, then marks the event FAILED after exactly 4 attempts', async () => {
    const receiver = await startReceiver(() => ({ status: 500, body: 'boom' }));
    const { emu, token, accountId, hookId } = await setup(receiver.url);
    try {
      emitOrderFinished(emu.context, finishedOrder(accountId));
      const retrying = await waitFor(async () => {
        const event = await firstEvent(emu, token, hookId);
        return event?.status === 'RETRYING' ? event : undefined;
      });
      const pending = deliveryAttemptsResponse.parse(
        (await emu.request('GET', `/_emulator/webhooks/${hookId}/events/${retrying.id}/attempts`, { token })).body.data,
      );
      expect(pending.nextAttemptAt).not.toBeNull();
      expect(Date.parse(pending.nextAttemptAt!) - Date.parse(pending.attempts[0]!.startedAt)).toBeGreaterThanOrEqual(1000);

      const failed = await waitFor(async () => {
        const event = await firstEvent(emu, token, hookId);
        return event?.status === 'FAILED' ? event : undefined;
      }, 20_000);
      expect(failed.retries).toBe(3);
      expect(receiver.calls).toHaveLength(4);
      const [g1, g2, g3] = gaps(receiver.calls.map((c) => c.at));
      expect(Math.abs(g1! - 1000)).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(Math.abs(g2! - 2000)).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(Math.abs(g3! - 4000)).toBeLessThanOrEqual(TOLERANCE_MS);
      // Same body and signature on every attempt.
      expect(new Set(receiver.calls.map((c) => c.body.toString())).size).toBe(1);
      expect(new Set(receiver.calls.map((c) => c.headers['x-service-signature'])).size).toBe(1);

      const log = deliveryAttemptsResponse.parse(
        (await emu.request('GET', `/_emulator/webhooks/${hookId}/events/${failed.id}/attempts`, { token })).body.data,
      );
      expect(log.attempts.map((a) => [a.attempt, a.statusCode, a.responseExcerpt])).toEqual([
        [1, 500, 'boom'],
        [2, 500, 'boom'],
        [3, 500, 'boom'],
        [4, 500, 'boom'],
      ]);
      expect(log.nextAttemptAt).toBeNull();
      // Nothing more is sent by itself.
      expect(receiver.calls).toHaveLength(4);
    } finally {
      await emu.close();
      await receiver.close();
    }
  });

  it('resumes the schedule after a restart in the middle of it', async () => {
    const receiver = await startReceiver(() => ({ status: 503 }));
    const first = await setup(receiver.url);
    let emu = first.emu;
    try {
      emitOrderFinished(emu.context, finishedOrder(first.accountId));
      // Restart once the 2nd attempt's answer is recorded (an attempt cut short by the stop would be sent again).
      const recorded = () => (emu.context.db.prepare('SELECT COUNT(*) AS n FROM webhook_attempts').get() as { n: number }).n;
      await waitFor(() => (recorded() === 2 ? true : undefined));
      emu = await emu.restart();
      const token = await emu.login(DEMO_ACCOUNT);
      const failed = await waitFor(async () => {
        const event = await firstEvent(emu, token, first.hookId);
        return event?.status === 'FAILED' ? event : undefined;
      }, 20_000);
      expect(failed.retries).toBe(3);
      expect(receiver.calls).toHaveLength(4);
      const [, g2, g3] = gaps(receiver.calls.map((c) => c.at));
      expect(Math.abs(g2! - 2000)).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(Math.abs(g3! - 4000)).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(new Set(receiver.calls.map((c) => c.headers['x-service-event-id'])).size).toBe(1);
    } finally {
      await emu.close();
      await receiver.close();
    }
  });

  it('never sends a SENT event again, also not after a restart', async () => {
    const receiver = await startReceiver();
    const first = await setup(receiver.url);
    let emu = first.emu;
    try {
      emitOrderFinished(emu.context, finishedOrder(first.accountId));
      await waitFor(async () => ((await firstEvent(emu, first.token, first.hookId))?.status === 'SENT' ? true : undefined));
      emu = await emu.restart();
      // Absence can only be shown by waiting: longer than the scheduler's safety poll (1 s).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(receiver.calls).toHaveLength(1);
      const token = await emu.login(DEMO_ACCOUNT);
      expect((await firstEvent(emu, token, first.hookId))?.status).toBe('SENT');
    } finally {
      await emu.close();
      await receiver.close();
    }
  });

  it('keeps the API fast while a slow receiver holds every delivery slot', async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 3000 }));
    const { emu, token, accountId, hookId } = await setup(receiver.url);
    try {
      for (let i = 0; i < 12; i++) emitOrderFinished(emu.context, finishedOrder(accountId));
      await waitFor(() => (receiver.calls.length >= 8 ? true : undefined));
      const t0 = performance.now();
      const res = await emu.request('GET', `${BASE}/${hookId}/events?limit=100`, { token });
      expect(performance.now() - t0).toBeLessThan(500);
      expect(res.body.data.events).toHaveLength(12);
      // The concurrency cap: no more than 8 in flight at once.
      expect(receiver.calls).toHaveLength(8);
    } finally {
      await emu.close();
      await receiver.close();
    }
  });
});
