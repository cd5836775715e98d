import { describe, expect, it } from 'vitest';
import { matchResume } from './resume-matching';
import type { ManifestEntry } from './upload-manifest';

const manifest: ManifestEntry[] = [
  { fileName: 'sunset.png', fileKey: 'k1', size: 1, sha256: 'h1' },
  { fileName: 'beach.png', fileKey: 'k2', size: 1, sha256: 'h2' },
  { fileName: 'dunes.png', fileKey: 'k3', size: 1, sha256: 'h3' },
];
// beach.png is already up: the service expects the other two.
const expected = [
  { fileName: 'sunset.png', fileKey: 'k1' },
  { fileName: 'dunes.png', fileKey: 'k3' },
];

describe('matchResume', () => {
  it('recognises renamed files by content and skips what is already uploaded', () => {
    const result = matchResume(expected, manifest, [
      { name: 'photo-1.png', sha256: 'h1' },
      { name: 'beach.png', sha256: 'h2' },
      { name: 'photo-3.png', sha256: 'h3' },
    ]);
    expect(result).toEqual([
      { kind: 'send', dropped: 'photo-1.png', target: expected[0], renamed: true },
      { kind: 'uploaded', dropped: 'beach.png', as: 'beach.png' },
      { kind: 'send', dropped: 'photo-3.png', target: expected[1], renamed: true },
    ]);
  });

  it('prefers content over name when a renamed file takes another file’s name', () => {
    // dunes.png now holds the bytes of sunset.png: it is sent as sunset.png, not as dunes.png.
    const result = matchResume(expected, manifest, [{ name: 'dunes.png', sha256: 'h1' }]);
    expect(result).toEqual([{ kind: 'send', dropped: 'dunes.png', target: expected[0], renamed: true }]);
  });

  it('refuses a file named as an expected one but with other content than at creation', () => {
    expect(matchResume(expected, manifest, [{ name: 'sunset.png', sha256: 'edited' }])).toEqual([
      { kind: 'different', dropped: 'sunset.png', as: 'sunset.png' },
    ]);
  });

  it('matches by exact name when the order was created elsewhere (no manifest)', () => {
    expect(
      matchResume(expected, null, [
        { name: 'sunset.png', sha256: 'x' },
        { name: 'other.png', sha256: 'y' },
      ]),
    ).toEqual([
      { kind: 'send', dropped: 'sunset.png', target: expected[0], renamed: false },
      { kind: 'unknown', dropped: 'other.png' },
    ]);
  });
});
