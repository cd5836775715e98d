/**
 * The e2e tests' calls to an emulator's API, through the one helper (scripts/stack/signed-in.ts): the main stack's
 * emulator unless another is named (the short-lived stacks of stacks.ts, a storage stack). A spec calls these, never
 * `fetch` itself, unless it tests the HTTP layer (a status or header of a storage answer) or Playwright's own routing.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiAllOrders, apiCall, apiGet, apiResponse, download, putFile, type ApiResponse } from '../../scripts/stack/signed-in';
import { mainEmulatorUrl } from './stacks';

export { download, putFile, type ApiResponse };

const CHELSEA = readFileSync(new URL('../fixtures/chelsea.png', import.meta.url));

/** Any emulator call (full path: /api/v2/… or /_emulator/…) as the token's account; returns `data`, throws on non-2xx. */
export function call<T = unknown>(token: string, method: string, path: string, body?: unknown, emulatorUrl = mainEmulatorUrl): Promise<T> {
  return apiCall<T>(emulatorUrl, token, method, path, body);
}

/** The same call, answered whatever its status: for a test that asserts the status code itself. */
export function callResponse<T = unknown>(token: string, method: string, path: string, body?: unknown, emulatorUrl = mainEmulatorUrl): Promise<ApiResponse<T>> {
  return apiResponse<T>(emulatorUrl, token, method, path, body);
}

/** A GET (full path) as the token's account; returns `data`, throws on non-2xx. */
export function getData<T = unknown>(token: string, path: string, emulatorUrl = mainEmulatorUrl): Promise<T> {
  return apiGet<T>(emulatorUrl, token, path);
}

/** Every order of the account, all pages (`query`: filters such as 'status=failed'), and the total the list reports. */
export function allOrders<T = unknown>(token: string, query = '', emulatorUrl = mainEmulatorUrl): Promise<{ orders: T[]; total: number }> {
  return apiAllOrders<T>(emulatorUrl, token, query);
}

/** The order's status as the API reports it now. */
export async function orderStatus(token: string, orderId: string, emulatorUrl = mainEmulatorUrl): Promise<string> {
  return (await getData<{ status: string }>(token, `/api/v2/orders/${encodeURIComponent(orderId)}`, emulatorUrl)).status;
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
