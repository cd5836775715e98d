import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { UsageChart } from './usage-chart';

const week = {
  dailyStats: [3, 0, 8, 1, 0, 4, 2].map((usageCount, i) => ({ usageDate: `03.0${i + 1}`, usageCount })),
  domain: [0, 8],
  ticks: [0, 2, 4, 6, 8],
};

function renderChart(data = week) {
  renderWithProviders(<UsageChart data={data} windowEnd="2026-03-07" label="Files processed per day" />);
  return screen.getByRole('figure', { name: 'Files processed per day' });
}

describe('UsageChart', () => {
  it('draws each day as a bar as tall as its count on the service scale, its number above it', () => {
    const chart = renderChart();
    const bars = within(chart).getAllByTestId('usage-bar');
    expect(bars.map((bar) => bar.style.height)).toEqual(['37.5%', '0%', '100%', '12.5%', '0%', '50%', '25%']);
    expect(within(chart).getAllByRole('listitem').map((item) => item.querySelector('[aria-hidden]')?.textContent)).toEqual(['3', '0', '8', '1', '0', '4', '2']);
  });

  it("puts the service's own ticks on the Y axis, at their height", () => {
    const chart = renderChart({ ...week, domain: [0, 40], ticks: [0, 10, 20, 30, 40] });
    const ticks = [...chart.querySelectorAll<HTMLElement>('[data-axis="y"]')];
    expect(ticks.map((tick) => [tick.textContent, tick.style.bottom])).toEqual([
      ['0', '0%'],
      ['10', '25%'],
      ['20', '50%'],
      ['30', '75%'],
      ['40', '100%'],
    ]);
  });

  it('names each day and its count to a screen reader, and the days on the X axis', () => {
    const chart = renderChart();
    expect(within(chart).getAllByRole('listitem').map((item) => item.textContent?.replace(/^\d+/, ''))).toEqual([
      'Sunday, March 1, 2026: 3 files',
      'Monday, March 2, 2026: 0 files',
      'Tuesday, March 3, 2026: 8 files',
      'Wednesday, March 4, 2026: 1 file',
      'Thursday, March 5, 2026: 0 files',
      'Friday, March 6, 2026: 4 files',
      'Saturday, March 7, 2026: 2 files',
    ]);
    expect([...chart.querySelectorAll('[data-axis="x"]')].map((label) => label.textContent)).toEqual(['Mar 1', 'Mar 2', 'Mar 3', 'Mar 4', 'Mar 5', 'Mar 6', 'Mar 7']);
  });

  it('keeps a bar inside the plot when the count is beyond the domain', () => {
    const chart = renderChart({ ...week, dailyStats: [{ usageDate: '03.07', usageCount: 12 }] });
    expect(within(chart).getByTestId('usage-bar').style.height).toBe('100%');
  });
});
