import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestEmulator } from './harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on arbitrary JSON
export type Json = any;

export const fixture = (name: string): Buffer => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

let counter = 0;
/** A fresh idempotency key per call (8-128 allowed characters). */
export const newKey = () => `test-key-${Date.now()}-${++counter}`;

export async function put(url: string, bytes: Uint8Array, contentType = 'image/png'): Promise<{ status: number; body: Json }> {
  const response = await fetch(url, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'Content-Type': contentType } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** When a presigned storage URL stops working (ms): X-Amz-Date + X-Amz-Expires, as S3 reads them. */
export function expiresAtOf(url: string): number {
  const query = new URL(url).searchParams;
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '');
  if (!m) throw new Error(`no X-Amz-Date in ${url}`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) + Number(query.get('X-Amz-Expires')) * 1000;
}

/** Polls the order until its status is one of `statuses`; fails with the last status seen. */
export async function waitForStatus(emu: TestEmulator, token: string, orderId: string, statuses: string[], timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  let last: Json;
  while (Date.now() < until) {
    const res = await emu.request('GET', `/api/v2/orders/${orderId}`, { token });
    last = res.body?.data;
    if (last && statuses.includes(last.status)) return last;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error(`order ${orderId} stayed ${last?.status} (wanted ${statuses.join('/')})`);
}

export async function waitFor<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Fetches the order's ZIP through the download endpoint and returns its entries. */
export async function downloadZip(emu: TestEmulator, token: string, orderId: string): Promise<Record<string, Uint8Array>> {
  const res = await emu.request('GET', `/api/v2/orders/${orderId}/download`, { token });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.expiresIn).toBe(3600);
  const zip = await fetch(res.body.data.downloadUrl);
  expect(zip.status).toBe(200);
  expect(zip.headers.get('content-type')).toBe('application/zip');
  return unzipSync(new Uint8Array(await zip.arrayBuffer()));
}

export async function imageFormat(bytes: Uint8Array): Promise<string | undefined> {
  return (await sharp(bytes).metadata()).format;
}

export interface LocalServer {
  url: string;
  received: { method: string; path: string; contentType?: string; body: Buffer }[];
  close: () => Promise<void>;
}

/** A tiny 127.0.0.1 server: routes map a path to [status, content type, body]; every request is recorded. */
export async function startLocalServer(routes: Record<string, [number, string, Buffer | string]>): Promise<LocalServer> {
  const received: LocalServer['received'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method!, path: req.url!, contentType: req.headers['content-type'], body: Buffer.concat(chunks) });
      const route = routes[req.url!.split('?')[0]!];
      if (!route) {
        res.writeHead(req.method === 'PUT' ? 200 : 404).end();
        return;
      }
      res.writeHead(route[0], { 'Content-Type': route[1] }).end(route[2]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
