import { describe, expect, it } from 'vitest';
import type { FileProgress, UploadSnapshot } from './upload-engine';
import { announce, initialAnnouncer, type AnnouncerState } from './progress-announcer';

const file = (id: string, state: FileProgress['state'], loaded = 0): FileProgress => ({ id, fileName: `${id}.png`, size: 100, loaded, state });

function snapshot(files: FileProgress[], running = true): UploadSnapshot {
  return {
    files,
    totalBytes: files.length * 100,
    loadedBytes: files.reduce((sum, f) => sum + f.loaded, 0),
    bytesPerSecond: 0,
    secondsLeft: null,
    running,
    renewingUrls: false,
  };
}

/** Feeds snapshots at the given times and returns everything said. */
function run(steps: [number, UploadSnapshot][]) {
  let state: AnnouncerState = initialAnnouncer(0);
  const said = [];
  for (const [at, snap] of steps) {
    const result = announce(state, snap, at);
    state = result.state;
    said.push(...result.said);
  }
  return said;
}

describe('upload announcements for screen readers', () => {
  it('tells the progress every 10 %, not every snapshot', () => {
    const steps: [number, UploadSnapshot][] = Array.from({ length: 40 }, (_, i) => [i * 100, snapshot([file('a', { kind: 'uploading' }, i * 2.5)])]);
    const said = run(steps);
    // 0 → 97.5 % in 2.5 % steps, within 4 s: one announcement per 10 % crossed.
    expect(said.map((a) => (a.kind === 'progress' ? Math.floor(a.fraction * 10) : a.kind))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('tells slow progress after 5 s, and says nothing while nothing moves', () => {
    const said = run([
      [1_000, snapshot([file('a', { kind: 'uploading' }, 1)])],
      [4_000, snapshot([file('a', { kind: 'uploading' }, 2)])],
      [6_000, snapshot([file('a', { kind: 'uploading' }, 3)])],
      [20_000, snapshot([file('a', { kind: 'uploading' }, 3)])],
    ]);
    expect(said).toEqual([{ kind: 'progress', fraction: 0.03 }]);
  });

  it('tells each finished or failed file once, and the end once', () => {
    const said = run([
      [100, snapshot([file('a', { kind: 'done' }, 100), file('b', { kind: 'uploading' })])],
      [200, snapshot([file('a', { kind: 'done' }, 100), file('b', { kind: 'retrying', attempt: 2, reason: 'HTTP 503' })])],
      [300, snapshot([file('a', { kind: 'done' }, 100), file('b', { kind: 'failed', reason: 'HTTP 503' })], false)],
      [400, snapshot([file('a', { kind: 'done' }, 100), file('b', { kind: 'failed', reason: 'HTTP 503' })], false)],
    ]);
    expect(said).toEqual([
      { kind: 'file-done', fileName: 'a.png' },
      { kind: 'progress', fraction: 0.5 },
      { kind: 'file-failed', fileName: 'b.png', reason: 'HTTP 503' },
      { kind: 'end', done: 1, failed: 1, total: 2 },
    ]);
  });
});

describe('announce for a batch', () => {
  it('tells failed files by name but not each finished one, the progress every 10 %, and leaves the end to the batch', () => {
    const files = (done: number, failed = 0) =>
      Array.from({ length: 20 }, (_, i) => file(`f${i}`, i < done ? { kind: 'done' } : i < done + failed ? { kind: 'failed', reason: '500' } : { kind: 'waiting' }, i < done ? 100 : 0));
    let state: AnnouncerState = initialAnnouncer(0);
    const said = [];
    for (const [at, snap] of [
      [100, snapshot(files(1))],
      [200, snapshot(files(3))],
      [300, snapshot(files(3, 1))],
      [400, snapshot(files(19, 1), false)],
    ] as const) {
      const result = announce(state, snap, at, { files: 'failed', end: false });
      state = result.state;
      said.push(...result.said);
    }
    expect(said).toEqual([
      { kind: 'progress', fraction: 0.15 },
      { kind: 'file-failed', fileName: 'f3.png', reason: '500' },
      { kind: 'file-failed', fileName: 'f19.png', reason: '500' },
    ]);
    expect(state.ended).toBe(true);
  });
});
