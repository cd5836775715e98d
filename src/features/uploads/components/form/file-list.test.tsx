import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileCheckResult } from '../../lib/files/file-check';
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

describe('FileList rows', () => {
  it('re-renders only the row whose check changed when the form keeps its render function', () => {
    const files = ['a.png', 'b.png', 'c.png'].map((n) => new File(['x'], n, { type: 'image/png' }));
    const renderExtra = vi.fn((file: File, _index: number) => <span>{file.name} texts</span>);
    const onRemove = () => {};
    const { rerender } = render(<FileList files={files} results={new Map()} onRemove={onRemove} renderExtra={renderExtra} />);
    expect(renderExtra).toHaveBeenCalledTimes(3);
    renderExtra.mockClear();
    rerender(<FileList files={files} results={new Map([[files[1]!, { ok: true, sha256: 'h' }]])} onRemove={onRemove} renderExtra={renderExtra} />);
    expect(renderExtra.mock.calls.map(([file, index]) => [file.name, index])).toEqual([['b.png', 1]]);
  });

  it('windows a batch-sized list: a few rows exist, each telling its place in the whole list, with its folder', async () => {
    const files = Array.from({ length: 250 }, (_, i) => {
      const file = new File(['x'], `img-${i}.png`, { type: 'image/png' });
      Object.defineProperty(file, 'relativePath', { value: `./shoot/day 1/img-${i}.png` });
      return file;
    });
    // jsdom has no layout: give the scrolling box the size a browser would (react-virtual reads clientHeight).
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(512);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    const { findAllByRole } = render(<FileList files={files} onRemove={() => {}} />);
    // The windowed list is its own module, loaded when a list first passes one order's files.
    const rows = await findAllByRole('listitem');
    height.mockRestore();
    width.mockRestore();
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(rows[0]).toHaveAttribute('aria-setsize', '250');
    expect(rows[0]).toHaveTextContent('in shoot/day 1');
  });
});
