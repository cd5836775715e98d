import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { ParsedRecipients } from '../../lib/tracing/recipients';
import { parseRecipientLines, parseRecipientsCsv } from '../../lib/tracing/recipients';
import { RecipientsInput } from './recipients-input';

const last = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)![0] as ParsedRecipients;

describe('recipients: parsing', () => {
  it('reads a pasted list one per line, splitting off an e-mail only where there is one', () => {
    const parsed = parseRecipientLines('Alice Kim\n\n  Smith, John  \nBob, bob@example.com, VIP\nCarol <carol@example.com>\nbob\nEve, not-a-mail@\n');
    expect(parsed.recipients).toEqual([
      { name: 'Alice Kim' },
      { name: 'Smith, John' },
      { name: 'Bob', email: 'bob@example.com', note: 'VIP' },
      { name: 'Carol', email: 'carol@example.com' },
      { name: 'Eve, not-a-mail@' },
    ]);
    expect(parsed.problems).toEqual([{ kind: 'duplicate', line: 6, name: 'bob' }]);
  });

  it('reads a CSV file with a header in any order, quoted fields, a BOM and semicolons', () => {
    const csv = '\uFEFFEmail;Name;Note\r\nbob@example.com;"Lee; Bob";"says ""hi"""\r\n;김민지;\r\nwrong;Eve;\r\n;;orphan\r\n';
    expect(parseRecipientsCsv(csv)).toEqual({
      lines: [2, 3],
      recipients: [{ name: 'Lee; Bob', email: 'bob@example.com', note: 'says "hi"' }, { name: '김민지' }],
      problems: [
        { kind: 'bad-email', line: 4, email: 'wrong' },
        { kind: 'no-name', line: 5 },
      ],
    });
  });

  it('reads a CSV file without a header as name, e-mail, note', () => {
    expect(parseRecipientsCsv('Alice,alice@example.com\nBob\n"Carol, Design",,agency').recipients).toEqual([
      { name: 'Alice', email: 'alice@example.com' },
      { name: 'Bob' },
      { name: 'Carol, Design', note: 'agency' },
    ]);
  });
});

describe('RecipientsInput', () => {
  it('joins the pasted list and an imported CSV file, naming the lines left out', async () => {
    const onChange = vi.fn();
    const { container } = renderWithProviders(<RecipientsInput onChange={onChange} />, { route: '/' });
    fireEvent.change(screen.getByLabelText('Recipients (one per line)'), { target: { value: 'Alice\nBob, bob@example.com' } });
    expect(last(onChange).recipients.map((r) => r.name)).toEqual(['Alice', 'Bob']);
    expect(screen.getByTestId('recipient-count')).toHaveTextContent('2 recipients');

    const csv = new File(['name,email,note\nCarol,carol@example.com,agency\nbob,,again\n'], 'more.csv', { type: 'text/csv' });
    const input = container.querySelectorAll('input[type=file]')[0]!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [csv] } });
    });
    await waitFor(() => expect(screen.getByTestId('recipient-count')).toHaveTextContent('3 recipients'));
    expect(last(onChange).recipients).toEqual([{ name: 'Alice' }, { name: 'Bob', email: 'bob@example.com' }, { name: 'Carol', email: 'carol@example.com', note: 'agency' }]);
    expect(screen.getByText('more.csv: 2 recipients')).toBeInTheDocument();
    expect(screen.getByText('more.csv: Line 3: bob is already in the list.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: "Remove the file's list" }));
    expect(screen.getByTestId('recipient-count')).toHaveTextContent('2 recipients');
  });

  it('says when a CSV file holds no recipient', async () => {
    const onChange = vi.fn();
    const { container } = renderWithProviders(<RecipientsInput onChange={onChange} />, { route: '/' });
    await act(async () => {
      fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [new File([''], 'empty.csv')] } });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('empty.csv holds no recipient');
  });
});
