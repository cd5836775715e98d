import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUpChildren, confirm, startKillableEmulator, tempDir, until, waitForOrder } from './kill-checks';
import { SECOND_ACCOUNT } from './harness';
import { expiresAtOf, fixture, newKey, put } from './orders-helpers';

/**
 * Presigned storage URLs across a kill -9, and the emulator's writes: everything under its data folder
 * (docs/decisions/kill-tests.md). The child runs in a sandbox: its own working folder, TMPDIR and HOME, all of which
 * must stay empty.
 */

afterAll(cleanUpChildren);

/** After the restart: refresh-urls then issues URLs that expire while the test waits. */
const SHORT_TTL_S = 2;

/** Every file under dir (relative paths), skipping nothing. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The same URL with another query (signature, expiry) or another key. */
function withQuery(url: string, from: string): string {
  const target = new URL(url);
  target.search = new URL(from).search;
  return target.toString();
}

function flipSignature(url: string): string {
  const target = new URL(url);
  const signature = target.searchParams.get('X-Amz-Signature')!;
  target.searchParams.set('X-Amz-Signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
  return target.toString();
}

async function putStatus(url: string): Promise<[number, string]> {
  const res = await put(url, fixture('coins.png'));
  return [res.status, res.body?.code];
}

describe('kill -9 and storage', { timeout: 120_000 }, () => {
  it('refuses expired, tampered and cross-account URLs before and after the kill, and writes nothing outside the data folder', async () => {
    const sandbox = tempDir('imprint-kill-sandbox-');
    const folders = Object.fromEntries(['data', 'cwd', 'tmp', 'home'].map((name) => [name, path.join(sandbox, name)])) as Record<string, string>;
    for (const dir of Object.values(folders)) fs.mkdirSync(dir);
    // tsx's own transform cache would land in TMPDIR: it is the test's tooling, not the emulator, so it is off here.
    const env = { TMPDIR: folders.tmp!, HOME: folders.home!, TSX_DISABLE_CACHE: '1' };
    let emu = await startKillableEmulator({ dataDir: folders.data, cwd: folders.cwd, env });
    let token = await emu.login();
    let second = await emu.login(SECOND_ACCOUNT);

    const hostile = ['../../../../tmp/escape.png', '/etc/cron.d/escape.png'];
    const created = await emu.request('POST', '/api/v2/orders/anti-ai', { token, body: { idempotencyKey: newKey(), files: hostile.map((fileName) => ({ fileName })) } });
    expect(created.status, created.text).toBe(200);
    const orderId = created.body.data.orderId as string;
    const [first, pending] = (created.body.data.files as { uploadUrl: string }[]).map((f) => f.uploadUrl) as [string, string];
    const other = await emu.request('POST', '/api/v2/orders/anti-ai', { token: second, body: { idempotencyKey: newKey(), files: [{ fileName: 'b.png' }] } });
    const otherUrl = other.body.data.files[0].uploadUrl as string;

    expect(await putStatus(first)).toEqual([200, undefined]);
    const refusals = async () => {
      expect(await putStatus(flipSignature(pending))).toEqual([403, 'UPLOAD_URL_INVALID']);
      // A later expiry under the old signature.
      const later = new URL(pending);
      later.searchParams.set('X-Amz-Expires', String(Number(later.searchParams.get('X-Amz-Expires')) + 3600));
      expect(await putStatus(later.toString())).toEqual([403, 'UPLOAD_URL_INVALID']);
      // One account's signature on another account's file key.
      expect(await putStatus(withQuery(otherUrl, pending))).toEqual([403, 'UPLOAD_URL_INVALID']);
      expect(await putStatus(withQuery(pending, otherUrl))).toEqual([403, 'UPLOAD_URL_INVALID']);
    };
    await refusals();
    await emu.kill();

    emu = await emu.restart({ cwd: folders.cwd, env: { ...env, EMULATOR_UPLOAD_URL_TTL_S: String(SHORT_TTL_S) } });
    token = await emu.login();
    second = await emu.login(SECOND_ACCOUNT);
    // The signing key is stored, so the restart neither voids good URLs nor lets forged ones in.
    await refusals();
    expect((await emu.request('POST', `/api/v2/orders/${orderId}/refresh-urls`, { token: second })).status).toBe(404);
    const short = (await emu.request('POST', `/api/v2/orders/${orderId}/refresh-urls`, { token })).body.data.files[0].uploadUrl as string;
    const expires = expiresAtOf(short);
    await until(() => Date.now() > expires + 1000, 'the short upload URL to expire', SHORT_TTL_S * 1000 + 5000);
    expect(await putStatus(short)).toEqual([403, 'UPLOAD_URL_EXPIRED']);
    expect(await putStatus(otherUrl)).toEqual([200, undefined]);
    expect(await putStatus(pending)).toEqual([200, undefined]);

    expect((await confirm(emu, token, orderId)).status).toBe(200);
    await waitForOrder(emu, token, orderId);
    const download = (await emu.request('GET', `/api/v2/orders/${orderId}/download`, { token })).body.data.downloadUrl as string;
    expect((await fetch(flipSignature(download))).status).toBe(403);
    const otherDownload = download.replace(orderId, other.body.data.orderId as string);
    expect(((await (await fetch(otherDownload)).json()) as { code: string }).code).toBe('DOWNLOAD_URL_INVALID');
    const zip = unzipSync(new Uint8Array(await (await fetch(download)).arrayBuffer()));
    expect(Object.keys(zip)).toEqual(['escape.png', 'escape (2).png']);
    await emu.kill();

    expect({ cwd: filesUnder(folders.cwd!), tmp: filesUnder(folders.tmp!), home: filesUnder(folders.home!) }).toEqual({ cwd: [], tmp: [], home: [] });
    // Inside the data folder nothing points out of it either (no link, no name climbing up).
    for (const file of filesUnder(folders.data!)) {
      const real = fs.realpathSync(path.join(folders.data!, file));
      expect(real.startsWith(fs.realpathSync(folders.data!) + path.sep), file).toBe(true);
    }
  });
});
