import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statsResponse } from '@/api/schemas/stats';
import { renderWithProviders } from '@/testing/render';
import { signInToService } from '@/testing/service';
import { errorAnswer, fakeService, okAnswer } from '@/testing/service-fake';
import { todayUtc } from '../lib/stats-dates';
import { RecentUsage } from './recent-usage';

const stats = (counts: number[]) => ({
  dailyStats: counts.map((usageCount, i) => ({ usageDate: `03.0${i + 1}`, usageCount })),
  domain: [0, 8],
  ticks: [0, 2, 4, 6, 8],
});

/**
 * Usage on given days weeks ago, and a refused request, cannot be made on the emulator: those answers are faked
 * (the service's shapes only), one per call in turn. A fresh account's zero weeks come from the emulator.
 */
function answer(...answers: (() => Response)[]) {
  let call = 0;
  return fakeService(() => answers[call++]!());
}

function renderUsage(date = '2026-03-07', onDateChange = vi.fn()) {
  renderWithProviders(<RecentUsage date={date} onDateChange={onDateChange} />);
  return onDateChange;
}

afterEach(() => vi.unstubAllGlobals());

describe('RecentUsage', () => {
  it('asks for the window ending at the date and shows the same numbers in a captioned table', async () => {
    const fetchMock = answer(() => okAnswer(statsResponse, stats([1, 0, 3, 7, 0, 2, 0])));
    renderUsage();
    await userEvent.click(await screen.findByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: /Files processed per day/ });
    const rows = within(table).getAllByRole('row').slice(1, 8);
    // The service's MM.DD days, shown as dates of the window (machine-readable in <time dateTime>).
    expect(rows.map((row) => row.querySelector('time')?.getAttribute('dateTime'))).toEqual([
      '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07',
    ]);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['1', '0', '3', '7', '0', '2', '0']);
    expect(rows[0]).toHaveTextContent(/March 1, 2026|1 March 2026/);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('date=2026-03-07');
  });

  it('shows a designed empty state when all seven days are zero', async () => {
    await signInToService();
    renderUsage();
    expect(await screen.findByText('No files were processed in these 7 days.')).toBeInTheDocument();
  });

  it('shows the error with its code, and retries', async () => {
    answer(
      () => errorAnswer('INVALID_PARAMETER'),
      () => okAnswer(statsResponse, stats([0, 0, 0, 0, 0, 0, 0])),
    );
    renderUsage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('INVALID_PARAMETER');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No files were processed in these 7 days.')).toBeInTheDocument();
  });

  it('moves by whole weeks and never past today', async () => {
    await signInToService();
    const onDateChange = renderUsage(todayUtc());
    expect(screen.getByRole('button', { name: /Next week/ })).toBeDisabled();
    expect(screen.getByLabelText('Week ending (UTC)')).toHaveAttribute('max', todayUtc());
    await userEvent.click(screen.getByRole('button', { name: /Previous week/ }));
    expect(onDateChange).toHaveBeenCalledWith(new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10));
  });
});
