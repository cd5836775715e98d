import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadEngine, type PutRequest, type UploadItem, type UploadTransport } from '../../lib/upload-engine';
import { UploadProgress } from './upload-progress';

function items(n: number, size = 100): UploadItem[] {
  return Array.from({ length: n }, (_, i) => ({
    fileName: `f${i}.png`,
    fileKey: `k${i}`,
    uploadUrl: `http://store/f${i}`,
    body: new Blob([new Uint8Array(size)]),
    contentType: 'image/png',
  }));
}

/** PUTs that wait for the test: `progress` and `finish` per file name. */
function heldTransport() {
  const held = new Map<string, { req: PutRequest; finish: () => void }>();
  const transport: UploadTransport = {
    put: (req) => new Promise((resolve) => held.set(req.url.split('/').pop()!, { req, finish: () => resolve({ status: 200 }) })),
  };
  return { transport, held };
}

const row = (name: string) => screen.getAllByTestId('upload-row').find((r) => r.textContent?.includes(name))!;

describe('UploadProgress', () => {
  it('follows the engine: a finished file reads Done at once, the others keep their state, the total reaches 100 %', async () => {
    const { transport, held } = heldTransport();
    const engine = new UploadEngine(items(3), { transport, concurrency: 2, progressIntervalMs: 20 });
    render(<UploadProgress engine={engine} />);
    let run!: Promise<unknown>;
    await act(async () => {
      run = engine.start();
    });
    await waitFor(() => expect(within(row('f0.png')).getByText('Uploading 0%')).toBeInTheDocument(), { timeout: 200 });
    expect(within(row('f2.png')).getByText('Waiting')).toBeInTheDocument();

    await act(async () => held.get('f0')!.finish());
    // Snapshots go out at most every 20 ms here: a finished file shows as Done within that.
    await waitFor(() => expect(within(row('f0.png')).getByText('Done')).toBeInTheDocument(), { timeout: 200 });
    expect(within(row('f1.png')).getByText('Uploading 0%')).toBeInTheDocument();
    expect(screen.getByText(/1 of 3 files uploaded/)).toBeInTheDocument();

    await act(async () => {
      held.get('f1')!.finish();
      await new Promise((r) => setTimeout(r, 0));
      held.get('f2')!.finish();
      await run;
    });
    expect(screen.getAllByText('Done')).toHaveLength(3);
    // A screen reader hears the files and the end, not the figures that change up to ten times a second.
    expect(screen.getByRole('status')).toHaveTextContent(/All 3 files are uploaded\.$/);
    expect(screen.getByText(/3 of 3 files uploaded · 100%/).closest('[aria-live]')).toBeNull();
    expect(screen.getByText(/3 of 3 files uploaded · 100%/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute('value', '1');
    expect(screen.queryByRole('button', { name: 'Cancel all' })).not.toBeInTheDocument();
  });

  it('shows byte progress once the interval passes, and cancels a file from its row', async () => {
    const { transport, held } = heldTransport();
    const engine = new UploadEngine(items(2), { transport, concurrency: 1, progressIntervalMs: 10 });
    render(<UploadProgress engine={engine} />);
    let run!: Promise<unknown>;
    await act(async () => {
      run = engine.start();
    });
    await act(async () => {
      held.get('f0')!.req.onProgress(40);
      await new Promise((r) => setTimeout(r, 30));
    });
    expect(within(row('f0.png')).getByText('Uploading 40%')).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel f1.png' })));
    expect(within(row('f1.png')).getByText('Cancelled')).toBeInTheDocument();
    await act(async () => {
      held.get('f0')!.finish();
      await run;
    });
    expect(within(row('f0.png')).getByText('Done')).toBeInTheDocument();
  });
});
