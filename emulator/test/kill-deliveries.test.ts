import { afterAll, describe, expect, it } from 'vitest';
import {
  antiAiOrder,
  cleanUpChildren,
  confirm,
  eventsOf,
  expectDeliveredOnce,
  receiverCalls,
  receiverWebhook,
  setReceiverAnswer,
  startKillableEmulator,
  until,
  usageOf,
  waitForOrder,
} from './kill-checks';

/**
 * kill -9 of a child emulator between webhook attempts and while a 200 is in flight (docs/decisions/kill-tests.md).
 * Deliveries are at-least-once: a copy is sent again only when the kill fell between the receiver's 2xx and its
 * record, and the receiver then sees the same event id twice.
 */

afterAll(cleanUpChildren);

// Three starts of a child process take a while on a loaded machine; the waits inside have their own deadlines.
describe('kill -9 and webhook deliveries', { timeout: 120_000 }, () => {
  it('resumes the retry schedule after kills between attempts, sending nothing twice', async () => {
    // Retries 3 s apart: each kill lands in a pause between attempts, far from the next one.
    const env = { EMULATOR_RETRY_DELAYS_MS: '3000,3000,3000' };
    let emu = await startKillableEmulator({ env });
    let token = await emu.login();
    await receiverWebhook(emu, token, 'kill-retries');
    await setReceiverAnswer(emu, token, 'kill-retries', 500);
    const { orderId } = await antiAiOrder(emu, token, 1);
    expect((await confirm(emu, token, orderId)).status).toBe(200);
    await waitForOrder(emu, token, orderId);
    await until(() => (eventsOf(emu, orderId)[0]?.attempts.length ?? 0) >= 1, 'the first attempt (500)');
    await emu.kill();

    emu = await emu.restart({ env });
    token = await emu.login();
    await until(() => (eventsOf(emu, orderId)[0]?.attempts.length ?? 0) >= 2, 'the second attempt (500) after the restart');
    await setReceiverAnswer(emu, token, 'kill-retries', 200);
    await emu.kill();

    emu = await emu.restart({ env });
    const event = await expectDeliveredOnce(emu, orderId, 'kill-retries', 3);
    expect(event.attempts).toEqual([500, 500, 200]);
    expect(event.retries).toBe(2);
    // Every request the receiver got is a recorded attempt: no copy was sent twice.
    expect(receiverCalls(emu, 'kill-retries')).toHaveLength(event.attempts.length);
    expect(usageOf(emu)).toBe(1);
    await emu.kill();
  });

  it('sends again when killed after the receiver answered 200 but before that was recorded: one duplicate, same event id', async () => {
    let emu = await startKillableEmulator({ crashAt: 'delivery-after-answer' });
    const token = await emu.login();
    await receiverWebhook(emu, token, 'kill-in-flight');
    const { orderId } = await antiAiOrder(emu, token, 1);
    expect((await confirm(emu, token, orderId)).status).toBe(200);
    expect((await emu.exited).signal).toBe('SIGKILL');

    emu = await emu.restart();
    // The receiver kept the first copy (it answered 200); the emulator never learnt that, so it sends again.
    const event = await expectDeliveredOnce(emu, orderId, 'kill-in-flight', 2);
    expect(event.attempts).toEqual([200]);
    expect(usageOf(emu)).toBe(1);
    await emu.kill();
  });
});
