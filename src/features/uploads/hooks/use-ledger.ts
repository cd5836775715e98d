import { useCallback, useEffect, useState } from 'react';
import { announceLedgerChange, LEDGER_CHANGED_EVENT, openLedger, parseLedgerFile, type LedgerEntry } from '../lib/tracing/ledger';

/**
 * This browser's ledger of the account, read once and again after an import (here or in another mounted panel:
 * every `useLedger` of the page hears of an import through one window event).
 */
export function useLedger(account: string) {
  const [entries, setEntries] = useState<LedgerEntry[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    openLedger(account)
      .all()
      .then((all) => {
        if (live) {
          setEntries(all);
          setError(null);
        }
      })
      .catch((e: unknown) => {
        if (live) setError(e);
      });
    return () => {
      live = false;
    };
  }, [account, version]);

  useEffect(() => {
    const changed = () => setVersion((v) => v + 1);
    window.addEventListener(LEDGER_CHANGED_EVENT, changed);
    return () => window.removeEventListener(LEDGER_CHANGED_EVENT, changed);
  }, []);

  /** Reads a ledger export (CSV or JSON) and adds the entries not there yet. */
  const importFile = useCallback(
    async (file: File) => {
      const parsed = parseLedgerFile(await file.text(), file.name);
      const result = await openLedger(account).importEntries(parsed);
      announceLedgerChange();
      return result;
    },
    [account],
  );

  return { entries, error, importFile };
}
