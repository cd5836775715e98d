import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiCall, putFile } from '../../scripts/stack/signed-in';
import { mainEmulatorUrl } from './stacks';

const CHELSEA = readFileSync(new URL('../fixtures/chelsea.png', import.meta.url));

/** Any emulator call (full path: /api/v2/… or /_emulator/…) as the token's account; returns `data`, throws on non-2xx. */
export function call<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  return apiCall<T>(mainEmulatorUrl, token, method, path, body);
}

/**
 * An embed order whose one file is uploaded, so it processes by itself: a real image completes, a broken one
 * fails. Either way it makes one delivery to every active webhook of the account.
 */
export async function finishOrder(token: string, bytes: Buffer = CHELSEA, fileName = 'chelsea.png') {
  const data = await call<{ files: { uploadUrl: string }[] }>(token, 'POST', '/api/v2/orders/wtr-embed', {
    idempotencyKey: randomUUID(),
    files: [{ fileName, watermarks: [{ text: 'e2e mark' }] }],
  });
  const type = fileName.endsWith('.png') ? 'image/png' : 'image/jpeg';
  await putFile(data.files[0]!.uploadUrl, bytes, type);
}
