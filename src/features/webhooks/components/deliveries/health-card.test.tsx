import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listEventsResponse, type DeliveryEvent } from '@/api/schemas/webhooks';
import { renderWithProviders } from '@/testing/render';
import { serviceCall, signInToService, withoutEmulatorNamespace } from '@/testing/service';
import { errorAnswer, fakeService, okAnswer } from '@/testing/service-fake';
import { useDeliveries } from '../../api/get-deliveries';
import { WebhookHealthCard, WebhookHealthCell } from './health-card';

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

/**
 * A real service whose events listing answers (or fails with a 500); nothing under /_emulator exists. Deliveries
 * in given states at given times cannot be made on the emulator in a test: faked, in the service's shapes.
 */
function realService(events: DeliveryEvent[], eventsFail = false) {
  return fakeService((url) => {
    if (url.pathname.endsWith('/events')) {
      return eventsFail
        ? errorAnswer('SERVER_INTERNAL_ERROR')
        : okAnswer(listEventsResponse, { events, pagination: { page: 1, limit: 100, total: events.length, totalPages: 1 } });
    }
    return errorAnswer('RESOURCE_NOT_FOUND');
  });
}

function renderWith(ui: ReactElement) {
  return renderWithProviders(ui, { route: '/' });
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
    // A new webhook on the emulator, seen as a real service sees it.
    await signInToService();
    const { id } = await serviceCall<{ id: number }>('POST', '/api/v2/orders/webhooks', { name: 'ERP', url: 'https://erp.example.com/hook' });
    withoutEmulatorNamespace();
    renderWith(<WebhookHealthCell webhookId={id} />);
    expect(await screen.findByText('No deliveries yet')).toBeInTheDocument();
  });

  it('shows the error with a retry when the events cannot be read', async () => {
    realService([], true);
    renderWith(<Card webhookId={7} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Could not compute the webhook's health");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
