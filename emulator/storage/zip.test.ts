import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildZip } from './zip';

const bytes = (n: number) => new Uint8Array([n]);

describe('buildZip', () => {
  it('names entries by unique base names only, whatever names were stored (ZIP slip)', () => {
    const zip = buildZip([
      { name: '../../../../tmp/x.png', bytes: bytes(1) },
      { name: '/etc/cron.d/x.png', bytes: bytes(2) },
      { name: 'C:\\evil\\x.png', bytes: bytes(3) },
      { name: '..\\..\\.bashrc.png', bytes: bytes(4) },
      { name: 'constructor', bytes: bytes(5) },
      { name: '../', bytes: bytes(6) },
    ]);
    const entries = unzipSync(zip);
    expect(Object.keys(entries)).toEqual(['x.png', 'x (2).png', 'x (3).png', 'bashrc.png', 'constructor', 'file']);
    expect(entries['x (3).png']).toEqual(bytes(3));
  });
});
