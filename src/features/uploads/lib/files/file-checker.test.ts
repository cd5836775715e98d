import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { checkProblemMessage } from './check-reasons';
import type { FileCheckResult } from './file-check';
import { createFileChecker } from './file-checker';

function deferredRun() {
  const pending: { file: File; resolve: (r: FileCheckResult) => void }[] = [];
  let running = 0;
  let peak = 0;
  const run = (file: File) =>
    new Promise<FileCheckResult>((resolve) => {
      running++;
      peak = Math.max(peak, running);
      pending.push({
        file,
        resolve: (r) => {
          running--;
          resolve(r);
        },
      });
    });
  return { run, pending, peak: () => peak };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('createFileChecker', () => {
  it('checks at most `concurrency` files at once and the rest as others finish', async () => {
    const d = deferredRun();
    const checker = createFileChecker(d.run, 2);
    const files = ['a', 'b', 'c', 'd'].map((n) => new File(['x'], `${n}.png`));
    const all = Promise.all(files.map((f) => checker.check(f)));
    await tick();
    expect(d.pending).toHaveLength(2);
    d.pending[0]!.resolve({ ok: true, sha256: 'a' });
    await tick();
    expect(d.pending).toHaveLength(3);
    for (const p of d.pending.slice(1)) p.resolve({ ok: true, sha256: p.file.name });
    await tick();
    d.pending[3]!.resolve({ ok: true, sha256: 'd' });
    await all;
    expect(d.peak()).toBe(2);
  });

  it('checks a File object once and remembers its result', async () => {
    const d = deferredRun();
    const checker = createFileChecker(d.run, 2);
    const f = new File(['x'], 'a.png');
    const first = checker.check(f);
    expect(checker.check(f)).toBe(first);
    expect(checker.resultOf(f)).toBeUndefined();
    await tick();
    d.pending[0]!.resolve({ ok: true, sha256: 'h' });
    await first;
    expect(d.pending).toHaveLength(1);
    expect(checker.resultOf(f)).toEqual({ ok: true, sha256: 'h' });
  });

  it('turns a failed check into a refusal instead of waiting forever', async () => {
    const checker = createFileChecker(() => Promise.reject(new Error('the checker stopped')));
    const result = await checker.check(new File(['x'], 'a.png'));
    expect(result).toEqual({ ok: false, reason: { kind: 'checkFailed', detail: 'the checker stopped' } });
    expect(!result.ok && i18n._(checkProblemMessage(result.reason))).toBe('could not be checked (the checker stopped); remove it and add it again');
  });
});
