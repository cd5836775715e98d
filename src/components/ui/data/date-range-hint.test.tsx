import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { DateRangeHint } from './date-range-hint';

const tz = process.env.TZ;
afterEach(() => {
  process.env.TZ = tz;
});

describe('DateRangeHint', () => {
  it('names the time zone and its offset, and says both days are whole', () => {
    process.env.TZ = 'Asia/Seoul';
    renderWithProviders(<DateRangeHint id="hint" />, { route: '/' });
    const hint = screen.getByTestId('date-range-hint');
    expect(hint).toHaveAttribute('id', 'hint');
    expect(hint).toHaveTextContent(/^Dates are in your time zone \(.+, UTC\+9\), from the start of the first day to the end of the last\.$/);
  });
});
