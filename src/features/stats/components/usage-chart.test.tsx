import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { UsageChart, UsageTable } from './usage-chart';

// The first paint's drawing (recharts replaces it once the page is idle: e2e/usage.spec.ts checks that one).
vi.mock('@/components/charts/load-recharts', () => ({ rechartsIfLoaded: () => null, loadRecharts: () => new Promise(() => undefined), wantRecharts: () => undefined }));

const week = {
  dailyStats: [3, 0, 8, 1, 0, 4, 2].map((usageCount, i) => ({ usageDate: `03.0${i + 1}`, usageCount })),
  domain: [0, 8],
  ticks: [0, 2, 4, 6, 8],
};

describe('UsageChart', () => {
  it("draws the service's days on the service's own scale, each day's count in words", () => {
    renderWithProviders(<UsageChart data={{ ...week, domain: [0, 16], ticks: [0, 8, 16] }} windowEnd="2026-03-07" label="Files processed per day" />);
    const chart = screen.getByRole('figure', { name: 'Files processed per day' });
    expect(within(chart).getAllByTestId('chart-bar').map((bar) => bar.style.height)).toEqual(['18.75%', '0%', '50%', '6.25%', '0%', '25%', '12.5%']);
    expect([...chart.querySelectorAll('[data-axis="y"]')].map((tick) => tick.textContent)).toEqual(['0', '8', '16']);
    expect([...chart.querySelectorAll('[data-axis="x"]')].map((label) => label.textContent)).toEqual(['Mar 1', 'Mar 2', 'Mar 3', 'Mar 4', 'Mar 5', 'Mar 6', 'Mar 7']);
    expect(within(chart).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sunday, March 1, 2026: 3 files',
      'Monday, March 2, 2026: 0 files',
      'Tuesday, March 3, 2026: 8 files',
      'Wednesday, March 4, 2026: 1 file',
      'Thursday, March 5, 2026: 0 files',
      'Friday, March 6, 2026: 4 files',
      'Saturday, March 7, 2026: 2 files',
    ]);
    // All kinds together: the colour no single kind has.
    expect(within(chart).getAllByTestId('chart-bar')[0]!.querySelector<HTMLElement>('[data-series]')?.style.background).toBe('var(--chart-files)');
  });

  it('shows the same days as a table, with the days the service’s MM.DD stand for', () => {
    renderWithProviders(<UsageTable data={week} windowEnd="2026-03-07" caption="Files processed per day" />);
    const rows = within(screen.getByRole('table', { name: 'Files processed per day' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('time')?.getAttribute('dateTime'))).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']);
    expect(screen.getByText('Total: 18 files')).toBeInTheDocument();
  });
});
