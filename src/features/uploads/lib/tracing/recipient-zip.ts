import type { LedgerEntry } from './ledger';
import { recipientFolders } from './copies';

/**
 * Where each result of an order goes in the recipients' ZIP: `<recipient folder>/<copy name>`. The folders are made
 * again from the ledger's recipients in their order, as when the copies were named. An entry the ledger does not know
 * (a file of another kind in the result) stays at the top.
 */
export function recipientPathOf(copies: readonly LedgerEntry[]): (entryName: string) => string {
  const folders = recipientFolders(copies.map((c) => c.recipient));
  const byName = new Map(copies.map((c) => [c.copyName, folders.get(c.recipient)!] as const));
  return (entryName) => {
    const base = entryName.slice(entryName.lastIndexOf('/') + 1);
    const folder = byName.get(base);
    return folder ? `${folder}/${base}` : base;
  };
}

/** Hex SHA-256 of a result read as chunks. */
export async function sha256Hex(chunks: readonly Uint8Array[]): Promise<string> {
  const size = chunks.reduce((sum, c) => sum + c.length, 0);
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  const digest = await crypto.subtle.digest('SHA-256', all);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
