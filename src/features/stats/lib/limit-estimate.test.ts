import { describe, expect, it } from 'vitest';
import type { Contract } from '@/api/schemas/auth';
import { estimateLimit } from './limit-estimate';

const readAt = Date.parse('2026-11-23T10:00:00Z');
const contract = (over: Partial<Contract> = {}): Contract => ({
  planType: 'pro',
  planStartDate: '2026-01-01T00:00:00.000Z',
  planEndDate: '2027-01-01T00:00:00.000Z',
  currentUsage: 900,
  usageLimit: 1000,
  ...over,
});

describe('estimateLimit', () => {
  it('projects the day the limit is reached at the 7-day average', () => {
    // 70 files in 7 days → 10 a day; 100 remaining → 10 days after the reading.
    const estimate = estimateLimit(contract(), [10, 10, 10, 10, 10, 10, 10], readAt);
    expect(estimate).toEqual({ kind: 'reaches', averagePerDay: 10, date: new Date('2026-12-03T10:00:00Z') });
  });

  it('rounds partial days up (the limit is reached during that day)', () => {
    const estimate = estimateLimit(contract({ currentUsage: 995 }), [0, 0, 0, 0, 0, 0, 14], readAt);
    expect(estimate).toMatchObject({ kind: 'reaches', averagePerDay: 2, date: new Date('2026-11-26T10:00:00Z') });
  });

  it('says there was no use when the average is zero', () => {
    expect(estimateLimit(contract(), [0, 0, 0, 0, 0, 0, 0], readAt)).toEqual({ kind: 'no-use' });
  });

  it('says the limit is reached when usage is at or over it, whatever the average', () => {
    expect(estimateLimit(contract({ currentUsage: 1000 }), [0, 0, 0, 0, 0, 0, 0], readAt)).toEqual({ kind: 'reached' });
    expect(estimateLimit(contract({ currentUsage: 1200 }), [5, 5, 5, 5, 5, 5, 5], readAt)).toEqual({ kind: 'reached' });
  });

  it('says the plan ends first when the estimate falls after the plan end', () => {
    const estimate = estimateLimit(contract({ planEndDate: '2026-11-30T00:00:00.000Z' }), [1, 1, 1, 1, 1, 1, 1], readAt);
    expect(estimate).toEqual({ kind: 'not-before-end', averagePerDay: 1, planEnd: new Date('2026-11-30T00:00:00.000Z') });
  });

  it('gives a date however far away when the plan has no end', () => {
    const estimate = estimateLimit(contract({ planEndDate: null, currentUsage: 0, usageLimit: 100_000 }), [1, 0, 0, 0, 0, 0, 0], readAt);
    expect(estimate.kind).toBe('reaches');
    if (estimate.kind === 'reaches') expect(estimate.date.getTime()).toBe(readAt + 700_000 * 86_400_000);
  });
});
