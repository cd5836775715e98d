import { FILE_NAME_MAX } from '@/api/formats';
import type { CheckedFile } from '../submission/submission';
import type { LedgerEntry } from './ledger';
import type { Recipient } from './recipients';
import { newCode, renderReadable } from './templates';

/** A batch's limit: ten orders of the service's 100 files. */
export const COPIES_MAX = 1000;
/** Room kept for the recipient in a copy's name. */
const RECIPIENT_NAME_MAX = 60;

/** A recipient's name as part of a file name: no path separators or characters file systems refuse, no leading dots. */
export function fileNamePart(recipient: string): string {
  const safe = recipient
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, RECIPIENT_NAME_MAX)
    .trim();
  return safe || '_';
}

/** `<image>--<recipient>.<ext>`: the image's name without its extension, two hyphens, the recipient, the extension. */
export function copyNameOf(image: string, recipient: string): string {
  const dot = image.lastIndexOf('.');
  const stem = dot > 0 ? image.slice(0, dot) : image;
  const ext = dot > 0 ? image.slice(dot) : '';
  const part = fileNamePart(recipient);
  const room = FILE_NAME_MAX - part.length - ext.length - 2;
  return `${stem.slice(0, Math.max(1, room))}--${part}${ext}`;
}

/**
 * Each recipient's folder (and name part of its copies): the name made safe for a file system; two names that
 * come out the same get " (2)", " (3)"… in the order given. The ZIP's folders are made again from the ledger with it.
 */
export function recipientFolders(names: readonly string[]): Map<string, string> {
  const folders = new Map<string, string>();
  const used = new Set<string>();
  for (const name of names) {
    if (folders.has(name)) continue;
    let folder = fileNamePart(name);
    for (let n = 2; used.has(folder.toLowerCase()); n++) folder = `${fileNamePart(name)} (${n})`;
    used.add(folder.toLowerCase());
    folders.set(name, folder);
  }
  return folders;
}

export type CopyTemplate = { kind: 'text'; template: string; owner: string; date: string } | { kind: 'code' };

export interface PlannedCopy {
  recipient: Recipient;
  /** The recipient's folder in the ZIP (unique among the recipients). */
  folder: string;
  image: CheckedFile;
  copyName: string;
  text: string;
  /** The image under the copy's name: what is uploaded. */
  file: File;
}

/**
 * Every image once per recipient, grouped by recipient (so a batch's orders hold whole recipients where they can).
 * A readable text is the same on a recipient's copies; a private code is new for each copy, unique in the ledger.
 * Names that would collide (two recipients whose names clean to the same file name) get " (2)", " (3)"….
 */
export function planCopies(
  images: readonly CheckedFile[],
  recipients: readonly Recipient[],
  template: CopyTemplate,
  takenCodes: ReadonlySet<string>,
  random?: () => number,
): PlannedCopy[] {
  const codes = new Set(takenCodes);
  const names = new Set<string>();
  const copies: PlannedCopy[] = [];
  const folders = recipientFolders(recipients.map((r) => r.name));
  for (const recipient of recipients) {
    const folder = folders.get(recipient.name)!;
    for (const image of images) {
      let copyName = copyNameOf(image.file.name, folder);
      for (let n = 2; names.has(copyName.toLowerCase()); n++) copyName = copyNameOf(image.file.name, `${folder} (${n})`);
      names.add(copyName.toLowerCase());
      let text: string;
      if (template.kind === 'code') {
        text = newCode(codes, random);
        codes.add(text);
      } else {
        text = renderReadable(template.template, { owner: template.owner, recipient: recipient.name, date: template.date });
      }
      const file = new File([image.file], copyName, { type: image.file.type, lastModified: image.file.lastModified });
      copies.push({ recipient, folder, image, copyName, text, file });
    }
  }
  return copies;
}

/** The ledger's entries for the copies an order was made with. */
export function ledgerEntriesOf(
  copies: readonly PlannedCopy[],
  template: CopyTemplate,
  orderId: string,
  account: string,
  now: Date,
  sendId?: string,
): LedgerEntry[] {
  // The id is the order and the copy's name: the same copy written twice (a retried create answered with the same
  // order) or imported again is one entry.
  return copies.map((copy) => ({
    id: `${orderId}/${copy.copyName}`,
    recipient: copy.recipient.name,
    ...(copy.recipient.email ? { email: copy.recipient.email } : {}),
    ...(copy.recipient.note ? { note: copy.recipient.note } : {}),
    kind: template.kind,
    text: copy.text,
    ...(template.kind === 'text' ? { template: template.template } : {}),
    image: copy.image.file.name,
    copyName: copy.copyName,
    sourceSha256: copy.image.sha256,
    orderId,
    ...(sendId ? { sendId } : {}),
    createdAt: now.toISOString(),
    account,
  }));
}

/** Today's date on the user's own calendar, as YYYY-MM-DD (the same in every language, and read back unchanged). */
export function localIsoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
