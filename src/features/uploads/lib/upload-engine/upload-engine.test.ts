import { describe, expect, it } from 'vitest';
import { NetworkError, type PutRequest, type UploadItem, type UploadTransport } from './types';
import { UploadEngine } from './upload-engine';

function items(n: number, size = 10): UploadItem[] {
  return Array.from({ length: n }, (_, i) => ({
    fileName: `f${i}.png`,
    fileKey: `f${i}`,
    uploadUrl: `http://store/f${i}?sig=old`,
    body: new Blob([new Uint8Array(size)]),
    contentType: 'image/png',
  }));
}

/** A fake store: answers are scripted per URL; every call is recorded. */
function fakeTransport(answer: (req: PutRequest, call: number) => number | 'network' | Promise<number>) {
  const calls: PutRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const transport: UploadTransport = {
    async put(req) {
      calls.push(req);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 1));
        req.onProgress(req.body.size / 2);
        const result = await answer(req, calls.filter((c) => c.url === req.url).length);
        if (result === 'network') throw new NetworkError();
        return { status: result };
      } finally {
        inFlight--;
      }
    },
  };
  return { transport, calls, maxInFlight: () => maxInFlight };
}

const noSleep = { sleep: async () => {}, random: () => 0.5 };

describe('UploadEngine', () => {
  it('never runs more PUTs at once than the concurrency limit and uploads every file', async () => {
    const fake = fakeTransport(() => 200);
    const engine = new UploadEngine(items(10), { transport: fake.transport, concurrency: 3, ...noSleep });
    const result = await engine.start();
    expect(result.done).toHaveLength(10);
    expect(fake.maxInFlight()).toBe(3);
    expect(fake.calls.every((c) => c.contentType === 'image/png')).toBe(true);
  });

  it('retries 5xx and network errors with growing backoff, then succeeds', async () => {
    const delays: number[] = [];
    const fake = fakeTransport((_req, call) => (call === 1 ? 500 : call === 2 ? 'network' : 200));
    const engine = new UploadEngine(items(1), {
      transport: fake.transport,
      baseDelayMs: 100,
      // Every change, so the listener sees each retry however fast the fake store answers.
      progressIntervalMs: 0,
      random: () => 1,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    const states: string[] = [];
    engine.subscribe((s) => {
      const st = s.files[0]?.state;
      if (st?.kind === 'retrying') states.push(`retrying ${st.attempt}`);
    });
    const result = await engine.start();
    expect(result.done).toEqual(['f0']);
    expect(fake.calls).toHaveLength(3);
    expect(delays).toEqual([100, 200]);
    expect(states).toContain('retrying 2');
    expect(states).toContain('retrying 3');
  });

  it('gives up after maxAttempts and says why; 4xx other than 403 is not retried', async () => {
    const fake = fakeTransport((req) => (req.url.includes('f0') ? 503 : 400));
    const engine = new UploadEngine(items(2), { transport: fake.transport, maxAttempts: 3, ...noSleep });
    const result = await engine.start();
    expect(result.failed.sort()).toEqual(['f0', 'f1']);
    expect(fake.calls.filter((c) => c.url.includes('f0'))).toHaveLength(3);
    expect(fake.calls.filter((c) => c.url.includes('f1'))).toHaveLength(1);
    const [f0, f1] = engine.snapshot().files;
    expect(f0?.state).toEqual({ kind: 'failed', reason: 'Gave up after 3 tries (HTTP 503)' });
    expect(f1?.state.kind === 'failed' && f1.state.reason).toMatch(/400/);
  });

  it('on 403 calls refresh-urls once for all files and retries with the new URL (matched by fileKey)', async () => {
    const fake = fakeTransport((req) => (req.url.includes('sig=old') ? 403 : 200));
    let refreshCalls = 0;
    const engine = new UploadEngine(items(3), {
      transport: fake.transport,
      ...noSleep,
      refreshUrls: async () => {
        refreshCalls++;
        return { files: items(3).map((it) => ({ fileName: it.fileName, fileKey: it.fileKey, uploadUrl: it.uploadUrl.replace('old', 'new') })), serverDate: null };
      },
    });
    const result = await engine.start();
    expect(result.done).toHaveLength(3);
    expect(refreshCalls).toBe(1);
    expect(fake.calls.filter((c) => c.url.includes('sig=new'))).toHaveLength(3);
  });

  it('fails a file with a reason when refreshing cannot help', async () => {
    const fake = fakeTransport(() => 403);
    const engine = new UploadEngine(items(1), { transport: fake.transport, ...noSleep, refreshUrls: async () => ({ files: [], serverDate: null }) });
    const result = await engine.start();
    expect(result.failed).toEqual(['f0']);
    expect(engine.snapshot().files[0]?.state).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/403/) });
  });

  it('cancels one file, and all files', async () => {
    const release: Array<() => void> = [];
    const fake = fakeTransport(
      (req) =>
        new Promise<number>((resolve, reject) => {
          release.push(() => resolve(200));
          req.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const engine = new UploadEngine(items(3), { transport: fake.transport, concurrency: 3, ...noSleep });
    const done = engine.start();
    await vi_waitFor(() => release.length === 3);
    engine.cancel('f1');
    release[0]?.();
    await vi_waitFor(() => engine.snapshot().files[0]?.state.kind === 'done');
    engine.cancelAll();
    const result = await done;
    expect(result).toEqual({ done: ['f0'], failed: [], cancelled: ['f1', 'f2'] });
    expect(fake.calls.find((c) => c.url.includes('f1'))?.signal.aborted).toBe(true);
  });

  it('reports per-file and overall progress, speed and time left', async () => {
    let t = 0;
    let finish: () => void = () => {};
    const transport: UploadTransport = {
      put: (req) =>
        new Promise((resolve) => {
          req.onProgress(50);
          finish = () => resolve({ status: 200 });
        }),
    };
    const engine = new UploadEngine(items(2, 100), { transport, concurrency: 1, now: () => t, ...noSleep });
    const done = engine.start();
    t = 1000;
    await vi_waitFor(() => engine.snapshot().loadedBytes === 50);
    // Snapshots are recomputed on change; force one at t=1s.
    engine.cancel('none');
    const s = engine.snapshot();
    expect(s.totalBytes).toBe(200);
    expect(s.files[0]).toMatchObject({ loaded: 50, size: 100, state: { kind: 'uploading' } });
    expect(s.files[1]?.state.kind).toBe('waiting');
    finish();
    await vi_waitFor(() => engine.snapshot().files[1]?.loaded === 50);
    const mid = engine.snapshot();
    expect(mid.loadedBytes).toBe(150);
    expect(mid.bytesPerSecond).toBe(150);
    expect(mid.secondsLeft).toBeCloseTo(50 / 150);
    finish();
    await done;
    expect(engine.snapshot().loadedBytes).toBe(200);
  });
});

async function vi_waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 1));
  }
  throw new Error('condition not met');
}

describe('UploadEngine progress snapshots', () => {
  it('coalesces byte progress to one snapshot per interval, the first change at once', async () => {
    let finish!: () => void;
    const release = new Promise<void>((resolve) => (finish = resolve));
    const transport: UploadTransport = {
      async put(req) {
        // A browser fires many progress events per PUT; 50 here, all within a few ms.
        for (let i = 1; i <= 50; i++) req.onProgress((req.body.size * i) / 100);
        await release;
        return { status: 200 };
      },
    };
    const engine = new UploadEngine(items(1, 1000), { transport, progressIntervalMs: 50, ...noSleep });
    const seen: { loaded: number; state: string }[] = [];
    engine.subscribe((s) => seen.push({ loaded: s.files[0]!.loaded, state: s.files[0]!.state.kind }));
    const run = engine.start();
    await new Promise((r) => setTimeout(r, 120));
    // First progress (state waiting → uploading) at once, then one coalesced snapshot with the latest bytes.
    const uploading = seen.filter((s) => s.state === 'uploading');
    expect(uploading.length).toBeLessThanOrEqual(3);
    expect(uploading.at(-1)!.loaded).toBe(500);
    finish();
    await run;
    expect(seen.at(-1)).toEqual({ loaded: 1000, state: 'done' });
  });
});

describe('UploadEngine snapshots for the UI', () => {
  it('keeps an unchanged file the same object from one snapshot to the next, and replaces a changed one', async () => {
    let finish!: () => void;
    const release = new Promise<void>((resolve) => (finish = resolve));
    const transport: UploadTransport = {
      async put(req) {
        if (req.url.includes('f0')) await release;
        return { status: 200 };
      },
    };
    const engine = new UploadEngine(items(3), { transport, concurrency: 3, ...noSleep });
    const run = engine.start();
    await vi_waitFor(() => engine.snapshot().files[1]?.state.kind === 'done' && engine.snapshot().files[2]?.state.kind === 'done');
    const before = engine.snapshot();
    finish();
    await run;
    const after = engine.snapshot();
    expect(after).not.toBe(before);
    expect(after.files[0]).not.toBe(before.files[0]);
    expect(after.files[0]?.state.kind).toBe('done');
    // What a row is memoised on: the finished files did not change, so their rows need not render.
    expect(after.files[1]).toBe(before.files[1]);
    expect(after.files[2]).toBe(before.files[2]);
  });

  it('shows a finished file as finished within one interval while the others still upload, and ends at 100 %', async () => {
    let finishSecond!: () => void;
    const second = new Promise<void>((resolve) => (finishSecond = resolve));
    const transport: UploadTransport = {
      async put(req) {
        for (let i = 1; i <= 20; i++) req.onProgress((req.body.size * i) / 20);
        if (req.url.includes('f1')) await second;
        return { status: 200 };
      },
    };
    const engine = new UploadEngine(items(2, 300), { transport, concurrency: 2, progressIntervalMs: 40, ...noSleep });
    const seen: string[] = [];
    engine.subscribe((s) => seen.push(s.files.map((f) => `${f.state.kind}:${f.loaded}`).join(' ')));
    const run = engine.start();
    await new Promise((r) => setTimeout(r, 5));
    // Within the first interval nothing more than the start and the first change went out …
    expect(seen.length).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 80));
    // … and by its end the finished file is shown done with all its bytes, the other one at its latest bytes.
    expect(seen.at(-1)).toBe('done:300 uploading:300');
    finishSecond();
    await run;
    expect(seen.at(-1)).toBe('done:300 done:300');
    const last = engine.snapshot();
    expect(last.loadedBytes).toBe(last.totalBytes);
    expect(last.running).toBe(false);
  });
});
