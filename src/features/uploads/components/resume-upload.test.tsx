import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResumeUpload } from './resume-upload';

afterEach(() => vi.unstubAllGlobals());

function renderResume() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ResumeUpload orderId="ord_1" orderType="antiAi" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ResumeUpload', () => {
  it('lists the files still expected and says which dropped files are not part of the order', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ data: { files: [{ fileId: 'f1', fileName: 'b.png', uploadUrl: 'http://store/b', fileKey: 'k1' }] } }),
      ),
    );
    const { container } = renderResume();
    const expected = await screen.findByRole('list', { name: 'Files still expected' });
    expect(expected).toHaveTextContent('b.png');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const files = [new File(['x'], 'a.png', { type: 'image/png' }), new File(['y'], 'b.png', { type: 'image/png' })];
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText(/Not part of this order \(or already uploaded\), will not be sent: a\.png/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload 1 file(s)' })).toBeEnabled());
    expect(screen.getByRole('list', { name: 'Files still expected' })).toBeEmptyDOMElement();
  });
});
