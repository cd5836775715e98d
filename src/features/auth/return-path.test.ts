import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps paths of this app with their query', () => {
    expect(safeReturnPath('/orders?page=2')).toBe('/orders?page=2');
  });
  it.each([null, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', '/sign-in?next=/x'])('refuses %s', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

describe('signInPath', () => {
  it('carries the page to return to', () => {
    expect(signInPath('/orders?status=failed')).toBe('/sign-in?next=%2Forders%3Fstatus%3Dfailed');
    expect(signInPath('/')).toBe('/sign-in');
  });
});
