import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { order, type Order } from '@/api/schemas/orders';
import { createSentOrders } from '@/lib/sent-orders';
import { renderWithProviders } from '@/testing/render';
import { serviceCall, signInToService } from '@/testing/service';
import { errorAnswer, fakeService, okAnswer } from '@/testing/service-fake';
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

/**
 * Orders in states a test cannot bring about on the emulator in time (detected, expired, made with an API key…)
 * are answered by a fake that sends only what the service sends; the rest come from the emulator.
 */
function answer(body: Order) {
  fakeService(() => okAnswer(order, body));
}

function renderDetail(initialEntry: string | { pathname: string; state: unknown } = '/orders/ord_1', orderId = 'ord_1') {
  return renderWithProviders(<OrderDetail orderId={orderId} pendingSlot={() => <p>resume slot</p>} />, { route: initialEntry });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('OrderDetail', () => {
  it('shows the extracted watermark text and a download for a detected order', async () => {
    answer(base);
    renderDetail();
    expect(await screen.findByText('owned by ACME')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download results (ZIP)' })).toBeInTheDocument();
    expect(screen.queryByText('This page updates by itself.')).not.toBeInTheDocument();
  });

  it('says no watermark was found for an undetected order', async () => {
    answer({ ...base, status: 'undetected', watermarkText: null });
    renderDetail();
    expect(await screen.findByText('No watermark found in this file.')).toBeInTheDocument();
  });

  it('explains expiry and offers no download for an expired order', async () => {
    answer({ ...base, status: 'expired' });
    renderDetail();
    expect(await screen.findByText(/Orders expire 7 days after creation; the files can no longer be downloaded\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('shows the resume slot for a pending order and says it updates itself', async () => {
    await signInToService();
    const { orderId } = await serviceCall<{ orderId: string }>('POST', '/api/v2/orders/anti-ai', {
      idempotencyKey: crypto.randomUUID(),
      files: [{ fileName: 'a.png' }],
    });
    renderDetail(`/orders/${orderId}`, orderId);
    expect(await screen.findByText('resume slot')).toBeInTheDocument();
    expect(screen.getByText('This page updates by itself.')).toBeInTheDocument();
  });

  it('shows a designed not-found state for ORDER_NOT_FOUND', async () => {
    await signInToService();
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows other errors with a retry', async () => {
    fakeService(() => errorAnswer('SERVER_INTERNAL_ERROR'));
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('INTERNAL_ERROR');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('links back to the orders list with the filters it came from', async () => {
    answer(base);
    renderDetail({ pathname: '/orders/ord_1', state: { fromList: '?status=failed&type=antiAi' } });
    expect(await screen.findByRole('link', { name: 'Back to the filtered orders' })).toHaveAttribute('href', '/orders?status=failed&type=antiAi');
  });

  it('links back to the plain list when opened directly', async () => {
    answer(base);
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/orders');
  });

  it('lists the files, strength and before/after of an anti-AI order this browser created', async () => {
    createSentOrders(window.localStorage).save('ord_1', {
      type: 'antiAi',
      files: [{ fileName: 'cat.png' }, { fileName: 'dog.jpg', url: 'https://img.example/dog.jpg' }],
      strength: 'standard',
      zeroCopy: false,
      before: 'data:image/jpeg;base64,AAAA',
    });
    answer({ ...base, type: 'antiAi', status: 'complete', fileCount: 2, watermarkText: null, thumbnailImageUrl: 'https://store.example/t.jpg' });
    renderDetail();
    const files = await screen.findByRole('table', { name: 'Files of this order' });
    expect(within(files).getAllByRole('row')).toHaveLength(3);
    expect(files).toHaveTextContent('cat.png');
    expect(files).toHaveTextContent('Fetched by the service from img.example');
    expect(within(files).getAllByText('Complete')).toHaveLength(2);
    expect(screen.getByText('Standard')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'cat.png before processing' })).toHaveAttribute('src', 'data:image/jpeg;base64,AAAA');
    expect(screen.getByRole('img', { name: 'Thumbnail of cat.png after processing' })).toHaveAttribute('src', 'https://store.example/t.jpg');
  });

  it('says what the service does not report for an order made elsewhere', async () => {
    answer({ ...base, type: 'antiAi', channel: 'api', status: 'complete', fileCount: 3, watermarkText: null });
    renderDetail();
    expect(await screen.findByText(/The service does not report file names/)).toHaveTextContent('(with an API key)');
    expect(screen.getByText('3 files; the service reports one state for the whole order:')).toBeInTheDocument();
    expect(screen.getByText(/made with an API key/)).toBeInTheDocument();
    expect(screen.getAllByText(/Not reported by the service/).length).toBeGreaterThan(0);
  });

  it('shows the texts of an embed order as the options used', async () => {
    answer({ ...base, type: 'watermarkEmbed', status: 'complete', watermarkText: null, watermarks: ['owner: ACME', 'id 42'] });
    renderDetail();
    const options = await screen.findByRole('region', { name: 'Options used' });
    expect(within(options).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['owner: ACME', 'id 42']);
  });
});
