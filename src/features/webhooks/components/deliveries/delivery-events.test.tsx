import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listEventsResponse, type DeliveryEvent } from '@/api/schemas/webhooks';
import { renderWithProviders } from '@/testing/render';
import { errorAnswer, fakeService, okAnswer } from '@/testing/service-fake';
import { useDeliveries } from '../../api/get-deliveries';
import { DeliveryEvents } from './delivery-events';

/** The detail page passes the deliveries it shares with the health card. */
function Events() {
  const deliveries = useDeliveries(3);
  return <DeliveryEvents webhookId={3} deliveries={deliveries} onRefresh={deliveries.refetch} refreshing={false} />;
}

const CREATED = '2026-11-23T10:02:00.000Z';
const at = (s: number) => new Date(Date.parse(CREATED) + s * 1000).toISOString();
const event = (id: number, overrides: Partial<DeliveryEvent>): DeliveryEvent => ({
  id,
  eventId: `evt-${id}-0000-0000`,
  eventType: 'order.antiAi.completed',
  status: 'FAILED',
  retries: 3,
  lastSentAt: at(22),
  createdAt: CREATED,
  ...overrides,
});

/**
 * A real service: no /_emulator namespace, so no attempts; only the events list answers. The diagnosis reads
 * delivery timings of several seconds, which the emulator cannot be made to produce in a test: faked, in the
 * service's shapes (an unknown route is the service's `{ code }` 404).
 */
function realService(events: DeliveryEvent[]) {
  fakeService((url) =>
    url.pathname.endsWith('/events')
      ? okAnswer(listEventsResponse, { events, pagination: { page: 1, limit: 20, total: events.length, totalPages: 1 } })
      : errorAnswer('RESOURCE_NOT_FOUND'),
  );
}

function renderEvents() {
  return renderWithProviders(<Events />, { route: '/' });
}

afterEach(() => vi.unstubAllGlobals());

// jsdom on a shared machine renders slowly; the waits are generous, never timed assertions.
describe('DeliveryEvents diagnosis against a real service', { timeout: 20_000 }, () => {
  it('judges from timing, says how sure it is, and groups by cause', async () => {
    realService([
      event(3, { createdAt: at(60), lastSentAt: at(60 + 7.1) }),
      event(2, { createdAt: at(30), lastSentAt: at(30 + 22) }),
      event(1, {}),
      event(4, { status: 'SENT', retries: 0, lastSentAt: at(1) }),
    ]);
    renderEvents();
    const panel = await screen.findByRole('region', { name: 'Why deliveries fail' }, { timeout: 10_000 });
    expect(panel).toHaveTextContent('3 failed or retrying deliveries in the last 4 events.');
    const groups = within(panel).getAllByTestId('failure-group');
    expect(groups.map((g) => g.textContent)).toEqual([
      expect.stringMatching(/^2 timeouts since .+ — Probably a timeout: each attempt seems to have waited the full 5 s/),
      expect.stringMatching(/^1 failure of unknown cause since .+ — Cause unknown: the service does not say why a delivery failed/),
    ]);
    const causes = screen.getAllByTestId('event-cause').map((c) => c.textContent);
    expect(causes).toEqual([
      'Cause unknown: the service does not say why a delivery failed',
      'Probably a timeout: each attempt seems to have waited the full 5 s',
      'Probably a timeout: each attempt seems to have waited the full 5 s',
    ]);
    // Attempts, diagnosis details and Copy as cURL need the emulator.
    expect(screen.queryByRole('button', { name: 'Attempts' })).not.toBeInTheDocument();
  });

  it('shows no failure panel when nothing failed', async () => {
    realService([event(1, { status: 'SENT', retries: 0, lastSentAt: at(1) })]);
    renderEvents();
    expect(await screen.findByText('order.antiAi.completed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Why deliveries fail' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('event-cause')).not.toBeInTheDocument();
  });
});

/** A real service with `total` events (every third FAILED), paged as it pages them; records which pages were read. */
function pagedService(total: number) {
  const all = Array.from({ length: total }, (_, i) => event(total - i, { status: (total - i) % 3 === 0 ? 'FAILED' : 'SENT', retries: 0 }));
  const reads: string[] = [];
  fakeService((url) => {
    if (!url.pathname.endsWith('/events')) return errorAnswer('RESOURCE_NOT_FOUND');
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    reads.push(`${page}/${limit}`);
    return okAnswer(listEventsResponse, { events: all.slice((page - 1) * limit, page * limit), pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } });
  });
  return { all, reads };
}

describe('DeliveryEvents filters over every page', { timeout: 20_000 }, () => {
  it('counts the matches of all pages, not only the loaded 100', async () => {
    const { reads } = pagedService(250);
    renderWithProviders(<Events />, { route: '/?status=FAILED' });
    expect(await screen.findByText('83 events have status FAILED, among all 250 events.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Event pages' })).toHaveTextContent('Page 1 of 5 · 83 matching events');
    expect(screen.getAllByTestId('event-row')).toHaveLength(20);
    expect(reads).toEqual(expect.arrayContaining(['1/100', '2/100', '3/100']));
  });

  it('says the filter looks at every event when none is on', async () => {
    pagedService(250);
    renderWithProviders(<Events />, { route: '/' });
    expect(await screen.findByText('Filters search all 250 events.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Event pages' })).toHaveTextContent('Page 1 of 13 · 250 events');
  });
});
