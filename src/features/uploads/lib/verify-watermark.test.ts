import { describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/api/api-error';
import type { Order } from '@/api/schemas/orders';
import { firstImage, verifyWatermark, type VerifyDeps } from './verify-watermark';

const png = new Uint8Array([137, 80, 78, 71]);

function orderWith(status: Order['status'], watermarkText: string | null = null): Order {
  return {
    orderId: 'ord_x',
    orderName: 'check',
    type: 'watermarkExtract',
    channel: 'web',
    status,
    fileCount: 1,
    thumbnailImageUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    errors: null,
    watermarks: null,
    watermarkText,
  };
}

function fakeDeps(statuses: Order[], entries: Record<string, Uint8Array> = { 'b.png': png, 'a.jpg': png }): VerifyDeps {
  const queue = [...statuses];
  return {
    getDownloadUrl: vi.fn(async () => 'http://storage/zip'),
    fetchBytes: vi.fn(async () => new Uint8Array([1])),
    unzip: vi.fn(async () => entries),
    createExtract: vi.fn(async () => ({ orderId: 'ord_x', file: { uploadUrl: 'http://storage/put' } })),
    put: vi.fn(async () => ({ status: 200 })),
    getOrder: vi.fn(async () => queue.shift() ?? statuses[statuses.length - 1]!),
    sleep: vi.fn(async () => {}),
  };
}

const options = () => ({ idempotencyKey: 'key-1', signal: new AbortController().signal, pollIntervalMs: 1 });

describe('verifyWatermark', () => {
  it('uploads the first image to one extract order and reports the text read back', async () => {
    const deps = fakeDeps([orderWith('pending'), orderWith('inProgress'), orderWith('detected', 'Alice\nBob')]);
    const outcome = await verifyWatermark('ord_embed', deps, options());
    expect(outcome).toEqual({ kind: 'verified', text: 'Alice\nBob', extractOrderId: 'ord_x' });
    expect(deps.getDownloadUrl).toHaveBeenCalledWith('ord_embed');
    expect(deps.createExtract).toHaveBeenCalledTimes(1);
    expect(deps.createExtract).toHaveBeenCalledWith({ idempotencyKey: 'key-1', file: { fileName: 'a.jpg' } });
    expect(deps.put).toHaveBeenCalledWith('http://storage/put', expect.any(Blob), 'image/jpeg', expect.anything());
    expect(deps.getOrder).toHaveBeenCalledTimes(3);
  });

  it('says when the watermark is not found', async () => {
    const outcome = await verifyWatermark('ord_embed', fakeDeps([orderWith('undetected')]), options());
    expect(outcome).toEqual({ kind: 'notFound', extractOrderId: 'ord_x' });
  });

  it('reports a failed check with the service message', async () => {
    const failed = { ...orderWith('failed'), errors: 'corrupt image' };
    const outcome = await verifyWatermark('ord_embed', fakeDeps([failed]), options());
    expect(outcome).toEqual({ kind: 'failed', extractOrderId: 'ord_x', message: 'corrupt image' });
  });

  it('fails with a code when the ZIP has no image, before creating any order', async () => {
    const deps = fakeDeps([orderWith('detected', 'x')], { 'readme.txt': png });
    const error: unknown = await verifyWatermark('ord_embed', deps, options()).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('VERIFY_NO_IMAGE');
    expect(deps.createExtract).not.toHaveBeenCalled();
  });

  it('fails with a code when the upload is refused', async () => {
    const deps = fakeDeps([orderWith('detected', 'x')]);
    deps.put = vi.fn(async () => ({ status: 403 }));
    const error: unknown = await verifyWatermark('ord_embed', deps, options()).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('VERIFY_UPLOAD_FAILED');
    expect(deps.getOrder).not.toHaveBeenCalled();
  });
});

describe('firstImage', () => {
  it('skips folders and non-images and strips the folder from the name', () => {
    expect(firstImage({ 'out/': new Uint8Array(), 'out/z.png': png, 'notes.txt': png })?.name).toBe('z.png');
    expect(firstImage({})).toBeUndefined();
  });
});
