import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';
import { fixture, newKey, put, waitFor, waitForStatus } from './orders-helpers';
import { startReceiver } from './test-receiver';

/**
 * Everything the emulator prints while it serves a whole order and webhook
 * round trip (request log on) must be free of credentials: access tokens,
 * webhook secrets, delivery signatures and presigned-URL signatures.
 */
let emu: TestEmulator;
const printed: string[] = [];
const capture = (...args: unknown[]) => {
  printed.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
};

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(capture);
  emu = await startTestEmulator({ logRequests: true, webhookRetryDelaysMs: [20, 20, 20] });
});
afterAll(async () => {
  await emu.close();
  vi.restoreAllMocks();
});

describe('logs', () => {
  it('carry no token, secret or signature through login, orders, uploads, bad requests and deliveries', async () => {
    const token = await emu.login(DEMO_ACCOUNT);
    const receiver = await startReceiver((_call, index) => ({ status: index === 0 ? 500 : 200 }));
    try {
      const hook = await emu.request('POST', '/api/v2/orders/webhooks', { token, body: { name: 'Log check', url: receiver.url } });
      expect(hook.status).toBe(200);
      const secret = hook.body.data.secret as string;

      const created = await emu.request('POST', '/api/v2/orders/wtr-embed', {
        token,
        body: { idempotencyKey: newKey(), files: [{ fileName: 'coins.png', watermarks: [{ text: 'log check' }] }] },
      });
      expect(created.status).toBe(200);
      const uploadUrl = created.body.data.files[0].uploadUrl as string;
      const urlSignature = new URL(uploadUrl).searchParams.get('X-Amz-Signature')!;
      // A tampered signature and a wrong token are logged too (as failures), still without the credential.
      const tampered = new URL(uploadUrl);
      tampered.searchParams.set('X-Amz-Signature', 'f'.repeat(64));
      expect((await put(tampered.toString(), fixture('coins.png'))).status).toBe(403);
      expect((await emu.request('GET', '/api/v2/orders', { token: `${token}x` })).status).toBe(401);
      expect((await put(uploadUrl, fixture('coins.png'))).status).toBe(200);
      await waitForStatus(emu, token, created.body.data.orderId, ['complete']);
      await waitFor(() => receiver.calls.length >= 2);
      const deliverySignature = String(receiver.calls[0]!.headers['x-service-signature']);

      const all = printed.join('\n');
      expect(all).toMatch(/POST \S*\/api\/v2\/orders\/wtr-embed 200/); // the log really was on
      for (const credential of [token, token.split('.')[2]!, secret, urlSignature, deliverySignature, DEMO_ACCOUNT.password]) {
        expect(all).not.toContain(credential);
      }
    } finally {
      await receiver.close();
    }
  });
});
