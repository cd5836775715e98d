import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { safeParse, z } from 'zod/mini';
import { loginRequest } from '@/api/schemas/auth';
import { loadCatalog } from './catalogs';
import { installZodMessages } from './zod-errors';

installZodMessages();

afterEach(() => i18n.activate('en'));

const firstMessage = (schema: Parameters<typeof safeParse>[0], value: unknown) => {
  const result = safeParse(schema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('zod messages', () => {
  it('are English by default, for built-in checks and for a schema’s own words', () => {
    expect(firstMessage(z.string().check(z.maxLength(3)), 'abcd')).toBe('must be at most 3 characters long');
    expect(firstMessage(loginRequest, { email: 'nope', password: 'x' })).toBe('Enter an e-mail address like name@example.com');
  });

  it('follow the active language when a value is checked, not when the schema was made', async () => {
    // The sign-in schemas' words are in first-load, zod's built-in ones in app.
    await Promise.all([loadCatalog('ko', 'first-load'), loadCatalog('ko', 'app')]);
    i18n.activate('ko');
    expect(firstMessage(z.string().check(z.maxLength(3)), 'abcd')).toBe('3자 이하여야 합니다');
    expect(firstMessage(z.object({ name: z.string() }), {})).toBe('필수 항목입니다');
    expect(firstMessage(loginRequest, { email: 'nope', password: 'x' })).toBe('name@example.com 형식의 이메일 주소를 입력하세요');
  });
});
