import { describe, expect, it } from 'vitest';
import { parseHistoryParams, withHistoryParams } from './history-params';

const today = '2026-11-25';
const parse = (query: string) => parseHistoryParams(new URLSearchParams(query), today);

describe('history URL state', () => {
  it('defaults to the last 30 days by day, all channels', () => {
    expect(parse('')).toMatchObject({ preset: '30d', range: { from: '2026-10-27', to: today }, grouping: 'day', autoGrouping: true, channel: 'all', problem: null });
  });

  it('lets each bad value fall back alone', () => {
    expect(parse('range=9y&group=decade&channel=api')).toMatchObject({ preset: '30d', grouping: 'day', channel: 'api' });
    expect(parse('range=3m&group=month')).toMatchObject({ range: { from: '2026-08-26', to: today }, grouping: 'month', autoGrouping: false });
  });

  it('keeps refused custom dates in the fields, names the problem and shows no range built from them', () => {
    const params = parse('range=custom&from=2024-01-01&to=2026-11-25');
    expect(params).toMatchObject({ preset: 'custom', from: '2024-01-01', problem: 'too-long', range: { from: '2026-10-27', to: today } });
    expect(parse('range=custom&from=nonsense')).toMatchObject({ problem: 'invalid' });
    expect(parse('range=custom&from=2026-09-01&to=2026-11-01')).toMatchObject({ problem: null, range: { from: '2026-09-01', to: '2026-11-01' }, grouping: 'day' });
  });

  it('writes only what differs from the defaults and leaves the 7-day chart’s date alone', () => {
    const search = withHistoryParams(new URLSearchParams('date=2026-11-20&range=12m'), { preset: '30d', group: 'auto', channel: 'all' });
    expect(search.toString()).toBe('date=2026-11-20');
    const custom = withHistoryParams(new URLSearchParams(), { preset: 'custom', from: '2026-09-01', to: '2026-11-01', group: 'week', channel: 'web' });
    expect(custom.toString()).toBe('range=custom&from=2026-09-01&to=2026-11-01&group=week&channel=web');
  });
});
