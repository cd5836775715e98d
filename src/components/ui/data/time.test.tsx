import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatDateTimeWithZone, formatFullDateTime, formatRelativeTime } from '@/lib/format';
import { Time } from './time';

const now = new Date('2026-11-25T12:00:00Z');

describe('Time', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['Date', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  it('is a <time> with a machine-readable date, relative text and the full date as title', () => {
    render(<Time value="2026-11-25T09:00:00Z" />);
    const time = screen.getByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-25T09:00:00.000Z');
    expect(time).toHaveAttribute('title', formatFullDateTime('2026-11-25T09:00:00Z'));
  });

  it('shows absolute, or both', () => {
    const { rerender } = render(<Time value="2026-11-24T12:00:00Z" display="absolute" />);
    expect(screen.getByText(formatDateTime('2026-11-24T12:00:00Z'))).toBeInTheDocument();
    rerender(<Time value="2026-11-24T12:00:00Z" display="both" />);
    expect(screen.getByText(`${formatDateTime('2026-11-24T12:00:00Z')} (yesterday)`)).toBeInTheDocument();
  });

  it('shows the moment with seconds and the time zone where it matters (a delivery attempt, a step of an order)', () => {
    render(<Time value="2026-11-24T12:00:07Z" display="zoned" />);
    const time = screen.getByText(formatDateTimeWithZone('2026-11-24T12:00:07Z'));
    expect(time.tagName).toBe('TIME');
    expect(time.textContent).toMatch(/:07/);
    expect(time).toHaveAttribute('datetime', '2026-11-24T12:00:07.000Z');
  });

  it('moves on while the page stays open', async () => {
    render(<Time value="2026-11-25T11:59:50Z" />);
    expect(screen.getByText('just now')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(screen.getByText('2 minutes ago')).toBeInTheDocument();
  });

  it('shows a value that is not a date as it came, without a <time>', () => {
    const { container } = render(<Time value="soon" />);
    expect(screen.getByText('soon')).toBeInTheDocument();
    expect(container.querySelector('time')).toBeNull();
  });
});

describe('formatRelativeTime', () => {
  it.each([
    ['2026-11-25T11:59:30Z', 'just now'],
    ['2026-11-25T11:55:00Z', '5 minutes ago'],
    ['2026-11-25T14:00:00Z', 'in 2 hours'],
    ['2026-11-23T12:00:00Z', '2 days ago'],
    ['2026-11-11T12:00:00Z', '2 weeks ago'],
  ])('%s → %s', (value, words) => {
    expect(formatRelativeTime(value, now)).toBe(words);
  });
});
