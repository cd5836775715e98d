import * as fflate from 'fflate';
import { describe, expect, it } from 'vitest';
import { blobSink, buildBatchZip, ResultFetchError, type ZipSink } from './batch-zip';
import { commonTop, zipPathOf } from './zip-paths';

const bytes = (text: string) => new TextEncoder().encode(text);

function memorySink() {
  const chunks: Uint8Array[] = [];
  let closed = false;
  const sink: ZipSink = {
    write: async (c) => void chunks.push(c),
    close: async () => void (closed = true),
    abort: async () => {},
  };
  return { sink, chunks, closed: () => closed, zip: () => fflate.unzipSync(new Uint8Array(Buffer.concat(chunks))) };
}

/** A response whose body breaks off after `cut` bytes, as a lost connection does. */
function responseOf(zip: Uint8Array, cut?: number): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const end = cut ?? zip.length;
      for (let at = 0; at < end; at += 7) controller.enqueue(zip.slice(at, Math.min(end, at + 7)));
      if (cut === undefined) controller.close();
      else controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { status: 200 });
}

describe('buildBatchZip', () => {
  const order1 = fflate.zipSync({ 'photo-01.jpg': bytes('top'), 'raw - photo-01.jpg': bytes('raw') }, { level: 0 });
  const order2 = fflate.zipSync({ 'photo-02.jpg': bytes('two'), 'photo-03.jpg': bytes('three') }, { level: 0 });
  const paths: Record<string, Record<string, string>> = {
    o1: { 'photo-01.jpg': 'shoot/photo-01.jpg', 'raw - photo-01.jpg': 'shoot/raw/photo-01.jpg' },
    o2: { 'photo-02.jpg': 'shoot/raw/photo-02.jpg', 'photo-03.jpg': 'shoot/photo-03.jpg' },
  };
  const top = commonTop(Object.values(paths).flatMap((p) => Object.values(p)));
  const pathOf = (orderId: string, name: string) => zipPathOf(name, paths[orderId], top);

  it('makes one ZIP of every order with the folders kept, written in several chunks', async () => {
    const out = memorySink();
    const progress: number[] = [];
    const result = await buildBatchZip(['o1', 'o2'], {
      fflate,
      linkOf: async (id) => `https://store.test/${id}`,
      fetch: async (url) => responseOf(url.endsWith('o1') ? order1 : order2),
      pathOf,
      sink: out.sink,
      onProgress: (p) => progress.push(p.ordersDone),
    });
    expect(result).toMatchObject({ files: 4, failed: [] });
    expect(out.closed()).toBe(true);
    expect(out.chunks.length).toBeGreaterThan(4);
    const zip = out.zip();
    expect(Object.keys(zip).sort()).toEqual(['photo-01.jpg', 'photo-03.jpg', 'raw/photo-01.jpg', 'raw/photo-02.jpg']);
    expect(new TextDecoder().decode(zip['raw/photo-01.jpg'])).toBe('raw');
    expect(progress.at(-1)).toBe(2);
  });

  it('asks a new link when the old one expired (403) and reads again after a broken connection, without repeats', async () => {
    const out = memorySink();
    const links: string[] = [];
    let o1Reads = 0;
    const result = await buildBatchZip(['o1', 'o2'], {
      fflate,
      linkOf: async (id) => {
        links.push(id);
        return `https://store.test/${id}?n=${links.length}`;
      },
      fetch: async (url) => {
        if (url.includes('o2')) return url.endsWith('n=3') ? new Response('expired', { status: 403 }) : responseOf(order2);
        o1Reads++;
        // The first read breaks off after the first entry.
        return o1Reads === 1 ? responseOf(order1, 60) : responseOf(order1);
      },
      pathOf,
      sink: out.sink,
    });
    expect(result.failed).toEqual([]);
    expect(links).toEqual(['o1', 'o1', 'o2', 'o2']);
    expect(Object.keys(out.zip()).sort()).toEqual(['photo-01.jpg', 'photo-03.jpg', 'raw/photo-01.jpg', 'raw/photo-02.jpg']);
  });

  it('reports an order that keeps failing with what was saved, and still writes the others', async () => {
    const out = memorySink();
    const result = await buildBatchZip(['o1', 'o2'], {
      fflate,
      linkOf: async (id) => id,
      fetch: async (url) => (url === 'o1' ? new Response('gone', { status: 404 }) : responseOf(order2)),
      pathOf,
      sink: out.sink,
    });
    expect(result.failed).toEqual([{ orderId: 'o1', error: new ResultFetchError(404), saved: 0 }]);
    expect(Object.keys(out.zip()).sort()).toEqual(['photo-03.jpg', 'raw/photo-02.jpg']);
  });

  it('collects the chunks into one Blob where no file can be written', async () => {
    let blob: Blob | null = null;
    await buildBatchZip(['o2'], { fflate, linkOf: async (id) => id, fetch: async () => responseOf(order2), pathOf, sink: blobSink((b) => (blob = b)) });
    expect(blob).not.toBeNull();
    const zip = fflate.unzipSync(new Uint8Array(await blob!.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual(['photo-03.jpg', 'raw/photo-02.jpg']);
  });
});
