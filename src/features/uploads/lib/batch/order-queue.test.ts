import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PutRequest, UploadTransport } from '../upload-engine';
import { refreshOrders, runOrderQueue, type ConfirmState } from './order-queue';

let confirmCalls: { orderId: string; idempotencyKey: string }[] = [];

beforeEach(() => {
  confirmCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://dashboard').pathname;
      if (path === '/api/v2/orders/anti-ai/confirm') {
        confirmCalls.push(JSON.parse(String(init?.body)) as { orderId: string; idempotencyKey: string });
        return Response.json({ data: { orderId: 'x', status: 'inProgress' } });
      }
      return Response.json({ code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const item = (fileKey: string) => ({ fileName: `${fileKey}.png`, fileKey, uploadUrl: `http://store/${fileKey}`, body: new Blob(['x']), contentType: 'image/png' });

describe('runOrderQueue', () => {
  it('sends every order’s files through one engine, confirms an order with a confirm key with it, and ends one without (embed) when its files are up', async () => {
    const puts: PutRequest[] = [];
    const transport: UploadTransport = { put: async (request) => (puts.push(request), { status: 200 }) };
    const events: [number, ConfirmState][] = [];
    const states = await runOrderQueue(
      [
        { orderId: 'ord_1', confirmKey: 'confirm-1', items: [item('a'), item('b')], missingBeyond: 0 },
        { orderId: 'ord_2', items: [item('c')], missingBeyond: 0 },
        { orderId: 'ord_3', confirmKey: 'confirm-3', items: [item('d')], missingBeyond: 1 },
      ],
      { transport, onEngine: () => {}, onConfirm: (i, state) => events.push([i, state]) },
    );
    expect(puts.map((p) => p.url).sort()).toEqual(['http://store/a', 'http://store/b', 'http://store/c', 'http://store/d']);
    expect(confirmCalls).toEqual([{ orderId: 'ord_1', idempotencyKey: 'confirm-1' }]);
    // An order that still waits for files beyond these is not confirmed.
    expect(states).toEqual(['confirmed', 'confirmed', 'waiting']);
    expect(events.filter(([i]) => i === 1)).toEqual([
      [1, 'confirming'],
      [1, 'confirmed'],
    ]);
  });
});

describe('refreshOrders', () => {
  it('asks each order in turn and keeps the first answer date', async () => {
    const asked: string[] = [];
    const answer = await refreshOrders(['a', 'b'], async (id) => {
      asked.push(id);
      return { files: [{ fileName: `${id}.png`, fileKey: id, uploadUrl: `u/${id}` }], serverDate: id === 'a' ? 1000 : 2000 };
    });
    expect(asked).toEqual(['a', 'b']);
    expect(answer.files.map((f) => f.fileKey)).toEqual(['a', 'b']);
    expect(answer.serverDate).toBe(1000);
  });
});
