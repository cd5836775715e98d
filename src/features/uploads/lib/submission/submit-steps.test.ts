import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import { createSentOrders } from '@/lib/sent-orders';
import { makeSubmissionKeys } from './idempotent-submission';
import { confirmOrder, createOrder, keysAfterFailure, orderUploaded, rememberOrder } from './submit-steps';
import type { Submission } from './submission';
import { createManifestStore } from './upload-manifest';

const httpError = (status: number) => new ApiError({ kind: 'http', status, code: status >= 500 ? 'SERVER_INTERNAL_ERROR' : 'INVALID_REQUEST', method: 'POST', path: '/x' });

describe('keysAfterFailure (the one key rule of single orders and of every order of a batch)', () => {
  const keys = makeSubmissionKeys();

  it('keeps the keys after a failure that may have made the order: network, 5xx, 408, 429', () => {
    for (const error of [new ApiError({ kind: 'network', status: 0, code: 'NETWORK_ERROR', method: 'POST', path: '/x' }), httpError(503), httpError(408), httpError(429)]) {
      expect(keysAfterFailure(keys, error)).toBe(keys);
    }
  });

  it('makes new keys after a 4xx: it made no order, the corrected form is a new submission', () => {
    const next = keysAfterFailure(keys, httpError(400));
    expect(next.create).not.toBe(keys.create);
    expect(next.confirm).not.toBe(keys.confirm);
    expect(next.create).not.toBe(next.confirm);
  });
});

interface Call {
  path: string;
  body: { idempotencyKey?: string; orderId?: string };
}
let calls: Call[] = [];
let answers: Array<() => Response> = [];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ path: new URL(input, 'http://dashboard').pathname, body: JSON.parse(String(init?.body ?? '{}')) as Call['body'] });
      return answers.shift()!();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const png = (content: string, name: string) => new File([content], name, { type: 'image/png' });
const antiAi: Submission = {
  type: 'antiAi',
  body: { files: [{ fileName: 'a.png' }, { fileName: 'b.png', originalFileUrl: 'https://example.com/b.png' }], options: { strength: 'high' } },
  files: [{ file: png('aaa', 'a.png'), sha256: 'h1' }],
};
const antiAiCreated = () =>
  Response.json({
    data: {
      orderName: 'n',
      orderId: 'ord_1',
      status: 'pending',
      files: [
        { fileId: '1', fileName: 'a.png', uploadUrl: 'http://store/1', fileKey: 'k1' },
        { fileId: '2', fileName: 'b.png', originalFileUrl: 'https://example.com/b.png' },
      ],
    },
  });
const serverError = () => Response.json({ code: 'SERVER_INTERNAL_ERROR' }, { status: 503 });

describe('createOrder', () => {
  it('retries a server error with the same create key and pairs each file with its upload', async () => {
    answers = [serverError, antiAiCreated];
    const keys = makeSubmissionKeys();
    const order = await createOrder(antiAi, keys);
    expect(calls.map((c) => c.body.idempotencyKey)).toEqual([keys.create, keys.create]);
    expect(order).toMatchObject({ orderId: 'ord_1', issued: 1, needsConfirm: true });
    expect(order.uploads.map((u) => [u.fileKey, u.sha256])).toEqual([['k1', 'h1']]);
  });

  it('needs no confirm for an embed order, nor for an anti-AI order without uploads', async () => {
    answers = [
      () => Response.json({ data: { orderName: 'n', orderId: 'ord_2', status: 'pending', files: [{ fileId: '1', fileName: 'a.png', uploadUrl: 'http://store/2', fileKey: 'k2' }] } }),
    ];
    const embed: Submission = { type: 'watermarkEmbed', body: { files: [{ fileName: 'a.png', watermarks: [{ text: 'hi' }] }] }, files: antiAi.files };
    expect(await createOrder(embed, makeSubmissionKeys())).toMatchObject({ orderId: 'ord_2', issued: 1, needsConfirm: false });
    answers = [() => Response.json({ data: { orderName: 'n', orderId: 'ord_3', status: 'pending', files: [{ fileId: '2', fileName: 'b.png', originalFileUrl: 'https://example.com/b.png' }] } })];
    const urlsOnly: Submission = { type: 'antiAi', body: { files: [{ fileName: 'b.png', originalFileUrl: 'https://example.com/b.png' }], options: { strength: 'high' } }, files: [] };
    expect(await createOrder(urlsOnly, makeSubmissionKeys())).toMatchObject({ orderId: 'ord_3', issued: 0, needsConfirm: false });
  });
});

describe('rememberOrder, confirmOrder, orderUploaded', () => {
  it('keeps what was sent and the files by content until every file is up', async () => {
    answers = [antiAiCreated];
    const order = await createOrder(antiAi, makeSubmissionKeys());
    rememberOrder(order, antiAi, { preview: false });
    expect(createSentOrders(window.localStorage).load('ord_1')).toEqual({
      type: 'antiAi',
      files: [{ fileName: 'a.png' }, { fileName: 'b.png', url: 'https://example.com/b.png' }],
      strength: 'high',
      zeroCopy: false,
    });
    expect(createManifestStore(window.localStorage).load('ord_1')).toEqual([{ fileName: 'a.png', fileKey: 'k1', size: 3, sha256: 'h1' }]);
    orderUploaded('ord_1');
    expect(createManifestStore(window.localStorage).load('ord_1')).toBeNull();
  });

  it('confirms with the confirm key, the same on every try', async () => {
    answers = [serverError, () => Response.json({ data: { orderId: 'ord_1', status: 'inProgress' } })];
    await confirmOrder('ord_1', 'confirm-key');
    expect(calls.map((c) => [c.path, c.body.orderId, c.body.idempotencyKey])).toEqual([
      ['/api/v2/orders/anti-ai/confirm', 'ord_1', 'confirm-key'],
      ['/api/v2/orders/anti-ai/confirm', 'ord_1', 'confirm-key'],
    ]);
  });
});
