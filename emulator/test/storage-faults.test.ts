import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestEmulator } from './harness';

describe('temp files', () => {
  it('sweeps .part files left by a crash or a full disk at start, and nothing else', async () => {
    let emu = await startTestEmulator();
    const tmp = path.join(emu.dataDir, 'files', 'tmp');
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, '123-abc.part'), Buffer.alloc(4096));
    fs.writeFileSync(path.join(tmp, 'notes.txt'), 'kept');
    emu = await emu.restart();
    try {
      expect(fs.readdirSync(tmp)).toEqual(['notes.txt']);
    } finally {
      await emu.close();
    }
  });
});
