import { describe, expect, it } from 'vitest';
import type { IssuedUpload, PutRequest, RefreshAnswer, UploadItem, UploadTransport } from './types';
import { UploadEngine } from './upload-engine';

const T0 = Date.parse('2026-11-23T12:00:00Z');
const emulatorUrl = (i: number, expiresAt: number, tag: string) =>
  `http://store/storage/k${i}?expires=${Math.floor(expiresAt / 1000)}&signature=${tag}`;

function items(n: number, size: number, url: (i: number) => string): UploadItem[] {
  return Array.from({ length: n }, (_, i) => ({
    fileName: `f${i}.png`,
    fileKey: `f${i}`,
    uploadUrl: url(i),
    body: new Blob([new Uint8Array(size)]),
    contentType: 'image/png',
  }));
}

/**
 * A store on a fake clock: each PUT takes `putMs` of that clock; URLs whose `expires` has passed (or
 * that `refuse` names) are answered 403, like the emulator.
 */
function fakeStore(clock: { t: number }, putMs: number, refuse: (url: string) => boolean = () => false, serverAheadMs = 0) {
  const calls: Array<{ url: string; at: number; status: number }> = [];
  const transport: UploadTransport = {
    async put(req: PutRequest) {
      const at = clock.t;
      await new Promise((r) => setTimeout(r, 1));
      clock.t += putMs;
      const expires = new URL(req.url).searchParams.get('expires');
      const status = refuse(req.url) || (expires !== null && Number(expires) * 1000 < at + serverAheadMs) ? 403 : 200;
      calls.push({ url: req.url, at, status });
      return { status };
    },
  };
  return { transport, calls, refused: () => calls.filter((c) => c.status === 403).length };
}

function refresher(clock: { t: number }, newUrl: (fileIndex: number, now: number) => string, fail: (call: number) => boolean = () => false) {
  const state = { calls: 0 };
  const refreshUrls = async (): Promise<RefreshAnswer> => {
    state.calls += 1;
    await new Promise((r) => setTimeout(r, 1));
    if (fail(state.calls)) throw new Error('network');
    const files: IssuedUpload[] = Array.from({ length: 20 }, (_, i) => ({ fileName: `f${i}.png`, fileKey: `f${i}`, uploadUrl: newUrl(i, clock.t) }));
    return { files, serverDate: Math.floor(clock.t / 1000) * 1000 };
  };
  return { state, refreshUrls };
}

const quiet = { sleep: async () => {}, random: () => 0.5 };

describe('UploadEngine renews URLs before they can expire', () => {
  it('does not refresh URLs that outlive the upload', async () => {
    const clock = { t: T0 };
    const store = fakeStore(clock, 1_000);
    const r = refresher(clock, (i, now) => emulatorUrl(i, now + 900_000, 'new'));
    const engine = new UploadEngine(
      items(5, 10_000, (i) => emulatorUrl(i, T0 + 900_000, 'old')),
      { transport: store.transport, refreshUrls: r.refreshUrls, now: () => clock.t, ...quiet },
    );
    const result = await engine.start();
    expect(result.done).toHaveLength(5);
    expect(r.state.calls).toBe(0);
    expect(store.calls.every((c) => c.url.includes('signature=old'))).toBe(true);
  });

  it('renews once, for every queued file, when the URLs expire within the estimated upload time', async () => {
    const clock = { t: T0 };
    const store = fakeStore(clock, 0);
    const r = refresher(clock, (i, now) => emulatorUrl(i, now + 900_000, 'new'));
    // 100 kB at the 50 kB/s fallback = 2 s, × 2 + 5 s margin = 9 s: a URL with 8 s left may expire, one with 10 s does not.
    const engine = new UploadEngine(
      items(6, 100_000, (i) => emulatorUrl(i, T0 + 8_000, 'old')),
      {
        transport: store.transport,
        refreshUrls: r.refreshUrls,
        now: () => clock.t,
        concurrency: 3,
        freshness: { unknownSkewMs: 0 },
        ...quiet,
      },
    );
    const renewing: boolean[] = [];
    engine.subscribe((s) => renewing.push(s.renewingUrls));
    const result = await engine.start();
    expect(result.done).toHaveLength(6);
    expect(r.state.calls).toBe(1);
    expect(store.calls.map((c) => c.url.includes('signature=new'))).toEqual([true, true, true, true, true, true]);
    expect(renewing).toContain(true);
    expect(engine.snapshot().renewingUrls).toBe(false);

    const control = fakeStore({ t: T0 }, 0);
    const r2 = refresher(clock, (i, now) => emulatorUrl(i, now + 900_000, 'new'));
    await new UploadEngine(items(6, 100_000, (i) => emulatorUrl(i, T0 + 10_000, 'old')), {
      transport: control.transport,
      refreshUrls: r2.refreshUrls,
      now: () => T0,
      freshness: { unknownSkewMs: 0 },
      ...quiet,
    }).start();
    expect(r2.state.calls).toBe(0);
  });

  it('uses the age of URLs that carry no expiry against the assumed lifetime', async () => {
    const clock = { t: T0 };
    const store = fakeStore(clock, 10_000);
    const r = refresher(clock, (i) => `http://store/f${i}?sig=new`);
    // 1 MB per file; after the first file the measured 100 kB/s gives 10 s × 2 + 5 s = 25 s per file.
    // With a 60 s assumed lifetime, files 0–3 (starting at 0, 10, 20, 30 s) fit; file 4 (at 40 s) does not.
    const engine = new UploadEngine(
      items(5, 1_000_000, (i) => `http://store/f${i}?sig=old`),
      {
        transport: store.transport,
        refreshUrls: r.refreshUrls,
        now: () => clock.t,
        concurrency: 1,
        freshness: { assumedLifetimeMs: 60_000 },
        ...quiet,
      },
    );
    const result = await engine.start();
    expect(result.done).toHaveLength(5);
    expect(r.state.calls).toBe(1);
    expect(store.calls.map((c) => c.url.endsWith('sig=new'))).toEqual([false, false, false, false, true]);
  });

  it('learns the speed from finished uploads: a slow line renews a URL the fallback speed thought safe', async () => {
    const clock = { t: T0 };
    const store = fakeStore(clock, 6_000);
    const s3 = (i: number, signedAt: number, tag: string) => {
      const d = new Date(signedAt).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
      return `https://b.s3.test/k${i}?X-Amz-Date=${d}&X-Amz-Expires=20&X-Amz-Signature=${tag}`;
    };
    const r = refresher(clock, (i, now) => s3(i, now, 'new'));
    // At the 1 MB/s fallback 100 kB is 0.1 s: 5.2 s needed of 20 s. The first file takes 6 s (≈16.7 kB/s),
    // so the second file needs 6 s × 2 + 5 s = 17 s from t = 6 s: past the URL's 20 s.
    const engine = new UploadEngine(
      items(2, 100_000, (i) => s3(i, T0, 'old')),
      { transport: store.transport, refreshUrls: r.refreshUrls, now: () => clock.t, concurrency: 1, fallbackBytesPerSecond: 1_000_000, ...quiet },
    );
    expect(engine.expectedBytesPerSecond()).toBe(1_000_000);
    await engine.start();
    expect(engine.expectedBytesPerSecond()).toBeCloseTo(100_000 / 6, 0);
    expect(r.state.calls).toBe(1);
    expect(store.calls.map((c) => c.url.endsWith('Signature=new'))).toEqual([false, true]);
  });

  it('asks once, not once per file, when even fresh URLs are short', async () => {
    const clock = { t: T0 };
    const store = fakeStore(clock, 0);
    const r = refresher(clock, (i, now) => emulatorUrl(i, now + 3_000, 'new'));
    const engine = new UploadEngine(items(20, 10_000, (i) => emulatorUrl(i, T0 + 3_000, 'old')), {
      transport: store.transport,
      refreshUrls: r.refreshUrls,
      now: () => clock.t,
      ...quiet,
    });
    const result = await engine.start();
    expect(result.done).toHaveLength(20);
    expect(r.state.calls).toBe(1);
  });

  it('uses the Date header: a service clock ahead of the browser makes its URLs expire sooner', async () => {
    const ahead = 600_000; // the service's clock is 10 minutes ahead of the browser's
    const run = async (withDate: boolean) => {
      const clock = { t: T0 };
      const store = fakeStore(clock, 0, () => false, ahead);
      // The service's URLs live 15 minutes by its own clock.
      const r = refresher(clock, (i, now) => emulatorUrl(i, now + ahead + 900_000, `new${now}`));
      const engine = new UploadEngine(items(2, 10_000, (i) => emulatorUrl(i, T0, 'old')), {
        transport: store.transport,
        refreshUrls: async () => {
          const answer = await r.refreshUrls();
          return { ...answer, serverDate: withDate ? clock.t + ahead : null };
        },
        now: () => clock.t,
        concurrency: 1,
        // Every change at once: the listener below moves the clock the moment the first file is done.
        progressIntervalMs: 0,
        ...quiet,
      });
      // The first file starts right away (its URL is renewed first); the second waits until 15 min + 1 s local.
      engine.subscribe((s) => {
        if (s.files[0]?.state.kind === 'done' && clock.t === T0) clock.t = T0 + 901_000;
      });
      const result = await engine.start();
      return { result, refused: store.refused(), calls: r.state.calls };
    };
    // Knowing the offset, the engine sees that the second URL (good until 15 min by the service's clock,
    // 5 min local) has run out and renews it before the PUT.
    expect(await run(true)).toMatchObject({ refused: 0, calls: 2, result: { done: ['f0', 'f1'] } });
    // Without a Date it can only assume a minute of lag: the store refuses, and the 403 path renews.
    expect(await run(false)).toMatchObject({ refused: 1, calls: 2, result: { done: ['f0', 'f1'] } });
  });
});

describe('UploadEngine when renewing fails', () => {
  it('tries the old URL, and a 403 still renews through the fallback path', async () => {
    const clock = { t: T0 };
    const store = fakeStore(clock, 0, (url) => url.includes('signature=old') && clock.t > T0);
    const r = refresher(clock, (i, now) => emulatorUrl(i, now + 900_000, 'new'), (call) => call === 1);
    const engine = new UploadEngine(items(2, 10_000, (i) => emulatorUrl(i, T0 + 1_000, 'old')), {
      transport: store.transport,
      refreshUrls: r.refreshUrls,
      now: () => clock.t,
      concurrency: 1,
      // Every change at once: the listener below moves the clock the moment the first file is done.
      progressIntervalMs: 0,
      ...quiet,
    });
    const advance = engine.subscribe((s) => {
      // Once the first file is up, the store starts refusing the old links.
      if (s.files[0]?.state.kind === 'done') clock.t = T0 + 1;
    });
    const result = await engine.start();
    advance();
    expect(result.done).toEqual(['f0', 'f1']);
    expect(store.calls.map((c) => `${c.url.includes('signature=new') ? 'new' : 'old'} ${c.status}`)).toEqual(['old 200', 'old 403', 'new 200']);
    expect(r.state.calls).toBe(2);
  });
});

describe('UploadEngine after a 403', () => {
  it('retries once more when refresh-urls still lists the file, even with the same URL', async () => {
    const clock = { t: T0 };
    let refusals = 0;
    // The first PUT is refused once (a proxy hiccup); the service hands back the identical URL.
    const store = fakeStore(clock, 0, () => refusals++ === 0);
    const same = emulatorUrl(0, T0 + 900_000, 'same');
    const r = refresher(clock, (i) => (i === 0 ? same : emulatorUrl(i, T0 + 900_000, 'x')));
    const engine = new UploadEngine(items(1, 10_000, () => same), { transport: store.transport, refreshUrls: r.refreshUrls, now: () => clock.t, ...quiet });
    const result = await engine.start();
    expect(result.done).toEqual(['f0']);
    expect(store.calls.map((c) => c.status)).toEqual([403, 200]);
  });
});
