import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDecimal, formatDuration, formatList, formatLongDate, formatUtcMonth } from './format';

afterEach(() => i18n.activate('en'));

describe('formatDuration', () => {
  it('uses one unit that fits', () => {
    expect(formatDuration(22_400)).toBe('22 seconds');
    expect(formatDuration(210_000)).toBe('3.5 minutes');
    expect(formatDuration(2 * 3600_000)).toBe('2 hours');
  });
});

describe('formatDecimal', () => {
  it('keeps at most one decimal', () => {
    expect(formatDecimal(10)).toBe('10');
    expect(formatDecimal(12.4285)).toBe('12.4');
  });
});

describe('formatUtcMonth', () => {
  it('names the UTC month, whatever the zone: the first instant of December is December', () => {
    expect(formatUtcMonth(Date.UTC(2026, 11, 1))).toBe('December 2026');
  });
});

describe('formatters follow the active language', () => {
  it('writes the same day, month and list in Korean once Korean is active', () => {
    i18n.load('ko', {});
    i18n.activate('ko');
    expect(formatLongDate('2026-11-19T12:00:00Z')).toBe('2026년 11월 19일 목요일');
    expect(formatUtcMonth(Date.UTC(2026, 10, 1))).toBe('2026년 11월');
    expect(formatList(['A', 'B', 'C'])).toBe('A, B 및 C');
    i18n.activate('en');
    expect(formatList(['A', 'B', 'C'])).toBe('A, B, and C');
  });
});
