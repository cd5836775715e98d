import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { orderKeys, statsKeys, webhookKeys } from '@/lib/query-keys';
import { refreshOnOrderFinish } from './refresh-on-order-finish';

function setUp() {
  const client = new QueryClient();
  refreshOnOrderFinish(client);
  client.setQueryData(statsKeys.recent(undefined), { dailyStats: [] });
  client.setQueryData([...orderKeys.lists(), 'since', 0], { orders: [] });
  client.setQueryData(webhookKeys.deliveries(7), { events: [] });
  const stale = () => [
    client.getQueryState(statsKeys.recent(undefined))?.isInvalidated,
    client.getQueryState([...orderKeys.lists(), 'since', 0])?.isInvalidated,
    client.getQueryState(webhookKeys.deliveries(7))?.isInvalidated,
  ];
  return { client, stale };
}

describe('refreshOnOrderFinish', () => {
  it('marks usage, the orders lists and the webhooks\' deliveries stale when a followed order reaches a final state', async () => {
    const { client, stale } = setUp();
    client.setQueryData(orderKeys.detail('o1'), { orderId: 'o1', status: 'inProgress' });
    expect(stale()).toEqual([false, false, false]);
    client.setQueryData(orderKeys.detail('o1'), { orderId: 'o1', status: 'complete' });
    // The lists wait for the order to join the local copy of the orders first.
    await vi.waitFor(() => expect(stale()).toEqual([true, true, true]));
  });

  it('also sees it in a list page, and not for orders first seen already finished or merely re-read', async () => {
    const { client, stale } = setUp();
    client.setQueryData(orderKeys.list({ page: 1 }), { orders: [{ orderId: 'a', status: 'complete' }, { orderId: 'b', status: 'pending' }] });
    client.setQueryData(orderKeys.list({ page: 1 }), { orders: [{ orderId: 'a', status: 'complete' }, { orderId: 'b', status: 'inProgress' }] });
    expect(stale()).toEqual([false, false, false]);
    client.setQueryData(orderKeys.list({ page: 1 }), { orders: [{ orderId: 'a', status: 'complete' }, { orderId: 'b', status: 'failed' }] });
    await vi.waitFor(() => expect(stale()).toEqual([true, true, true]));
  });
});
