import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../form/button';
import { Dialog, DialogClose } from './dialog';

function Example({ description }: { description?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Create a webhook"
        description={description}
        trigger={<Button>New webhook</Button>}
        footer={
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        }
      >
        <label>
          Name <input />
        </label>
      </Dialog>
      <button type="button">outside</button>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a named modal dialog with focus inside', async () => {
    render(<Example description="Deliveries go to this URL." />);
    await userEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a webhook' });
    expect(dialog).toHaveAccessibleDescription('Deliveries go to this URL.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('puts focus on its first field, not on the close button', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('traps Tab inside', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'New webhook' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('closes by its close button and by Cancel', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves focus to the title when the step changes, since the content that held it is gone', async () => {
    function TwoSteps() {
      const [open, setOpen] = useState(true);
      const [done, setDone] = useState(false);
      return (
        <Dialog open={open} onOpenChange={setOpen} title={done ? 'Done' : 'Step one'} step={done ? 'done' : 'one'}>
          {done ? <p>All set.</p> : <Button onClick={() => setDone(true)}>Next</Button>}
        </Dialog>
      );
    }
    render(<TwoSteps />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Done' })).toHaveFocus();
  });
});
