import { describe, expect, it } from 'vitest';
import { buildTimeline, expiryOf } from './timeline';

const base = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:05.000Z' };

describe('buildTimeline', () => {
  it('shows a pending order waiting for files', () => {
    const steps = buildTimeline({ ...base, status: 'pending' });
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ['created', 'done'],
      ['uploading', 'current'],
      ['processing', 'upcoming'],
      ['finished', 'upcoming'],
    ]);
    expect(steps[0]!.at).toBe(base.createdAt);
  });

  it('shows processing as current while in progress', () => {
    expect(buildTimeline({ ...base, status: 'inProgress' }).find((s) => s.state === 'current')?.key).toBe('processing');
  });

  it('dates a completed order with completedAt and shows its expiry 7 days after creation', () => {
    const steps = buildTimeline({ ...base, status: 'complete', completedAt: '2026-01-01T10:00:03.000Z' });
    expect(steps.find((s) => s.key === 'finished')).toMatchObject({ at: '2026-01-01T10:00:03.000Z', state: 'done' });
    expect(steps.at(-1)).toMatchObject({ key: 'expires', at: '2026-01-08T10:00:00.000Z' });
  });

  it('falls back to updatedAt when completedAt is absent', () => {
    const steps = buildTimeline({ ...base, status: 'detected' });
    expect(steps.find((s) => s.key === 'finished')?.at).toBe(base.updatedAt);
  });

  it('ends a failed order at failed, without an expiry', () => {
    const steps = buildTimeline({ ...base, status: 'failed' });
    expect(steps.at(-1)).toMatchObject({ key: 'failed', at: base.updatedAt });
    expect(steps.some((s) => s.key === 'expires')).toBe(false);
  });

  it('ends an expired order at expired', () => {
    expect(buildTimeline({ ...base, status: 'expired' }).at(-1)).toMatchObject({ key: 'expired', at: expiryOf(base.createdAt) });
  });
});
