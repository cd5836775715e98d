import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hmacSha256Hex } from '../lib/hmac';
import { SignatureChecker } from './signature-checker';

const SECRET = 'whsec_unit';
const HOOK = { id: 3, name: 'ERP', url: 'https://erp.example.com/hook', secret: SECRET, isActive: true, createdAt: '2026-11-23T10:00:00Z', updatedAt: '2026-11-23T10:00:00Z' };
const SIGNED = '{"eventType":"order.antiAi.completed","data":{"orderId":"o1","orderName":"Café"}}';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A real service: the webhook answers, the emulator's delivery log does not exist. */
function realService() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/_emulator/')) return json({ code: 'RESOURCE_NOT_FOUND' }, 404);
      if (/\/orders\/webhooks\/3$/.test(url)) return json({ data: HOOK });
      return json({ data: { webhooks: [HOOK], pagination: { page: 1, limit: 100, total: 1, totalPages: 1 } } });
    }),
  );
}

function renderChecker(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SignatureChecker />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SignatureChecker body diff against a real service', { timeout: 20_000 }, () => {
  it('says the signed body cannot be loaded, diffs pasted bodies and points the mismatch at the diff', async () => {
    realService();
    renderChecker('/webhooks/signature-checker?webhookId=3&eventId=9');
    expect(await screen.findByText(/Could not load the body signed for delivery event 9/)).toBeInTheDocument();
    // The webhook from the URL is preselected, so its secret is filled in.
    expect(await screen.findByDisplayValue(SECRET)).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Body that was signed' }), { target: { value: SIGNED } });
    fireEvent.change(screen.getByLabelText('Raw body (exactly as received)'), { target: { value: SIGNED.replace('é', '\\u00e9') } });
    expect(await screen.findByText('Non-ASCII characters were escaped')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('X-Service-Signature'), { target: { value: await hmacSha256Hex(SECRET, SIGNED) } });
    await userEvent.click(screen.getByRole('button', { name: 'Check signature' }));
    expect(await screen.findByText('✕ Signature does not match')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'how the bodies differ' })).toHaveAttribute('href', '#body-diff');

    fireEvent.change(screen.getByLabelText('Raw body (exactly as received)'), { target: { value: SIGNED } });
    expect(await screen.findByText('Identical')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check signature' }));
    expect(await screen.findByText('✓ Signature matches')).toBeInTheDocument();
  });

  it('without parameters, asks for the signed body when the signature does not match', async () => {
    realService();
    renderChecker('/webhooks/signature-checker');
    fireEvent.change(screen.getByLabelText('Secret'), { target: { value: SECRET } });
    fireEvent.change(screen.getByLabelText('Raw body (exactly as received)'), { target: { value: SIGNED } });
    fireEvent.change(screen.getByLabelText('X-Service-Signature'), { target: { value: 'deadbeef' } });
    await userEvent.click(screen.getByRole('button', { name: 'Check signature' }));
    expect(await screen.findByText('✕ Signature does not match')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'body that was signed' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load the body signed/)).not.toBeInTheDocument();
  });
});
