import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DangerZone } from './danger-zone';

describe('DangerZone', () => {
  it('asks before acting and acts only on the confirmation', async () => {
    const onConfirm = vi.fn();
    render(<DangerZone description="Deliveries stop." actionLabel="Delete webhook" confirmLabel="Yes, delete it" onConfirm={onConfirm} />);
    expect(screen.getByRole('region', { name: 'Danger zone' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete webhook' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('This cannot be undone. Are you sure?')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('cancel puts focus back on the first button', async () => {
    render(<DangerZone description="x" actionLabel="Delete webhook" onConfirm={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete webhook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Delete webhook' })).toHaveFocus();
  });

  it('with confirmText, stays disabled (and says why) until it is typed', async () => {
    const onConfirm = vi.fn();
    render(<DangerZone description="x" actionLabel="Delete webhook" confirmLabel="Delete demo-shop" confirmText="demo-shop" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete webhook' }));
    const confirm = screen.getByRole('button', { name: 'Delete demo-shop' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('Type the name above first');
    await userEvent.type(screen.getByRole('textbox', { name: /Type demo-shop to confirm/ }), 'demo-shop');
    await userEvent.click(screen.getByRole('button', { name: 'Delete demo-shop' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('shows a failure and lets the user try again', async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('The service is unreachable.')).mockResolvedValueOnce(undefined);
    render(<DangerZone description="x" actionLabel="Delete" confirmLabel="Yes" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unreachable.');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
