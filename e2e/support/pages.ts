import type { Page } from '@playwright/test';
import { demoTargets, type DemoTargets } from './demo-targets';
import { DEMO, expect as baseExpect, seedSession } from './fixtures';

// Cold lazy chunks on a machine shared by several runs: allow for it.
const expect = baseExpect.configure({ timeout: 30_000 });

export const PHONE = { width: 375, height: 800 };

export interface Route {
  name: string;
  path: (t: DemoTargets) => string;
  signedIn: boolean;
}

/** Every page of the dashboard, for the checks run over all of them (375 px, pseudo-locale). */
export const ROUTES: Route[] = [
  { name: 'overview', path: () => '/', signedIn: true },
  { name: 'orders list', path: () => '/orders', signedIn: true },
  { name: 'order detail', path: (t) => `/orders/${t.orderId}`, signedIn: true },
  { name: 'new anti-AI order', path: () => '/orders/new/anti-ai', signedIn: true },
  { name: 'new embed order', path: () => '/orders/new/embed', signedIn: true },
  { name: 'new extract order', path: () => '/orders/new/extract', signedIn: true },
  { name: 'usage', path: () => '/usage', signedIn: true },
  { name: 'webhooks list', path: () => '/webhooks', signedIn: true },
  { name: 'webhook detail with 20+ events', path: (t) => `/webhooks/${t.webhookId}`, signedIn: true },
  { name: 'signature checker', path: () => '/webhooks/signature-checker', signedIn: true },
  { name: 'test receiver', path: () => '/webhooks/test-receiver?name=demo-shop', signedIn: true },
  { name: 'account', path: () => '/account', signedIn: true },
  { name: 'not found', path: () => '/no-such-page', signedIn: true },
  { name: 'sign-in', path: () => '/sign-in', signedIn: false },
];

let targets: DemoTargets | undefined;
async function pathOf(route: Route) {
  targets ??= await demoTargets();
  return route.path(targets);
}

/** Opens the page at phone size and waits until its content is there (a heading, no skeleton left). */
export async function openAtPhoneSize(page: Page, route: Route) {
  await page.setViewportSize(PHONE);
  if (route.signedIn) await seedSession(page, DEMO);
  await page.goto(await pathOf(route));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
}

export async function pageWidth(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

/** What sticks out past the right edge, so a failure names the culprit rather than a number. */
export async function overflowing(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *, aside *')]
      .filter((el) => el.getBoundingClientRect().right > 376 && getComputedStyle(el).position !== 'fixed')
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`),
  );
}

