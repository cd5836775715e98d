import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import { useDeliveries } from '../api/webhook-health-api';
import { WebhookHealthCard, WebhookHealthCell } from './webhook-health';

/** The detail page passes the deliveries it shares with the events table. */
function Card({ webhookId }: { webhookId: number }) {
  return <WebhookHealthCard deliveries={useDeliveries(webhookId)} />;
}

const event = (id: number, status: DeliveryEvent['status']): DeliveryEvent => ({
  id,
  eventId: `evt-${id}`,
  eventType: 'order.antiAi.completed',
  status,
  retries: status === 'FAILED' ? 3 : 0,
  lastSentAt: new Date().toISOString(),
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A real service: the events listing answers (or fails with `eventsStatus`); nothing under /_emulator exists. */
function realService(events: DeliveryEvent[], eventsStatus = 200) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/events')) {
      return eventsStatus === 200
        ? json({ data: { events, pagination: { page: 1, limit: 100, total: events.length, totalPages: 1 } } })
        : json({ code: 'SERVER_INTERNAL_ERROR' }, eventsStatus);
    }
    return json({ code: 'RESOURCE_NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('webhook health against a real service', { timeout: 20_000 }, () => {
  it('flags a webhook whose deliveries all failed, with counts and no latency line', async () => {
    const fetch = realService([event(1, 'FAILED'), event(2, 'FAILED'), event(3, 'RETRYING')]);
    renderWith(<Card webhookId={7} />);
    const card = await screen.findByRole('region', { name: 'Health' });
    expect(await within(card).findByText('Failing')).toBeInTheDocument();
    expect(card).toHaveTextContent('0 % (0 sent of 2 finished)');
    expect(card).toHaveTextContent('Failures in the last 24 hours2')
    expect(card).toHaveTextContent('not counted: 1 still being delivered');
    expect(card).not.toHaveTextContent('latency');
    // Never asked for attempts: the emulator check said "not the emulator".
    expect(fetch.mock.calls.map(([url]) => String(url)).some((url) => url.includes('/attempts'))).toBe(false);
  });

  it('says "No deliveries yet" for a webhook without events', async () => {
    realService([]);
    renderWith(<WebhookHealthCell webhookId={7} />);
    expect(await screen.findByText('No deliveries yet')).toBeInTheDocument();
  });

  it('shows the error with a retry when the events cannot be read', async () => {
    realService([], 500);
    renderWith(<Card webhookId={7} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Could not compute the webhook's health");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
