import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders } from '@/testing/render';
import type { PutRequest } from '../lib/upload-engine';
import { createBatchStore } from '../lib/batch/batch-store';
import { createManifestStore } from '../lib/submission/upload-manifest';
import { useBatchSubmission } from './use-batch-submission';

const puts: PutRequest[] = [];
vi.mock('../lib/upload-engine/xhr-transport', () => ({
  xhrTransport: {
    put: async (request: PutRequest) => {
      puts.push(request);
      return { status: 200 };
    },
  },
}));

interface Call {
  path: string;
  body: Record<string, unknown>;
}
let calls: Call[] = [];
/** Order names whose next creation answers 400 once. */
let refuseOnce = new Set<string>();
/** Order names whose next creation answers 503 once (the order may or may not exist: the key must stay). */
let failOnce = new Set<string>();

beforeEach(() => {
  calls = [];
  puts.length = 0;
  refuseOnce = new Set();
  failOnce = new Set();
  // Like the service: one order per idempotency key; the same key answers with the same order.
  const byKey = new Map<string, string>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://dashboard').pathname;
      const body = JSON.parse(String(init?.body ?? '{}')) as { idempotencyKey: string; orderName: string; files: { fileName: string }[] };
      calls.push({ path, body: body as unknown as Record<string, unknown> });
      if (path === '/api/v2/orders/anti-ai/confirm') return Response.json({ data: { orderId: 'x', status: 'inProgress' } });
      if (failOnce.delete(body.orderName)) return Response.json({ code: 'SERVER_INTERNAL_ERROR' }, { status: 503 });
      if (refuseOnce.delete(body.orderName)) return Response.json({ code: 'INVALID_REQUEST', message: 'no' }, { status: 400 });
      const orderId = byKey.get(body.idempotencyKey) ?? `ord_${byKey.size + 1}`;
      byKey.set(body.idempotencyKey, orderId);
      return Response.json({
        data: {
          orderName: body.orderName,
          orderId,
          status: 'pending',
          files: body.files.map((f, i) => ({ fileId: String(i), fileName: f.fileName, uploadUrl: `http://store/${orderId}/${i}`, fileKey: `${orderId}-${i}` })),
        },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const files = Array.from({ length: 205 }, (_, i) => ({ file: new File([String(i)], `img-${i}.png`, { type: 'image/png' }), sha256: `h${i}` }));
const input = { name: 'Shoot', options: { strength: 'high' as const }, files };
const creations = () => calls.filter((c) => c.path === '/api/v2/orders/anti-ai');
const confirms = () => calls.filter((c) => c.path === '/api/v2/orders/anti-ai/confirm');

describe('useBatchSubmission', () => {
  it('creates 3 orders named n/3 with their own keys, uploads every file once and confirms each order with its own key', async () => {
    const { result } = renderHookWithProviders(() => useBatchSubmission(), { route: '/' });
    await act(async () => {
      await Promise.all([result.current.submit(input), result.current.submit(input)]);
    });
    expect(creations().map((c) => [c.body.orderName, (c.body.files as unknown[]).length])).toEqual([
      ['Shoot 1/3', 100],
      ['Shoot 2/3', 100],
      ['Shoot 3/3', 5],
    ]);
    const keys = [...creations(), ...confirms()].map((c) => c.body.idempotencyKey);
    expect(new Set(keys).size).toBe(6);
    expect(puts).toHaveLength(205);
    expect(new Set(puts.map((p) => p.url)).size).toBe(205);
    expect(confirms().map((c) => c.body.orderId).sort()).toEqual(['ord_1', 'ord_2', 'ord_3']);
    expect(result.current.phase).toBe('finished');
    // Every order is up: nothing is left to resume, but the batch is kept for its page.
    const batch = createBatchStore(window.localStorage).list()[0]!;
    expect(batch.orders.map((o) => [o.orderId, o.uploaded])).toEqual([
      ['ord_1', true],
      ['ord_2', true],
      ['ord_3', true],
    ]);
    expect(createManifestStore(window.localStorage).load('ord_1')).toBeNull();
  });

  it('retries an order whose creation met a server error with the same key, and no order is made twice', async () => {
    failOnce = new Set(['Shoot 2/3']);
    const { result } = renderHookWithProviders(() => useBatchSubmission(), { route: '/' });
    await act(async () => {
      await result.current.submit(input);
    });
    const second = creations().filter((c) => c.body.orderName === 'Shoot 2/3');
    expect(second).toHaveLength(2);
    expect(second[1]!.body.idempotencyKey).toBe(second[0]!.body.idempotencyKey);
    expect(confirms().map((c) => c.body.orderId).sort()).toEqual(['ord_1', 'ord_2', 'ord_3']);
  });

  it('goes on where it stopped when Create is pressed again after a refusal: made orders are not sent again', async () => {
    refuseOnce = new Set(['Shoot 2/3']);
    const { result } = renderHookWithProviders(() => useBatchSubmission(), { route: '/' });
    await act(async () => {
      await result.current.submit(input);
    });
    expect(result.current.phase).toBe('failed');
    expect(result.current.createError).not.toBeNull();
    expect(puts).toHaveLength(0);
    // The first order's files are known by content for a resume after a reload.
    expect(createManifestStore(window.localStorage).load('ord_1')).toHaveLength(100);
    const stored = createBatchStore(window.localStorage).list()[0]!;
    expect(stored.orders.map((o) => o.orderId)).toEqual(['ord_1', undefined, undefined]);

    await act(async () => {
      await result.current.submit(input);
    });
    const names = creations().map((c) => c.body.orderName);
    expect(names).toEqual(['Shoot 1/3', 'Shoot 2/3', 'Shoot 2/3', 'Shoot 3/3']);
    const [first, refused, retried] = creations();
    // A refusal made no order: the corrected request is a new one, with a new key; order 1 keeps its own.
    expect(retried!.body.idempotencyKey).not.toBe(refused!.body.idempotencyKey);
    expect(stored.orders[0]!.keys.create).toBe(first!.body.idempotencyKey);
    expect(result.current.phase).toBe('finished');
    expect(puts).toHaveLength(205);
  });
});
