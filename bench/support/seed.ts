/**
 * Gives an account a believable history through the public API: a webhook on
 * one of the emulator's test receivers, and finished orders of every kind
 * (some failed), each of which leaves one delivery event on that webhook.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { call, putFile, waitUntil } from './stack';

interface UploadFile {
  fileName: string;
  uploadUrl: string;
}

function smallImage(seed: number): Promise<Buffer> {
  const width = 96;
  const height = 64;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + seed * 31 + ((i / width) | 0) * 3) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Not an image: the order fails, which is a delivery event too. */
const BROKEN = Buffer.from('this is not an image');

export interface SeededActivity {
  webhookId: number;
  orderIds: string[];
  events: number;
}

export async function seedActivity(emulatorUrl: string, token: string, orders: number): Promise<SeededActivity> {
  // Storage URLs may name the dashboard's origin (EMULATOR_PUBLIC_URL, bench:lighthouse over HTTPS): the seed uploads
  // to the emulator itself, which checks the path and signature, not the host.
  const upload = (url: string, bytes: Uint8Array) => {
    const { pathname, search } = new URL(url);
    return putFile(`${emulatorUrl}${pathname}${search}`, bytes, 'image/png');
  };
  const receiverUrl = `${emulatorUrl}/_emulator/receivers/bench-${randomUUID().slice(0, 8)}`;
  const hook = await call<{ id: number }>(emulatorUrl, token, 'POST', '/api/v2/orders/webhooks', { name: 'Orders to the warehouse', url: receiverUrl });
  const orderIds: string[] = [];
  for (let i = 0; i < orders; i++) {
    const broken = i % 7 === 3;
    const bytes = broken ? BROKEN : await smallImage(i);
    const fileName = `photo-${String(i + 1).padStart(3, '0')}.png`;
    const kind = i % 3;
    if (kind === 0) {
      const order = await call<{ orderId: string; files: UploadFile[] }>(emulatorUrl, token, 'POST', '/api/v2/orders/anti-ai', {
        idempotencyKey: randomUUID(),
        orderName: `Catalogue batch ${i + 1}`,
        files: [{ fileName }],
        options: { strength: 'standard' },
      });
      await upload(order.files[0]!.uploadUrl, bytes);
      await call(emulatorUrl, token, 'POST', '/api/v2/orders/anti-ai/confirm', { idempotencyKey: randomUUID(), orderId: order.orderId });
      orderIds.push(order.orderId);
    } else if (kind === 1) {
      const order = await call<{ orderId: string; files: UploadFile[] }>(emulatorUrl, token, 'POST', '/api/v2/orders/wtr-embed', {
        idempotencyKey: randomUUID(),
        files: [{ fileName, watermarks: [{ text: `owner: bench ${i}` }] }],
      });
      await upload(order.files[0]!.uploadUrl, bytes);
      orderIds.push(order.orderId);
    } else {
      const order = await call<{ orderId: string; file: UploadFile }>(emulatorUrl, token, 'POST', '/api/v2/orders/wtr-extract', {
        idempotencyKey: randomUUID(),
        file: { fileName },
      });
      await upload(order.file.uploadUrl, bytes);
      orderIds.push(order.orderId);
    }
  }
  let events = 0;
  await waitUntil(`${orders} delivery events`, async () => {
    const data = await call<{ pagination: { total: number } }>(emulatorUrl, token, 'GET', `/api/v2/orders/webhooks/${hook.id}/events?page=1&limit=1`);
    events = data.pagination.total;
    return events >= orders;
  });
  return { webhookId: hook.id, orderIds, events };
}
