import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

function Paged({ total = 3 }: { total?: number }) {
  const [page, setPage] = useState(1);
  return <Pager page={page} totalPages={total} onPage={setPage} summary="25 events" />;
}

describe('Pager', () => {
  it('is a named navigation that says where you are', () => {
    render(<Paged />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav).toHaveTextContent('Page 1 of 3 · 25 events');
  });

  it('disables Previous on the first page and Next on the last', async () => {
    render(<Paged total={2} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('keeps keyboard focus on a button when the one pressed becomes disabled', async () => {
    render(<Paged total={2} />);
    screen.getByRole('button', { name: 'Next page' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveFocus();
    expect(screen.getByText(/Page 2 of 2/)).toBeInTheDocument();
  });

  it('changes the page size', async () => {
    const onChange = vi.fn();
    render(<Pager page={1} totalPages={1} onPage={() => {}} pageSize={{ value: 20, options: [10, 20, 50], onChange }} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '50');
    expect(onChange).toHaveBeenCalledWith(50);
  });
});
