import { expect } from '@playwright/test';
import { getData } from './emulator-api';
import { apiLogin, DEMO } from './fixtures';

const get = <T>(token: string, path: string) => getData<T>(token, `/api/v2${path}`);

export interface DemoTargets {
  orderId: string;
  webhookId: number;
}

/**
 * The demo account's finished anti-AI order "Homepage banners" and its webhook "Shop backend", once the emulator's
 * background history has given that webhook at least 20 delivery events (the screens must be tried full, not empty).
 */
export async function demoTargets(): Promise<DemoTargets> {
  const { token } = await apiLogin(DEMO);
  const { orders } = await get<{ orders: { orderId: string; orderName: string }[] }>(token, '/orders?limit=100');
  const order = orders.find((o) => o.orderName === 'Homepage banners');
  if (!order) throw new Error('the demo order "Homepage banners" is missing');
  const { webhooks } = await get<{ webhooks: { id: number; name: string }[] }>(token, '/orders/webhooks');
  const hook = webhooks.find((w) => w.name === 'Shop backend');
  if (!hook) throw new Error('the demo webhook "Shop backend" is missing');
  await expect
    .poll(async () => (await get<{ pagination: { total: number } }>(token, `/orders/webhooks/${hook.id}/events?limit=1`)).pagination.total, {
      timeout: 60_000,
      message: 'the demo webhook should have 20+ delivery events',
    })
    .toBeGreaterThanOrEqual(20);
  return { orderId: order.orderId, webhookId: hook.id };
}
