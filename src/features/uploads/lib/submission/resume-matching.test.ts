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

describe('matchResume across a batch from nested folders', () => {
  // shoot/photo-01.jpg and shoot/raw/photo-01.jpg went into two orders of one batch, the second named "raw - photo-01.jpg".
  const batchManifest: ManifestEntry[] = [
    { fileName: 'photo-01.jpg', fileKey: 'o1-k1', size: 1, sha256: 'top' },
    { fileName: 'raw - photo-01.jpg', fileKey: 'o2-k1', size: 1, sha256: 'raw' },
  ];
  const open = [
    { fileName: 'photo-01.jpg', fileKey: 'o1-k1' },
    { fileName: 'raw - photo-01.jpg', fileKey: 'o2-k1' },
  ];

  it('sends same-named files picked from two folders to the files their content belongs to', () => {
    // Picked loose from each folder: the list numbered the second one's name (resumeNames).
    const result = matchResume(open, batchManifest, [
      { name: 'photo-01.jpg', sha256: 'raw' },
      { name: 'photo-01 (2).jpg', sha256: 'top' },
    ]);
    expect(result).toEqual([
      { kind: 'send', dropped: 'photo-01.jpg', target: open[1], renamed: true },
      { kind: 'send', dropped: 'photo-01 (2).jpg', target: open[0], renamed: true },
    ]);
  });
});
