import { afterEach, describe, expect, it } from 'vitest';
import { initialLocale, onLocaleChangedElsewhere, rememberLocale } from './locales';

afterEach(() => localStorage.clear());

describe('the language a visit starts in', () => {
  it('follows the first of the browser languages Imprint speaks, by its base language', () => {
    expect(initialLocale(['ko-KR', 'en-US'])).toBe('ko');
    expect(initialLocale(['fr-FR', 'ja-JP', 'ko'])).toBe('ja');
    expect(initialLocale(['en-GB'])).toBe('en');
  });

  it('falls back to English when the browser asks for none of them', () => {
    expect(initialLocale(['fr-FR', 'de'])).toBe('en');
    expect(initialLocale([])).toBe('en');
  });

  it('is the remembered choice once the user made one, whatever the browser says', () => {
    rememberLocale('ja');
    expect(initialLocale(['ko-KR'])).toBe('ja');
  });

  it('ignores a remembered value it does not know (the pseudo-locale outside its test build)', () => {
    localStorage.setItem('imprint.locale', 'pseudo');
    expect(initialLocale(['ko-KR'])).toBe('ko');
  });

  it("follows another tab's choice", () => {
    const seen: string[] = [];
    const stop = onLocaleChangedElsewhere((locale) => seen.push(locale));
    window.dispatchEvent(new StorageEvent('storage', { key: 'imprint.locale', newValue: 'ko' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'imprint.session', newValue: 'x' }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'imprint.locale', newValue: 'ja' }));
    expect(seen).toEqual(['ko']);
  });
});
