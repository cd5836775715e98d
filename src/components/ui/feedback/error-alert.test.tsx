import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { ErrorAlert } from './error-alert';

const refused = new ApiError({ kind: 'http', status: 401, code: 'AUTH_NOT_AUTHENTICATED', method: 'POST', path: '/auth/login', message: 'The e-mail or password is wrong' });

describe('ErrorAlert', () => {
  it('puts the plain words first and the code last', () => {
    render(<ErrorAlert error={refused} title="The e-mail or password is wrong." />);
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text.indexOf('The e-mail or password is wrong.')).toBe(0);
    expect(text.indexOf('AUTH_NOT_AUTHENTICATED')).toBeGreaterThan(text.indexOf('wrong'));
  });

  it('does not repeat a message that only says the title again', () => {
    render(<ErrorAlert error={refused} title="The e-mail or password is wrong." />);
    expect(screen.getAllByText(/password is wrong/)).toHaveLength(1);
  });

  it('shows a different message under the title', () => {
    render(<ErrorAlert error={new Error('Connection reset.')} title="The orders could not be loaded." />);
    expect(screen.getByText('Connection reset.')).toBeInTheDocument();
  });
});
