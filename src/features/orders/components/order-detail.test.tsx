import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/api/schemas/orders';
import { OrderDetail } from './order-detail';

const base: Order = {
  orderId: 'ord_1',
  orderName: 'Holiday photos',
  type: 'watermarkExtract',
  channel: 'web',
  status: 'detected',
  fileCount: 1,
  thumbnailImageUrl: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:05.000Z',
  errors: null,
  watermarks: null,
  watermarkText: 'owned by ACME',
};

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
}

function renderDetail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderDetail orderId="ord_1" pendingSlot={() => <p>resume slot</p>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('OrderDetail', () => {
  it('shows the extracted watermark text and a download for a detected order', async () => {
    answer(200, { data: base });
    renderDetail();
    expect(await screen.findByText('owned by ACME')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download results (ZIP)' })).toBeInTheDocument();
    expect(screen.queryByText('This page updates by itself.')).not.toBeInTheDocument();
  });

  it('says no watermark was found for an undetected order', async () => {
    answer(200, { data: { ...base, status: 'undetected', watermarkText: null } });
    renderDetail();
    expect(await screen.findByText('No watermark found in this file.')).toBeInTheDocument();
  });

  it('explains expiry and offers no download for an expired order', async () => {
    answer(200, { data: { ...base, status: 'expired' } });
    renderDetail();
    expect(await screen.findByText(/Orders expire 7 days after creation; the files can no longer be downloaded\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('shows the resume slot for a pending order and says it updates itself', async () => {
    answer(200, { data: { ...base, type: 'antiAi', status: 'pending', watermarkText: null } });
    renderDetail();
    expect(await screen.findByText('resume slot')).toBeInTheDocument();
    expect(screen.getByText('This page updates by itself.')).toBeInTheDocument();
  });

  it('shows a designed not-found state for ORDER_NOT_FOUND', async () => {
    answer(404, { code: 'ORDER_NOT_FOUND', message: 'no such order' });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows other errors with a retry', async () => {
    answer(500, { code: 'INTERNAL_ERROR', message: 'boom' });
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('INTERNAL_ERROR');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
