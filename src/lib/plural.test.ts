import { describe, expect, it } from 'vitest';
import { countOf, FILES } from './plural';

describe('countOf', () => {
  it('picks the singular only for one', () => {
    expect(countOf(1, FILES)).toBe('1 file');
    expect(countOf(0, FILES)).toBe('0 files');
    expect(countOf(2, FILES)).toBe('2 files');
  });
});
