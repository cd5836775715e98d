import { existsSync } from 'node:fs';

/**
 * Errors that mean "the disk cannot take this now" (full, over quota, read-only, failing), from the file system or
 * from SQLite. They are the machine's fault, not the request's, and pass when space comes back. Constant sets (never
 * changed): no state of any emulator.
 */
const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const UNAVAILABLE = new Set(['EROFS', 'EIO', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN']);

export type StorageFault = 'full' | 'unavailable';

export function storageFaultOf(error: unknown): StorageFault | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code ?? '');
    if (FULL.has(code)) return 'full';
    if (UNAVAILABLE.has(code) || code.startsWith('SQLITE_IOERR')) return 'unavailable';
  }
  return null;
}

/**
 * Test-only fault (EMULATOR_FAULT_DISK_FULL_FLAG): while the named file exists, every file write fails with ENOSPC,
 * as on a full disk. A flag file rather than a setting, so a test can fill and free the "disk" of a running emulator,
 * in-process or in a child process. Unset in normal use.
 */
export function assertDiskHasRoom(): void {
  const flag = process.env.EMULATOR_FAULT_DISK_FULL_FLAG;
  if (flag && existsSync(flag)) {
    throw Object.assign(new Error('ENOSPC: no space left on device (injected by EMULATOR_FAULT_DISK_FULL_FLAG)'), { code: 'ENOSPC' });
  }
}
