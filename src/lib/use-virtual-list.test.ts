import { describe, expect, it } from 'vitest';
import { visibleRange } from './use-virtual-list';

describe('visibleRange', () => {
  it('renders the rows in view plus the overscan, not the whole list', () => {
    // 1,000 rows of 80 px in a 400 px box scrolled to row 500.
    expect(visibleRange(40_000, 400, 1000, 80, 2)).toEqual({ first: 498, last: 506 });
  });

  it('starts at the first row and stops at the last', () => {
    expect(visibleRange(0, 400, 1000, 80, 3)).toEqual({ first: 0, last: 7 });
    expect(visibleRange(80_000, 400, 1000, 80, 3)).toEqual({ first: 997, last: 999 });
  });

  it('renders nothing for an empty list and everything for a short one', () => {
    expect(visibleRange(0, 400, 0, 80, 3)).toEqual({ first: 0, last: -1 });
    expect(visibleRange(0, 4000, 5, 80, 3)).toEqual({ first: 0, last: 4 });
  });

  it('counts a row cut by the viewport edge as visible', () => {
    expect(visibleRange(40, 80, 100, 80, 0)).toEqual({ first: 0, last: 1 });
  });
});
