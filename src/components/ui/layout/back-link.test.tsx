import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { BackLink } from './back-link';

describe('BackLink', () => {
  it('is a link named by its words alone (the arrow is hidden from screen readers)', () => {
    renderWithProviders(<BackLink to="/orders?status=failed">Back to the filtered orders</BackLink>, { route: '/' });
    const link = screen.getByRole('link', { name: 'Back to the filtered orders' });
    expect(link).toHaveAttribute('href', '/orders?status=failed');
    expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
