/**
 * bench:relay's dashboard server, alone in its own process so that its resident memory is its own: serves an empty
 * build and relays to the storage origin given. Prints "relay dashboard on <url>" once listening.
 *
 *   tsx bench/support/relay-dashboard.ts <emulator URL> <storage origin>
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDashboardForEmulator } from '../../scripts/stack/stack';

const [apiTarget, storageOrigin] = process.argv.slice(2);
if (!apiTarget || !storageOrigin) throw new Error('usage: relay-dashboard.ts <emulator URL> <storage origin>');
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-relay-bench-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>bench</title></head></html>');
// The storage origin given is the only one allowed (the emulator's own origin is not storage here).
const dashboard = await startDashboardForEmulator(apiTarget, { distDir, storageOrigins: [storageOrigin], allowEmulatorStorage: false, uploadRelay: 'always' });
console.log(`relay dashboard on ${dashboard.url}`);
process.on('SIGTERM', () => {
  void dashboard.close().then(() => {
    fs.rmSync(distDir, { recursive: true, force: true });
    process.exit(0);
  });
});
