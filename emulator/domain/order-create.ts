import { randomBytes } from 'node:crypto';
import type { OutputTarget, OrderStatus, OrderType } from '../../src/api/schemas/orders';
import { fileFormatOf } from '../../src/api/formats';
import type { EmulatorContext } from '../context';
import { uploadUrl } from '../shared/presign';
import { randomToken } from '../shared/random';
import { safeName } from '../shared/storage-keys';
import { currentUsage, type Account } from './accounts';
import { refuse } from './domain-error';
import { reservedFiles } from './usage-reservation';

export interface NewFile {
  fileName: string;
  role?: 'input' | 'original';
  sourceUrl?: string;
  watermarks?: string[];
  output?: OutputTarget;
}

export interface NewOrder {
  type: OrderType;
  /** 'web' for orders made with a sign-in token (the dashboard), 'api' for API-key calls (docs/interface-decisions.md). */
  channel: 'api' | 'web';
  name?: string;
  strength?: string;
  zeroCopy?: boolean;
  files: NewFile[];
}

export interface CreatedFile {
  id: number;
  fileName: string;
  fileKey: string;
  role: 'input' | 'original';
  sourceUrl?: string;
}

const LABELS: Record<OrderType, string> = {
  antiAi: 'Anti-AI',
  watermarkEmbed: 'Watermark embed',
  watermarkExtract: 'Watermark extract',
};

/** "Anti-AI 2026-11-23 09:41:07": readable in a list, unique enough, always within 64 characters. */
export function generatedName(type: OrderType, now: Date): string {
  return `${LABELS[type]} ${now.toISOString().slice(0, 19).replace('T', ' ')}`;
}

function newPayload(ctx: EmulatorContext): number {
  for (;;) {
    const payload = randomBytes(4).readUInt32BE(0);
    if (!ctx.db.prepare('SELECT 1 FROM watermark_payloads WHERE payload = ?').get(payload)) return payload;
  }
}

/**
 * Inserts the order and its files (run inside the idempotency transaction).
 * Orders whose every file is in URL mode start at once; the others wait
 * for their uploads. The files are reserved against the usage limit from here (usage-reservation.ts) and counted
 * when processing ends.
 */
export function insertOrder(ctx: EmulatorContext, account: Account, input: NewOrder): { orderId: string; name: string; status: OrderStatus; files: CreatedFile[] } {
  const { db } = ctx;
  const inputs = input.files.filter((f) => (f.role ?? 'input') === 'input').length;
  const used = currentUsage(db, account);
  const reserved = reservedFiles(db, account.id);
  const left = account.usageLimit - used - reserved;
  if (inputs > left) {
    refuse(
      'USAGE_LIMIT_EXCEEDED',
      `This order has ${inputs} file(s) but only ${Math.max(0, left)} remain of the plan's usage limit (${used} used, ${reserved} held by unfinished orders)`,
    );
  }
  const now = new Date();
  const stamp = now.toISOString();
  const orderId = `ord_${randomToken(20)}`;
  const name = input.name ?? generatedName(input.type, now);
  const status: OrderStatus = input.files.every((f) => f.sourceUrl) ? 'inProgress' : 'pending';
  db.prepare(
    `INSERT INTO orders (id, account_id, type, channel, name, status, strength, zero_copy, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(orderId, account.id, input.type, input.channel, name, status, input.strength ?? null, input.zeroCopy ? 1 : 0, stamp, stamp);

  const insertFile = db.prepare(
    `INSERT INTO order_files (order_id, position, role, file_name, file_key, source_url, watermarks, payload, output_url, output_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const files: CreatedFile[] = [];
  const positions = { input: 0, original: 0 };
  for (const file of input.files) {
    const role = file.role ?? 'input';
    const position = positions[role]++;
    const fileKey = `uploads/${orderId}/${role}-${position}/${safeName(file.fileName)}`;
    const payload = file.watermarks ? newPayload(ctx) : null;
    const info = insertFile.run(
      orderId,
      position,
      role,
      file.fileName,
      fileKey,
      file.sourceUrl ?? null,
      file.watermarks ? JSON.stringify(file.watermarks) : null,
      payload,
      file.output?.url ?? null,
      file.output?.fileKey ?? null,
    );
    const id = Number(info.lastInsertRowid);
    if (payload !== null) {
      db.prepare('INSERT INTO watermark_payloads (payload, order_id, file_id, texts) VALUES (?, ?, ?, ?)').run(
        payload,
        orderId,
        id,
        JSON.stringify(file.watermarks),
      );
    }
    files.push({ id, fileName: file.fileName, fileKey, role, sourceUrl: file.sourceUrl });
  }
  if (status === 'inProgress') ctx.queueOrder(orderId);
  return { orderId, name, status, files };
}

export function uploadEntry(ctx: EmulatorContext, file: CreatedFile) {
  return { fileId: String(file.id), fileName: file.fileName, uploadUrl: uploadUrl(ctx, file.fileKey), fileKey: file.fileKey };
}

export function extractEntry(ctx: EmulatorContext, file: CreatedFile) {
  const format = fileFormatOf(file.fileName);
  return {
    fileId: file.id,
    fileName: file.fileName,
    uploadUrl: uploadUrl(ctx, file.fileKey),
    fileKey: file.fileKey,
    fileFormat: format,
    fileType: format === 'PDF' ? ('DOCUMENT' as const) : ('IMG' as const),
  };
}
