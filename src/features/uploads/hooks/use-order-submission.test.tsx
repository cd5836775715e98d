import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders } from '@/testing/render';
import type { PutRequest } from '../lib/upload-engine';
import { createManifestStore } from '../lib/submission/upload-manifest';
import type { Submission } from '../lib/submission/submission';
import { useOrderSubmission } from './use-order-submission';

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
let createAnswers: Array<() => Response> = [];

beforeEach(() => {
  calls = [];
  puts.length = 0;
  createAnswers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://dashboard').pathname;
      calls.push({ path, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
      if (path === '/api/v2/orders/anti-ai/confirm') return Response.json({ data: null });
      await new Promise((r) => setTimeout(r, 5));
      return (createAnswers.shift() ?? created)();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const created = () =>
  Response.json({
    data: {
      orderName: 'n',
      orderId: 'ord_1',
      status: 'pending',
      files: [
        { fileId: '1', fileName: 'photo.png', uploadUrl: 'http://store/1', fileKey: 'k1' },
        { fileId: '2', fileName: 'photo.png', uploadUrl: 'http://store/2', fileKey: 'k2' },
        { fileId: '3', fileName: 'c.png', originalFileUrl: 'https://example.com/c.png' },
      ],
    },
  });

const first = new File(['one'], 'photo.png', { type: 'image/png' });
const second = new File(['two'], 'photo.png', { type: 'image/png' });
const submission: Submission = {
  type: 'antiAi',
  body: {
    files: [{ fileName: 'photo.png' }, { fileName: 'photo.png' }, { fileName: 'c.png', originalFileUrl: 'https://example.com/c.png' }],
    options: { strength: 'high' },
  },
  files: [
    { file: first, sha256: 'h1' },
    { file: second, sha256: 'h2' },
  ],
};

const creations = () => calls.filter((c) => c.path === '/api/v2/orders/anti-ai');

describe('useOrderSubmission', () => {
  it('creates one order on a double submit, uploads each file to its own key, then confirms', async () => {
    const { result } = renderHookWithProviders(() => useOrderSubmission(), { route: '/' });
    await act(async () => {
      await Promise.all([result.current.submit(submission), result.current.submit(submission)]);
    });
    expect(creations()).toHaveLength(1);
    // Two files of one name: each goes to the upload issued at its place, never both to one.
    expect(puts.map((p) => [p.url, p.body])).toEqual([
      ['http://store/1', first],
      ['http://store/2', second],
    ]);
    expect(calls.map((c) => c.path)).toEqual(['/api/v2/orders/anti-ai', '/api/v2/orders/anti-ai/confirm']);
    expect(result.current.uploadRun.phase).toBe('finished');
  });

  it('keeps the hashes of the submission for resume while the uploads run', async () => {
    let release!: () => void;
    const { result } = renderHookWithProviders(() => useOrderSubmission(), { route: '/' });
    puts.length = 0;
    const gate = new Promise<void>((r) => (release = r));
    const transport = await import('../lib/upload-engine/xhr-transport');
    const put = vi.spyOn(transport.xhrTransport, 'put').mockImplementation(async (request) => {
      puts.push(request);
      await gate;
      return { status: 200 };
    });
    let done!: Promise<void>;
    act(() => {
      done = result.current.submit(submission);
    });
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(createManifestStore(window.localStorage).load('ord_1')).toEqual([
      { fileName: 'photo.png', fileKey: 'k1', size: 3, sha256: 'h1' },
      { fileName: 'photo.png', fileKey: 'k2', size: 3, sha256: 'h2' },
    ]);
    release();
    await act(async () => done);
    put.mockRestore();
  });

  it('sends the same idempotency key on every try after a server error', async () => {
    createAnswers = [() => Response.json({ code: 'SERVER_INTERNAL_ERROR' }, { status: 503 })];
    const { result } = renderHookWithProviders(() => useOrderSubmission(), { route: '/' });
    await act(async () => {
      await result.current.submit(submission);
    });
    const keys = creations().map((c) => c.body.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(typeof keys[0]).toBe('string');
    expect(keys[1]).toBe(keys[0]);
    expect(creations()[0]?.body).toMatchObject({ files: submission.body.files, options: { strength: 'high' } });
  });
});
