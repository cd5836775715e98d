import { whoHadThisCopy, type LedgerEntry, type Owner } from './ledger';
import { DEFAULT_TEMPLATE } from './templates';

/**
 * "Who had this copy?" for a text read back by an extract order: the ledger's exact text (or code) first, then the
 * readable templates: the default one and every template the ledger recorded, so a customised template is read
 * back too. The rules of the match are the ledger's (`whoHadThisCopy`); this module only chooses what it is given.
 */
export function templatesOf(entries: readonly LedgerEntry[]): string[] {
  const templates = [DEFAULT_TEMPLATE];
  for (const entry of entries) if (entry.template && !templates.includes(entry.template)) templates.push(entry.template);
  return templates;
}

export function lookUpOwner(text: string, entries: LedgerEntry[]): Owner {
  return whoHadThisCopy(text, entries, templatesOf(entries));
}

/**
 * The hash the report quotes for the original copy: the copy's own when the ledger recorded it (the result file the
 * embed order made), else the source image's (the file the copy was made from), labelled as such.
 */
export function originalHashOf(entry: LedgerEntry): { sha256: string; of: 'copy' | 'source' } | null {
  if (entry.copySha256) return { sha256: entry.copySha256, of: 'copy' };
  if (entry.sourceSha256) return { sha256: entry.sourceSha256, of: 'source' };
  return null;
}

/** The recipient an owner names, or null when no one is known. */
export function recipientOf(owner: Owner): string | null {
  if (owner.kind === 'ledger') return owner.entry.recipient;
  if (owner.kind === 'template') return owner.recipient;
  return null;
}
