import { LedgerPanel } from './ledger-panel';
import { RecipientCopiesForm } from './recipient-copies-form';

/**
 * The embed page's "Copies for recipients" mode: the form and the ledger under it. One module, loaded when the mode
 * is chosen, so the plain embed page does not download the ledger (IndexedDB, CSV reading, zod checks).
 */
export function RecipientMode({ account, owner }: { account: string; owner: string }) {
  return (
    <>
      <RecipientCopiesForm key={account} account={account} owner={owner} />
      <LedgerPanel account={account} />
    </>
  );
}
