import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CreateAntiAiResponse } from '@/api/schemas/orders';
import { renderWithProviders } from '@/testing/render';
import { serviceCall, signInToService } from '@/testing/service';
import { makeSubmissionKeys } from '../../lib/submission/idempotent-submission';
import { uploadBatches, type BatchOrderRecord } from '../../lib/batch/batch-store';
import { BatchOrders } from './batch-orders';

let orderIds: string[];

beforeEach(async () => {
  // Two orders on the service whose files were never sent: they stay pending until someone resumes them.
  await signInToService();
  orderIds = [];
  for (const name of ['Shoot 1/2', 'Shoot 2/2']) {
    const order = await serviceCall<CreateAntiAiResponse>('POST', '/api/v2/orders/anti-ai', {
      idempotencyKey: crypto.randomUUID(),
      orderName: name,
      files: [{ fileName: 'a.png' }],
    });
    orderIds.push(order.orderId);
  }
});
afterEach(() => window.localStorage.clear());

function renderBatch(uploaded: boolean[]) {
  const orders: BatchOrderRecord[] = orderIds.map((orderId, i) => ({ name: `Shoot ${i + 1}/2`, fileCount: 1, keys: makeSubmissionKeys(), orderId, uploaded: uploaded[i] }));
  uploadBatches().save({ batchId: 'b1', name: 'Shoot', savedAt: Date.now(), orders });
  return renderWithProviders(<BatchOrders batchId="b1" renderStatus={(status) => status} />, { route: '/' });
}

describe('BatchOrders', () => {
  it('says the orders wait for their files, and promises no live updates, when this browser did not finish sending them', async () => {
    renderBatch([false, false]);
    const summary = screen.getByTestId('batch-summary');
    await waitFor(() => expect(screen.getAllByText('Waits for its files: finish below')).toHaveLength(2));
    expect(summary).toHaveTextContent('0 of 2 orders finished · 2 orders wait for their files: finish their uploads below, on this page');
    expect(summary).not.toHaveTextContent('updating live');
    // The batch is finished here, from one drop, not from each order's page.
    const resume = await screen.findByRole('region', { name: "Finish this batch's uploads" });
    expect(resume).toHaveTextContent('The orders below still wait for 2 files.');
    expect(screen.getByRole('button', { name: 'Choose a folder' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Resume the upload' })).toBeNull();
  });

  it('updates live while an order whose files are all up is still on its way', async () => {
    renderBatch([true, false]);
    await waitFor(() => expect(screen.queryAllByText('pending')).toHaveLength(2));
    expect(screen.getAllByText('Waits for its files: finish below')).toHaveLength(1);
    expect(screen.getByTestId('batch-summary')).toHaveTextContent('0 of 2 orders finished · updating live · 1 order waits for its files: finish its upload below, on this page');
  });
});
