import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BarChart } from './bar-chart';
import { ChartTable } from './chart-table';
import { ChartViewToggle, type ChartView } from './chart-view-toggle';
import type { ChartPoint, ChartSeries } from './chart-series';

// recharts needs a real layout; here the placeholder, its HTML twin with the same geometry, is what is checked.
vi.mock('./load-recharts', () => ({ rechartsIfLoaded: () => null, loadRecharts: () => new Promise(() => undefined), wantRecharts: () => undefined }));

const days = [3, 0, 8, 1, 0, 4, 1200].map((count, i): ChartPoint => ({
  key: `2026-03-0${i + 1}`,
  label: `Mar ${i + 1}`,
  longLabel: `March ${i + 1}, 2026`,
  values: { files: count },
}));
const files: ChartSeries[] = [{ key: 'files', name: 'Files processed' }];
const kinds: ChartSeries[] = [
  { key: 'antiAi', name: 'Anti-AI' },
  { key: 'watermarkEmbed', name: 'Watermark embed' },
  { key: 'watermarkExtract', name: 'Watermark extract' },
];

describe('BarChart (the placeholder drawn at first paint)', () => {
  it('draws each bar at its share of the given scale, its number above it through Intl', () => {
    render(<BarChart label="Files per day" points={days} series={files} scale={{ domain: [0, 8], ticks: [0, 4, 8] }} />);
    const chart = screen.getByRole('figure', { name: 'Files per day' });
    expect(within(chart).getAllByTestId('chart-bar').map((bar) => bar.style.height)).toEqual(['37.5%', '0%', '100%', '12.5%', '0%', '50%', '100%']);
    expect([...chart.querySelectorAll('[data-value]')].map((label) => label.textContent)).toEqual(['3', '0', '8', '1', '0', '4', '1,200']);
  });

  it("puts the given ticks on the Y axis at their height, and the days under the bars", () => {
    render(<BarChart label="Files per day" points={days} series={files} scale={{ domain: [0, 40], ticks: [0, 10, 20, 30, 40] }} />);
    const chart = screen.getByRole('figure');
    expect([...chart.querySelectorAll<HTMLElement>('[data-axis="y"]')].map((tick) => [tick.textContent, tick.style.bottom])).toEqual([
      ['0', '0%'],
      ['10', '25%'],
      ['20', '50%'],
      ['30', '75%'],
      ['40', '100%'],
    ]);
    expect([...chart.querySelectorAll('[data-axis="x"]')].map((label) => label.textContent)).toEqual(['Mar 1', 'Mar 2', 'Mar 3', 'Mar 4', 'Mar 5', 'Mar 6', 'Mar 7']);
  });

  it('names each bar and its count to a screen reader; the drawing itself is hidden from it', () => {
    render(<BarChart label="Files per day" points={days} series={files} scale={{ domain: [0, 8], ticks: [0, 8] }} />);
    const chart = screen.getByRole('figure');
    expect(within(chart).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'March 1, 2026: 3 files',
      'March 2, 2026: 0 files',
      'March 3, 2026: 8 files',
      'March 4, 2026: 1 file',
      'March 5, 2026: 0 files',
      'March 6, 2026: 4 files',
      'March 7, 2026: 1,200 files',
    ]);
    expect(within(chart).getByTestId('chart-box')).toHaveAttribute('aria-hidden', 'true');
  });

  it('stacks the kinds in their colours, with a legend in the same colours and each kind in words', () => {
    const point: ChartPoint = { key: '2026-03-01', label: 'Mar 1', longLabel: 'March 1, 2026', values: { antiAi: 2, watermarkEmbed: 0, watermarkExtract: 1 } };
    render(<BarChart label="History" points={[point]} series={kinds} scale={{ domain: [0, 4], ticks: [0, 2, 4] }} />);
    const chart = screen.getByRole('figure');
    const segments = [...within(chart).getByTestId('chart-bar').querySelectorAll<HTMLElement>('[data-series]')];
    expect(segments.map((segment) => [segment.dataset.series, segment.style.background])).toEqual([
      ['antiAi', 'var(--chart-anti-ai)'],
      ['watermarkExtract', 'var(--chart-watermark-extract)'],
    ]);
    const legend = [...chart.querySelectorAll<HTMLElement>('ul [data-series]')].map((swatch) => [swatch.parentElement?.textContent, swatch.style.background]);
    expect(legend).toEqual([
      ['Anti-AI', 'var(--chart-anti-ai)'],
      ['Watermark embed', 'var(--chart-watermark-embed)'],
      ['Watermark extract', 'var(--chart-watermark-extract)'],
    ]);
    expect(within(chart).getByRole('listitem')).toHaveTextContent('March 1, 2026: 3 files (Anti-AI 2 and Watermark extract 1)');
  });

  it('labels at most seven bars under a long series, each under its own bar', () => {
    const month = Array.from({ length: 30 }, (_, i): ChartPoint => ({ key: `d${i}`, label: `Nov ${i + 1}`, longLabel: '', values: { files: 1 } }));
    render(<BarChart label="History" points={month} series={files} scale={{ domain: [0, 1], ticks: [0, 1] }} />);
    const labels = [...screen.getByRole('figure').querySelectorAll('[data-axis="x"]')].map((label) => label.textContent);
    expect(labels).toEqual(['Nov 1', 'Nov 6', 'Nov 11', 'Nov 16', 'Nov 21', 'Nov 26']);
    // No number over thirty thin bars: the tooltip and the table carry them.
    expect(screen.getByRole('figure').querySelectorAll('[data-value]')).toHaveLength(0);
  });
});

describe('ChartTable', () => {
  it('shows one column for one series, with the total under the table', () => {
    render(<ChartTable caption="Files per day" points={days.slice(0, 3)} series={files} periodHeader="Day (UTC)" />);
    const table = screen.getByRole('table', { name: 'Files per day' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Day (UTC)', 'Files processed']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('time')?.getAttribute('dateTime'))).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(screen.getByTestId('chart-table-total')).toHaveTextContent('Total: 11 files');
  });

  it('shows a column per kind and a total column for several series', () => {
    const point: ChartPoint = { key: '2026-03-01', label: 'Mar 1', longLabel: 'March 1, 2026', values: { antiAi: 1200, watermarkEmbed: 0, watermarkExtract: 3 } };
    render(<ChartTable caption="History" points={[point]} series={kinds} periodHeader="Day (UTC)" />);
    const table = screen.getByRole('table', { name: 'History' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Day (UTC)', 'Anti-AI', 'Watermark embed', 'Watermark extract', 'Total files']);
    // Each cell carries its column's name too, for the stacked cards on a phone.
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'March 1, 2026',
      'Anti-AI:1,200',
      'Watermark embed:0',
      'Watermark extract:3',
      'Total files:1,203',
    ]);
  });
});

describe('ChartViewToggle', () => {
  function Harness() {
    const [view, setView] = useState<ChartView>('chart');
    return (
      <>
        <ChartViewToggle view={view} onViewChange={setView} />
        <p>{view}</p>
      </>
    );
  }

  it('switches between the chart and the table, and says which is shown', async () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Show as table' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(screen.getByText('table')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('chart')).toBeInTheDocument();
  });
});
