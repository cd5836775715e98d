import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { call } from './emulator-api';
import { expect, seedSession, type Account } from './fixtures';
import { mainEmulatorUrl } from './stacks';

/** A webhook pointing at a fresh emulator test receiver that answers `status` after `delayMs`. */
export async function hookWithReceiver(page: Page, account: Account, status: number, delayMs: number) {
  const { token } = await seedSession(page, account);
  const receiver = `diag-${randomUUID().slice(0, 8)}`;
  await call(token, 'PUT', `/_emulator/receivers/${receiver}/config`, { status, delayMs });
  const url = `${mainEmulatorUrl}/_emulator/receivers/${receiver}`;
  const hook = (await call(token, 'POST', '/api/v2/orders/webhooks', { name: 'Diagnosis hook', url })) as { id: number; secret: string };
  return { token, receiver, hook };
}

/** Waits until the webhook's events have exactly these statuses, newest first. */
export async function waitForStatuses(token: string, webhookId: number, statuses: string[]) {
  await expect
    .poll(
      async () => ((await call(token, 'GET', `/api/v2/orders/webhooks/${webhookId}/events?limit=100`)) as { events: { status: string }[] }).events.map((e) => e.status),
      { timeout: 60_000 },
    )
    .toEqual(statuses);
}
