import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps paths of this app with their query', () => {
    expect(safeReturnPath('/orders?page=2')).toBe('/orders?page=2');
  });
  it.each([null, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', '/sign-in?next=/x'])('refuses %s', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
  // ?next=/%09/evil.example arrives as "/\t/evil.example": a browser drops the tab and goes to //evil.example.
  it.each(['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/\u0000/x', '/\t\\evil.example', '/orders\u007f'])(
    'refuses control characters in %j',
    (value) => {
      expect(safeReturnPath(value)).toBe('/');
    },
  );
  it('keeps paths with a hash and encoded characters as they are', () => {
    expect(safeReturnPath('/orders/ord_1?keyword=a%20b#files')).toBe('/orders/ord_1?keyword=a%20b#files');
    expect(safeReturnPath(new URLSearchParams('next=/%09/evil.example').get('next'))).toBe('/');
  });
});

describe('signInPath', () => {
  it('carries the page to return to', () => {
    expect(signInPath('/orders?status=failed')).toBe('/sign-in?next=%2Forders%3Fstatus%3Dfailed');
    expect(signInPath('/')).toBe('/sign-in');
  });
});
