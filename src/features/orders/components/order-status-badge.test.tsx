import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@/api/schemas/orders';
import { statusLabel } from '../lib/labels';
import { OrderStatusBadge } from './order-status-badge';

describe('OrderStatusBadge', () => {
  it.each(ORDER_STATUSES)('shows %s with words and an icon', (status) => {
    const { container } = render(<OrderStatusBadge status={status} />);
    expect(screen.getByText(statusLabel(status))).toBeTruthy();
    const icon = screen.getByTestId('status-icon');
    expect(icon.tagName.toLowerCase()).toBe('svg');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toContain(statusLabel(status));
  });

  it('gives every status its own words', () => {
    expect(new Set(ORDER_STATUSES.map(statusLabel)).size).toBe(ORDER_STATUSES.length);
  });
});
