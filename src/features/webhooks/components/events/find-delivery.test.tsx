import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listEventsResponse, type DeliveryEvent } from '@/api/schemas/webhooks';
import { renderWithProviders } from '@/testing/render';
import { errorAnswer, fakeService, okAnswer } from '@/testing/service-fake';
import { FindDelivery } from './find-delivery';

const uuid = (id: number) => `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
const event = (id: number): DeliveryEvent => ({
  id,
  eventId: uuid(id),
  eventType: 'order.antiAi.completed',
  status: 'SENT',
  retries: 0,
  lastSentAt: null,
  createdAt: new Date(Date.UTC(2026, 10, 1) + id * 60_000).toISOString(),
});

/** A real service (no emulator) with `total` events; pages listed in `stall` never answer. */
function service(total: number, stall: number[] = []) {
  const all = Array.from({ length: total }, (_, i) => event(total - i));
  const pages: number[] = [];
  fakeService((url) => {
    if (!url.pathname.endsWith('/events')) return errorAnswer('RESOURCE_NOT_FOUND');
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    pages.push(page);
    if (stall.includes(page)) return new Promise<Response>(() => {});
    return okAnswer(listEventsResponse, { events: all.slice((page - 1) * limit, page * limit), pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } });
  });
  return pages;
}

afterEach(() => vi.unstubAllGlobals());

describe('FindDelivery', { timeout: 20_000 }, () => {
  it('finds an event on page 3 and reads no further', async () => {
    const pages = service(500);
    renderWithProviders(<FindDelivery webhookId={3} />, { route: '/' });
    await userEvent.type(screen.getByLabelText('Event id or order id'), uuid(250));
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Found 1 delivery in 300 events read.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('found-event')).toHaveTextContent(uuid(250));
    expect(pages).toEqual([1, 2, 3]);
  });

  it('says in how many events it looked when the id is nowhere', async () => {
    service(150);
    renderWithProviders(<FindDelivery webhookId={3} />, { route: '/' });
    await userEvent.type(screen.getByLabelText('Event id or order id'), uuid(999));
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Not found in 150 events: no delivery of this webhook has that event id.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows the page it reads and stops when cancelled', async () => {
    const pages = service(500, [2]);
    renderWithProviders(<FindDelivery webhookId={3} />, { route: '/' });
    await userEvent.type(screen.getByLabelText('Event id or order id'), uuid(1));
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Searching page 2 of 5…', {}, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Search stopped after 100 events; the delivery was not among them.')).toBeInTheDocument();
    expect(pages).toEqual([1, 2]);
  });

  it('asks for an id before searching', async () => {
    const pages = service(10);
    renderWithProviders(<FindDelivery webhookId={3} />, { route: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Enter an event id or an order id.')).toBeInTheDocument();
    expect(pages).toEqual([]);
  });
});
