import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, type Column } from './table';

interface Row {
  id: string;
  name: string;
  state: string;
}
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => <a href={`/x/${r.id}`}>{r.name}</a>, primary: true },
  { key: 'state', header: 'State', cell: (r) => r.state },
  { key: 'id', header: 'Event id', cell: (r) => <code>{r.id}</code> },
];
const rows: Row[] = [
  { id: 'e1', name: 'demo-shop', state: 'Sent' },
  { id: 'e2', name: 'staging', state: 'Failed' },
];

describe('Table', () => {
  it('is a captioned table with column headers and one row per item', () => {
    render(<Table caption="Delivery events" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Delivery events' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'State', 'Event id']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'demo-shop' })).toBeInTheDocument();
  });

  it('gives every non-primary cell its column label for the stacked mode, hidden above the breakpoint', () => {
    render(<Table caption="Events" columns={columns} rows={rows} rowKey={(r) => r.id} stackBelow="md" />);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['demo-shop', 'State:Sent', 'Event id:e1']);
    const label = screen.getAllByText('State:')[0]!;
    expect(label.className).toContain('md:hidden');
    expect(screen.getByRole('table').className).toContain('max-md:block');
  });

  it('has no labels in cells when it never stacks', () => {
    render(<Table caption="Events" columns={columns} rows={rows} rowKey={(r) => r.id} stackBelow="never" />);
    expect(screen.queryByText('State:')).toBeNull();
  });

  it('shows the empty row when there are no rows', () => {
    render(<Table caption="Events" columns={columns} rows={[]} rowKey={(r) => r.id} empty="No events yet" />);
    const cell = screen.getByRole('cell', { name: 'No events yet' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('shows loading rows and is busy while the first page loads', () => {
    const { container } = render(<Table caption="Events" columns={columns} rows={undefined} rowKey={(r) => r.id} loading loadingRows={4} empty="none" />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelectorAll('[data-loading-row]')).toHaveLength(4);
    expect(screen.queryByText('none')).toBeNull();
  });

  it('keeps the rows it has while refreshing', () => {
    const { container } = render(<Table caption="Events" columns={columns} rows={rows} rowKey={(r) => r.id} loading />);
    expect(container.querySelectorAll('[data-loading-row]')).toHaveLength(0);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
