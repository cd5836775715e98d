import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryAttemptsResponse } from '../../src/api/schemas/emulator';
import { listEventsResponse } from '../../src/api/schemas/webhooks';
import { findAccountByEmail } from '../domain/accounts';
import { emitOrderFinished, finishedOrder, waitFor } from './emit-order-finished';
import { SECOND_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { startReceiver } from './test-receiver';

let emu: TestEmulator;
let token: string;
let accountId: number;
beforeAll(async () => {
  emu = await startTestEmulator({ webhookRetryDelaysMs: [20, 20, 20] });
  token = await emu.login(SECOND_ACCOUNT);
  accountId = findAccountByEmail(emu.context.db, SECOND_ACCOUNT.email)!.id;
});
afterAll(async () => {
  await emu.close();
});

const BASE = '/api/v2/orders/webhooks';

/** One delivery to `url` until it settles; returns its attempts as the endpoint serves them. */
async function attemptsFor(url: string) {
  const hook = (await emu.request('POST', BASE, { token, body: { name: 'Kinds', url } })).body.data as { id: number };
  try {
    emitOrderFinished(emu.context, finishedOrder(accountId));
    const event = await waitFor(async () => {
      const res = await emu.request('GET', `${BASE}/${hook.id}/events`, { token });
      const first = listEventsResponse.parse(res.body.data).events[0];
      return first && (first.status === 'FAILED' || first.status === 'SENT') ? first : undefined;
    });
    const res = await emu.request('GET', `/_emulator/webhooks/${hook.id}/events/${event.id}/attempts`, { token });
    return deliveryAttemptsResponse.parse(res.body.data).attempts;
  } finally {
    await emu.request('DELETE', `${BASE}/${hook.id}`, { token });
  }
}

describe('attempts endpoint: errorKind', () => {
  it('is "redirect" for a 3xx, next to the words', async () => {
    const receiver = await startReceiver(() => ({ status: 302, headers: { Location: 'https://example.com/final' } }));
    try {
      const attempts = await attemptsFor(receiver.url);
      expect(attempts[0]).toMatchObject({ statusCode: 302, errorKind: 'redirect', error: 'redirect not followed (302 → https://example.com/final)' });
    } finally {
      await receiver.close();
    }
  });

  it('is "connection-refused" when nothing listens', async () => {
    const receiver = await startReceiver();
    await receiver.close();
    const attempts = await attemptsFor(receiver.url);
    expect(attempts.map((a) => a.errorKind)).toEqual(Array(4).fill('connection-refused'));
  });

  it('is null for an HTTP answer that is not a redirect', async () => {
    const receiver = await startReceiver(() => ({ status: 500 }));
    try {
      const attempts = await attemptsFor(receiver.url);
      expect(attempts[0]).toMatchObject({ statusCode: 500, errorKind: null, error: null });
    } finally {
      await receiver.close();
    }
  });
});
