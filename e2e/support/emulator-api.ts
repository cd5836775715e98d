import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mainEmulatorUrl } from './stacks';

const CHELSEA = readFileSync(new URL('../fixtures/chelsea.png', import.meta.url));

/** Any emulator call (full path: /api/v2/… or /_emulator/…) as the token's account; returns `data`, throws on non-2xx. */
export async function call<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${mainEmulatorUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
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
  const res = await fetch(data.files[0]!.uploadUrl, { method: 'PUT', headers: { 'Content-Type': type }, body: new Uint8Array(bytes) });
  if (!res.ok) throw new Error(`upload: ${res.status}`);
}
