import { describe, expect, it } from 'vitest';
import { formatCount } from './plural';

describe('formatCount', () => {
  it('chooses the word by the count', () => {
    expect(formatCount(1, 'file', 'files')).toBe('1 file');
    expect(formatCount(0, 'file', 'files')).toBe('0 files');
    expect(formatCount(3, 'file', 'files')).toBe('3 files');
  });
});
