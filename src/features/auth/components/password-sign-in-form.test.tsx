import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectToService, recordRequests } from '@/testing/service';
import { PasswordSignInForm } from './password-sign-in-form';

beforeEach(() => connectToService());
afterEach(() => vi.unstubAllGlobals());

describe('password sign-in form', () => {
  it('checks on submit, focuses the first field in error and sends nothing', async () => {
    const fetch = recordRequests();
    render(<PasswordSignInForm onSignedIn={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter an e-mail address like name@example.com')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks again on every change after the first try, and not before', async () => {
    render(<PasswordSignInForm onSignedIn={() => {}} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'x');
    expect(screen.queryByText('Enter an e-mail address like name@example.com')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter an e-mail address like name@example.com')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'demo@example.com');
    expect(screen.queryByText('Enter an e-mail address like name@example.com')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
  });

  it('shows a refused sign-in in plain words with the code, and leaves the session alone', async () => {
    // The emulator's demo account, with a wrong password.
    const onSignedIn = vi.fn();
    render(<PasswordSignInForm onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'demo@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The e-mail or password is wrong.');
    expect(alert).toHaveTextContent('AUTH_NOT_AUTHENTICATED');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
