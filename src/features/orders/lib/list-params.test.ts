import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_PARAMS, hasFilters, parseListParams, toSearchParams } from './list-params';

describe('parseListParams', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parseListParams(new URLSearchParams())).toEqual(DEFAULT_LIST_PARAMS);
  });

  it('reads valid values', () => {
    const params = parseListParams(new URLSearchParams('page=3&limit=50&keyword=cat&status=failed&type=watermarkEmbed&channel=web'));
    expect(params).toEqual({ page: 3, limit: 50, keyword: 'cat', status: 'failed', type: 'watermarkEmbed', channel: 'web' });
  });

  it('falls back field by field on bad values instead of throwing', () => {
    const params = parseListParams(new URLSearchParams('page=abc&limit=7&status=nonsense&type=&channel=fax&keyword=ok'));
    expect(params).toEqual({ ...DEFAULT_LIST_PARAMS, keyword: 'ok' });
    expect(parseListParams(new URLSearchParams('page=-2&limit=1000')).page).toBe(1);
    expect(parseListParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(parseListParams(new URLSearchParams(`keyword=${'x'.repeat(300)}`)).keyword).toBe('');
  });

  it('round-trips through the URL, leaving defaults out', () => {
    const params = { ...DEFAULT_LIST_PARAMS, page: 2, status: 'complete' as const };
    expect(toSearchParams(params).toString()).toBe('page=2&status=complete');
    expect(parseListParams(toSearchParams(params))).toEqual(params);
    expect(toSearchParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
  });

  it('knows when filters are set', () => {
    expect(hasFilters(DEFAULT_LIST_PARAMS)).toBe(false);
    expect(hasFilters({ ...DEFAULT_LIST_PARAMS, page: 4 })).toBe(false);
    expect(hasFilters({ ...DEFAULT_LIST_PARAMS, keyword: 'a' })).toBe(true);
  });
});
