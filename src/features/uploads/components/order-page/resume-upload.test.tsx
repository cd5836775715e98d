import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateAntiAiResponse } from '@/api/schemas/orders';
import type { IssuedUpload } from '../../lib/upload-engine';
import { renderWithProviders } from '@/testing/render';
import { serviceCall, signInToService } from '@/testing/service';
import type * as FileCheckerModule from '../../lib/files/file-checker';
import { createManifestStore } from '../../lib/submission/upload-manifest';
import { ResumeUpload } from './resume-upload';

// The worker does not run in jsdom: the "hash" is the file's text, and "bad" files are refused.
vi.mock('../../lib/files/file-checker', async (original) => {
  const actual = await original<typeof FileCheckerModule>();
  const checker = actual.createFileChecker(async (file: File) => {
    const text = await file.text();
    return text === 'bad' ? { ok: false, reason: { kind: 'truncated', format: 'png' } as const } : { ok: true, sha256: `sha-${text}` };
  });
  return { ...actual, fileChecker: () => checker };
});

let orderId: string;
let keys: Record<string, string>;

beforeEach(async () => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  // An order on the service of which sunset.png and dunes.png are still expected; beach.png is up.
  await signInToService();
  const order = await serviceCall<CreateAntiAiResponse>('POST', '/api/v2/orders/anti-ai', {
    idempotencyKey: crypto.randomUUID(),
    files: [{ fileName: 'sunset.png' }, { fileName: 'beach.png' }, { fileName: 'dunes.png' }],
  });
  orderId = order.orderId;
  const files = order.files as IssuedUpload[];
  keys = Object.fromEntries(files.map((file) => [file.fileName, file.fileKey]));
  const beach = files.find((file) => file.fileName === 'beach.png')!;
  const put = await fetch(beach.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array([2]) });
  expect(put.status).toBeLessThan(300);
});
afterEach(() => {
  window.localStorage.clear();
});

function renderResume() {
  return renderWithProviders(<ResumeUpload orderId={orderId} orderType="antiAi" />, { route: '/' });
}

const png = (content: string, name: string) => new File([content], name, { type: 'image/png' });

function drop(container: HTMLElement, files: File[]) {
  fireEvent.change(container.querySelector('input[type=file]')!, { target: { files } });
}

describe('ResumeUpload', () => {
  it('without a manifest matches by name and says which dropped files are not part of the order', async () => {
    const { container } = renderResume();
    expect(await screen.findByRole('list', { name: 'Files still expected' })).toHaveTextContent('sunset.pngdunes.png');
    drop(container, [png('a', 'a.png'), png('s', 'sunset.png')]);
    expect(await screen.findByText('a.png: not part of this order (or already uploaded), not sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled());
    expect(screen.getByRole('list', { name: 'Files still expected' })).toHaveTextContent(/^dunes\.png$/);
  });

  it('with the manifest of this browser recognises renamed files by content and skips uploaded ones', async () => {
    createManifestStore(window.localStorage).save(orderId, [
      { fileName: 'sunset.png', fileKey: keys['sunset.png']!, size: 1, sha256: 'sha-1' },
      { fileName: 'beach.png', fileKey: keys['beach.png']!, size: 1, sha256: 'sha-2' },
      { fileName: 'dunes.png', fileKey: keys['dunes.png']!, size: 1, sha256: 'sha-3' },
    ]);
    const { container } = renderResume();
    await screen.findByRole('list', { name: 'Files still expected' });
    drop(container, [png('1', 'photo-1.png'), png('2', 'beach.png'), png('3', 'photo-3.png')]);
    expect(await screen.findByText('photo-1.png is sunset.png (renamed)')).toBeInTheDocument();
    expect(screen.getByText('photo-3.png is dunes.png (renamed)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Files not sent' })).toHaveTextContent('beach.png: already uploaded, skipped');
    expect(screen.getByRole('button', { name: 'Upload 2 files' })).toBeEnabled();
    expect(screen.getByRole('list', { name: 'Files still expected' })).toBeEmptyDOMElement();
  });

  it('refuses a damaged file and a second copy of the same content, with their reasons', async () => {
    const { container } = renderResume();
    await screen.findByRole('list', { name: 'Files still expected' });
    drop(container, [png('s', 'sunset.png'), png('bad', 'dunes.png'), png('s', 'copy.png')]);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('dunes.png: the PNG is cut off (its IEND end chunk is missing)'));
    await waitFor(() => expect(alert).toHaveTextContent('copy.png: same content as sunset.png'));
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled();
  });
});
