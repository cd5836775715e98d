import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileCheckResult } from '../lib/file-check';
import { FileList } from './file-list';

const made: Blob[] = [];
beforeEach(() => {
  made.length = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    made.push(blob);
    return `blob:${made.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});

const photo = new File(['big'], 'photo.png', { type: 'image/png' });

describe('FileList thumbnails', () => {
  it('shows an icon while the file is checked, then the small preview the check drew, never the full-size file', () => {
    const results = new Map<File, FileCheckResult>();
    const { container, rerender } = render(<FileList files={[photo]} results={results} onRemove={() => {}} />);
    expect(container.querySelector('img')).toBeNull();

    const preview = new Blob(['small'], { type: 'image/webp' });
    rerender(<FileList files={[photo]} results={new Map([[photo, { ok: true, sha256: 'h', preview }]])} onRemove={() => {}} />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(made).toEqual([preview]);
    expect(img.getAttribute('src')).toBe('blob:1');
  });

  it('falls back to the file when the check could draw no preview, and to the icon for a format the browser cannot show', () => {
    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    const results = new Map<File, FileCheckResult>([
      [photo, { ok: true, sha256: 'h1' }],
      [pdf, { ok: true, sha256: 'h2', note: { kind: 'structureOnly', format: 'PDF' } }],
    ]);
    const { container } = render(<FileList files={[photo, pdf]} results={results} onRemove={() => {}} />);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(made).toEqual([photo]);
  });
});
