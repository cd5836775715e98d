import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Card } from '../layout/card';
import { CopyButton } from '../form/copy-button';
import { EmptyState } from './empty-state';
import { InlineStatus, useInlineStatus } from './inline-status';
import { Notice } from './notice';

function Saver() {
  const status = useInlineStatus(1000);
  return (
    <>
      <button type="button" onClick={() => status.show({ tone: 'success', text: 'Saved' })}>
        Save
      </button>
      <InlineStatus message={status.message} />
    </>
  );
}

describe('InlineStatus', () => {
  afterEach(() => vi.useRealTimers());

  it('announces feedback in a live region that is there before the message, then clears success', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Saver />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(region).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1000));
    expect(region).toBeEmptyDOMElement();
  });
});

describe('CopyButton', () => {
  it('copies and says so', async () => {
    const user = userEvent.setup();
    render(<CopyButton text="secret" what="signing secret" />);
    await user.click(screen.getByRole('button', { name: 'Copy signing secret' }));
    expect(await navigator.clipboard.readText()).toBe('secret');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard');
  });
});

describe('Card, EmptyState, Notice', () => {
  it('a titled card is a region named by its title', () => {
    render(
      <Card title="Health" description="Last 5 deliveries">
        body
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Health' })).toHaveTextContent('Last 5 deliveries');
  });

  it('an empty state has a heading and its action', () => {
    render(<EmptyState title="No orders yet" description="Protect your first image." action={<a href="/orders/new">New order</a>} />);
    expect(screen.getByRole('heading', { name: 'No orders yet', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New order' })).toBeInTheDocument();
  });

  it('a notice is a status with its words', () => {
    render(<Notice tone="warning">Over 80% used</Notice>);
    expect(screen.getByRole('status')).toHaveTextContent('Over 80% used');
  });
});
