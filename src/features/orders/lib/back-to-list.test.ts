import { describe, expect, it } from 'vitest';
import { backToListHref, fromListState } from './back-to-list';

describe('backToListHref', () => {
  it('returns to the list with the filters it came from', () => {
    expect(backToListHref(fromListState('?status=failed&page=2'))).toBe('/orders?status=failed&page=2');
  });

  it('falls back to the plain list without a query, or with anything else', () => {
    expect(backToListHref(null)).toBe('/orders');
    expect(backToListHref(fromListState(''))).toBe('/orders');
    expect(backToListHref({ fromList: '//evil.example/x' })).toBe('/orders');
    expect(backToListHref({ fromList: 3 })).toBe('/orders');
  });
});
