import { describe, expect, it } from 'vitest';
import type { Diagnosis } from './diagnose';
import { failureLabel, groupFailures } from './group-failures';

const diagnosis = (cause: Diagnosis['cause'], title = `${cause} title`, certain = true): Diagnosis => ({
  cause,
  title,
  fix: `${cause} fix`,
  evidence: [],
  certain,
});
const item = (id: number, createdAt: string, d: Diagnosis | null) => ({ event: { id, createdAt }, diagnosis: d });

describe('groupFailures', () => {
  it('groups by cause with count, first failure and the latest title and fix, largest group first', () => {
    const groups = groupFailures([
      item(5, '2026-11-23T10:09:00.000Z', diagnosis('server-error', 'Your server failed (HTTP 503)')),
      item(4, '2026-11-23T10:05:00.000Z', diagnosis('timeout')),
      item(3, '2026-11-23T10:04:00.000Z', diagnosis('server-error', 'Your server failed (HTTP 500)')),
      item(2, '2026-11-23T10:03:00.000Z', diagnosis('timeout')),
      item(1, '2026-11-23T10:02:00.000Z', diagnosis('timeout')),
    ]);
    expect(groups.map((g) => [g.label, g.since])).toEqual([
      ['3 timeouts', '2026-11-23T10:02:00.000Z'],
      ['2 server errors (5xx)', '2026-11-23T10:04:00.000Z'],
    ]);
    expect(groups[0]!.eventIds).toEqual([4, 2, 1]);
    expect(groups[1]!.title).toBe('Your server failed (HTTP 503)');
    expect(groups[0]!.fix).toBe('timeout fix');
  });

  it('skips events without a diagnosis and returns nothing when nothing failed', () => {
    expect(groupFailures([item(1, '2026-11-23T10:02:00.000Z', null)])).toEqual([]);
    expect(groupFailures([])).toEqual([]);
  });

  it('a group is certain only when every member is', () => {
    const [group] = groupFailures([
      item(1, '2026-11-23T10:02:00.000Z', diagnosis('timeout')),
      item(2, '2026-11-23T10:03:00.000Z', diagnosis('timeout', 'Probably a timeout', false)),
    ]);
    expect(group!.certain).toBe(false);
  });

  it('equal counts: the group that started first comes first', () => {
    const groups = groupFailures([
      item(2, '2026-11-23T10:05:00.000Z', diagnosis('dns')),
      item(1, '2026-11-23T10:02:00.000Z', diagnosis('tls')),
    ]);
    expect(groups.map((g) => g.cause)).toEqual(['tls', 'dns']);
  });
});

describe('failureLabel', () => {
  it('uses the singular for one', () => {
    expect(failureLabel('timeout', 1)).toBe('1 timeout');
    expect(failureLabel('connection-refused', 12)).toBe('12 refused connections');
    expect(failureLabel('wrong-path', 2)).toBe('2 not-found answers (404)');
  });
});
