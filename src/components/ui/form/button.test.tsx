import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a type="button" that runs its action from the keyboard', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('says why it is disabled, next to it and tied to it', () => {
    render(
      <Button disabled disabledReason="Add at least one image">
        Create order
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Create order' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Add at least one image');
    expect(screen.getByText('Add at least one image')).toBeVisible();
  });

  it('does not show the reason while enabled', () => {
    render(<Button disabledReason="Add at least one image">Create order</Button>);
    expect(screen.queryByText('Add at least one image')).toBeNull();
    expect(screen.getByRole('button')).not.toHaveAttribute('aria-describedby');
  });

  it('keeps a description of its own beside the reason', () => {
    render(
      <>
        <p id="own">Own words</p>
        <Button disabled disabledReason="Why" aria-describedby="own">
          Go
        </Button>
      </>,
    );
    expect(screen.getByRole('button')).toHaveAccessibleDescription('Own words Why');
  });

  it('while loading is busy, disabled and ignores presses', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Saving
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('gives disabled buttons a not-allowed cursor and a grey look in every variant', () => {
    for (const variant of ['primary', 'secondary', 'danger', 'ghost'] as const) {
      const { unmount } = render(
        <Button variant={variant} disabled>
          {variant}
        </Button>,
      );
      const cls = screen.getByRole('button').className;
      expect(cls).toContain('disabled:cursor-not-allowed');
      expect(cls).toContain('disabled:bg-zinc-200');
      expect(cls).toContain('dark:disabled:bg-zinc-800');
      unmount();
    }
  });
});
