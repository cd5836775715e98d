import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { FileCheckResult } from '../../lib/files/file-check';
import type * as FileCheckerModule from '../../lib/files/file-checker';
import { AntiAiForm } from './anti-ai-form';

// Checks answer only when the test says so, like a slow worker on a big file.
const answers = new Map<string, (result: FileCheckResult) => void>();
vi.mock('../../lib/files/file-checker', async (original) => {
  const actual = await original<typeof FileCheckerModule>();
  const checker = actual.createFileChecker((file: File) => new Promise<FileCheckResult>((resolve) => answers.set(file.name, resolve)));
  return { ...actual, fileChecker: () => checker };
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

describe('AntiAiForm file checks', () => {
  it('keeps "Create order" disabled with the reason until every file is checked', async () => {
    const { container } = renderWithProviders(<AntiAiForm />, { route: '/' });
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })];
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files } });
    expect(await screen.findAllByText('Checking…')).toHaveLength(2);
    const button = screen.getByRole('button', { name: 'Create order' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Checking 2 files…');

    await act(async () => answers.get('a.png')!({ ok: true, sha256: 'h1' }));
    expect(button).toHaveAccessibleDescription('Checking 1 file…');
    await act(async () => answers.get('b.png')!({ ok: false, reason: { kind: 'truncated', format: 'png' } }));

    expect(button).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('b.png: the PNG is cut off (its IEND end chunk is missing)');
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('Checked: the image decodes');
    expect(screen.queryByText('Checking…')).not.toBeInTheDocument();
  });
});
