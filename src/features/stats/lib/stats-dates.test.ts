import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { formatUtcDay, parseDateParam, shiftDays, statDays, todayUtc, windowStart } from './stats-dates';

describe('parseDateParam', () => {
  const today = '2026-11-23';
  it('keeps a real past date or today', () => {
    expect(parseDateParam('2026-01-05', today)).toBe('2026-01-05');
    expect(parseDateParam('2026-11-23', today)).toBe('2026-11-23');
  });
  it.each([null, '', 'abc', '2026-1-1', '2026-02-30', '2026-11-24', '2999-01-01'])('turns %j into today', (raw) => {
    expect(parseDateParam(raw, today)).toBe(today);
  });
});

describe('UTC calendar helpers', () => {
  it('takes today in UTC, not local time', () => {
    expect(todayUtc(new Date('2026-11-23T23:30:00-05:00'))).toBe('2026-11-24');
  });
  it('shifts across month and year boundaries', () => {
    expect(shiftDays('2026-01-03', -7)).toBe('2025-12-27');
    expect(shiftDays('2026-02-26', 7)).toBe('2026-03-05');
    expect(windowStart('2026-03-03')).toBe('2026-02-25');
  });
  it('formats a UTC day without shifting it to the previous day', () => {
    expect(formatUtcDay('2026-01-01')).toContain('2026');
    expect(formatUtcDay('2026-01-01')).toMatch(/Jan 1, 2026|1 Jan 2026/);
  });
});

describe('statDays', () => {
  it('gives each MM.DD its year from the window, across New Year, in words', () => {
    const days = statDays(
      ['12.27', '12.28', '12.29', '12.30', '12.31', '01.01', '01.02'].map((usageDate, i) => ({ usageDate, usageCount: i })),
      '2027-01-02',
    );
    expect(days.map((d) => d.day)).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(days[5]!.label).toMatch(/Jan 1|1 Jan/);
    expect(days[5]!.longLabel).toContain('2027');
  });
  it('keeps a label it cannot place as it came', () => {
    expect(statDays([{ usageDate: '05.05', usageCount: 1 }], '2026-11-23')[0]).toMatchObject({ day: null, label: '05.05' });
  });
});

describe('statDays in another locale', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('labels the days as the active locale writes dates, not MM.DD', () => {
    const input = [{ usageDate: '11.19', usageCount: 1 }];
    i18n.loadAndActivate({ locale: 'ko', messages: {} });
    expect(statDays(input, '2026-11-23')[0]).toMatchObject({ day: '2026-11-19', label: '11월 19일' });
    expect(formatUtcDay('2026-11-19')).toBe('2026. 11. 19.');
    i18n.loadAndActivate({ locale: 'ja', messages: {} });
    expect(statDays(input, '2026-11-23')[0]).toMatchObject({ label: '11月19日' });
    expect(statDays(input, '2026-11-23')[0]!.longLabel).toContain('2026年11月19日');
  });
});
