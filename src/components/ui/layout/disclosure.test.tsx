import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Disclosure } from './disclosure';

function Tool() {
  const [text, setText] = useState('');
  return <input aria-label="Since" value={text} onChange={(e) => setText(e.target.value)} />;
}

describe('Disclosure', () => {
  // Enter and Space on the summary are the browser's own (a native <details>); jsdom does not implement them.
  it('is folded until its summary is pressed, and keeps what was typed when folded again', async () => {
    const { container } = render(
      <Disclosure summary="Export delivery events">
        <Tool />
      </Disclosure>,
    );
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(screen.getByText('Export delivery events'));
    expect(details.open).toBe(true);
    await userEvent.type(screen.getByLabelText('Since'), '2026-11-01');
    await userEvent.click(screen.getByText('Export delivery events'));
    expect(details.open).toBe(false);
    await userEvent.click(screen.getByText('Export delivery events'));
    expect(screen.getByLabelText('Since')).toHaveValue('2026-11-01');
  });

  it('can start open', () => {
    const { container } = render(
      <Disclosure summary="Tools" defaultOpen>
        <p>inside</p>
      </Disclosure>,
    );
    expect(container.querySelector('details')!.open).toBe(true);
  });
});
