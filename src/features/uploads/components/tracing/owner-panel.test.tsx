import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ledgerToJson, openLedger, type LedgerEntry } from '../../lib/tracing/ledger';
import { OwnerPanel } from './owner-panel';

const bob: LedgerEntry = {
  id: 'e-bob',
  recipient: 'Bob',
  email: 'bob@example.com',
  kind: 'text',
  text: 'Acme for Bob · 2026-11-27',
  template: '{owner} for {recipient} · {date}',
  image: 'chelsea.png',
  copyName: 'chelsea--Bob.png',
  sourceSha256: 'a'.repeat(64),
  orderId: 'ord-embed-1',
  createdAt: '2026-11-27T10:00:00.000Z',
  account: 'user:1',
};

function renderPanel(account: string, text: string) {
  return renderWithProviders(<OwnerPanel text={text} extractOrderId="ord-x-1" account={account} />, { route: '/orders/ord-x-1' });
}

describe('OwnerPanel', () => {
  it('names the recipient from the ledger and links the embed order that made the copy', async () => {
    await openLedger('user:hit').add([bob]);
    renderPanel('user:hit', 'Acme for Bob · 2026-11-27');
    const panel = await screen.findByTestId('owner-panel');
    expect(await within(panel).findByText(/This copy was made for/)).toHaveTextContent('This copy was made for Bob.');
    expect(within(panel).getByRole('link', { name: 'ord-embed-1' })).toHaveAttribute('href', '/orders/ord-embed-1');
    expect(within(panel).getByRole('link', { name: 'Open the evidence report' })).toHaveAttribute('href', '/orders/ord-x-1/evidence');
    expect(within(panel).getByText(/who strips the watermark/)).toBeInTheDocument();
    // A ledger hit needs no import.
    expect(within(panel).queryByRole('button', { name: /Import a ledger/ })).toBeNull();
  });

  it('reads the recipient from the readable template when the ledger lacks the text, and offers an import', async () => {
    renderPanel('user:template', 'Acme for Dave · 2026-11-30');
    const panel = await screen.findByTestId('owner-panel');
    expect(await within(panel).findByTestId('owner-recipient')).toHaveTextContent('Dave');
    expect(within(panel).getByText(/has no record of it/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Import a ledger/ })).toBeInTheDocument();
  });

  it('says the ledger lacks a code, and finds it once a ledger file is imported right there', async () => {
    const code: LedgerEntry = { ...bob, id: 'e-code', kind: 'code', text: 'IMP-7F3K-Q2XD', template: undefined, recipient: 'Carol' };
    renderPanel('user:unknown', 'IMP-7F3K-Q2XD');
    const panel = await screen.findByTestId('owner-panel');
    expect(await within(panel).findByText(/has no entry for this text or code/)).toBeInTheDocument();
    const file = new File([ledgerToJson([code])], 'ledger.json', { type: 'application/json' });
    fireEvent.change(within(panel).getByLabelText('Ledger file (CSV or JSON)'), { target: { files: [file] } });
    await waitFor(() => expect(within(panel).getByText(/This copy was made for/)).toHaveTextContent('This copy was made for Carol.'));
    expect(within(panel).getByRole('link', { name: 'ord-embed-1' })).toBeInTheDocument();
  });

  it('names a file that is not a ledger', async () => {
    renderPanel('user:bad', 'IMP-AAAA-BBBB');
    const panel = await screen.findByTestId('owner-panel');
    await within(panel).findByText(/has no entry for this text or code/);
    fireEvent.change(within(panel).getByLabelText('Ledger file (CSV or JSON)'), { target: { files: [new File(['{"x":1}'], 'other.json')] } });
    expect(await within(panel).findByText(/could not be imported/)).toHaveTextContent('other.json is not a ledger exported by Imprint.');
  });
});
