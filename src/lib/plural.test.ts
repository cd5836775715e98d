import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('chooses the word by the count', () => {
    expect(plural(1, 'file', 'files')).toBe('1 file');
    expect(plural(0, 'file', 'files')).toBe('0 files');
    expect(plural(3, 'file', 'files')).toBe('3 files');
  });
});
