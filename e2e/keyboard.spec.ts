import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { mainEmulatorUrl } from './support/stacks';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** A short description of the focused element, for the failure message of tabTo. */
function describeFocused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const role = el.getAttribute('role');
    const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> ${name.trim().replace(/\s+/g, ' ').slice(0, 40)}`;
  });
}

/** Why the focused element cannot be seen as focused, or null when it draws an outline or a ring (box-shadow). */
function missingIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing is focused';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none' ? null : 'no outline or ring';
  });
}

async function expectFocusVisible(page: Page) {
  expect(await missingIndicator(page), await describeFocused(page)).toBeNull();
}

const isFocused = (target: Locator) => target.evaluateAll((els) => els.some((el) => el === document.activeElement));

/** A string means a link, button or form field with that accessible name. */
function resolve(page: Page, target: Locator | string): Locator {
  if (typeof target !== 'string') return target;
  const name = { name: target, exact: true };
  return page.getByRole('link', name).or(page.getByRole('button', name)).or(page.getByRole('textbox', name)).or(page.getByRole('switch', name));
}

/**
 * Presses Tab (or Shift+Tab) until the target has focus. Fails with the elements it went through, so a
 * missing stop is easy to spot, and if any stop on the way (the target too) showed no focus indicator.
 */
async function tabTo(page: Page, target: Locator | string, { max = 40, backwards = false } = {}) {
  const wanted = resolve(page, target);
  await expect(wanted.first()).toBeVisible();
  const visited: string[] = [];
  const unseen: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await isFocused(wanted)) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const stop = await describeFocused(page);
    visited.push(stop);
    // <body> is where Tab leaves the page for the browser's own controls before it wraps round.
    const missing = stop === '<body>' ? null : await missingIndicator(page);
    if (missing) unseen.push(`${stop}: ${missing}`);
  }
  expect(await isFocused(wanted), `${String(target)} not reached by Tab; went through:\n${visited.join('\n')}`).toBe(true);
  expect(unseen, 'stops whose focus cannot be seen').toEqual([]);
  await expectFocusVisible(page);
}

test('keyboard only: sign in, create a webhook, make an order, read its delivery', async ({ page, newAccount }) => {
  test.setTimeout(240_000);
  const receiver = `kbd-${randomUUID().slice(0, 8)}`;

  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in to your dashboard' })).toBeVisible();
  await tabTo(page, 'E-mail');
  await page.keyboard.type(newAccount.email);
  await tabTo(page, 'Password');
  await page.keyboard.type(newAccount.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The skip link is the first stop and takes focus past the navigation.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await tabTo(page, 'Protect images from AI', { max: 3 });

  // A webhook first, so that the order made next is the one whose delivery we read.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('link', { name: 'Webhooks' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expect(page.getByText('No webhooks yet')).toBeVisible();
  await tabTo(page, 'Create a webhook');
  await page.keyboard.press('Enter');
  const createDialog = page.getByRole('dialog', { name: 'Create a webhook' });
  await expect(createDialog).toBeVisible();
  await expect(createDialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Keyboard hook');
  await tabTo(page, createDialog.getByLabel('URL'), { max: 2 });
  await page.keyboard.type(`${mainEmulatorUrl}/_emulator/receivers/${receiver}`);
  await page.keyboard.press('Enter');

  const secretDialog = page.getByRole('dialog', { name: 'Store your signing secret' });
  const secret = secretDialog.getByLabel('Signing secret', { exact: true });
  await expect(secret).toHaveText(/^whsec_/);
  // The form that held the focus is gone: the new step's heading has it, not <body>.
  await expect(secretDialog.getByRole('heading', { name: 'Store your signing secret' })).toBeFocused();
  // Escape asks first, with the safe answer focused; answering leads back to the secret.
  await page.keyboard.press('Escape');
  await expect(secretDialog.getByText('Close without storing the secret?')).toBeVisible();
  await expect(secretDialog.getByRole('button', { name: 'Keep it open' })).toBeFocused();
  await expectFocusVisible(page);
  await page.screenshot({ path: test.info().outputPath('keep-it-open-focused.png') });
  await page.keyboard.press('Enter');
  await expect(secretDialog.getByText('Close without storing the secret?')).toBeHidden();
  await expect(secret).toBeFocused();
  // The modal keeps Tab inside it: going round never leaves the dialog.
  await tabTo(page, secretDialog.getByRole('button', { name: 'I have stored it' }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(secretDialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Keyboard hook' })).toBeVisible();
  // The empty state's button that opened the dialog is gone; focus goes to the other Create button.
  await expect(page.getByRole('button', { name: 'Create webhook', exact: true })).toBeFocused();

  // The order: New order, then the drop zone opens the file chooser with Enter.
  await tabTo(page, nav.getByRole('link', { name: 'New order' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'New anti-AI order' })).toBeVisible();
  const dropZone = page.getByRole('button', { name: /^Images to upload: drop files here/ });
  await tabTo(page, dropZone);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  // Picking files in the operating system's dialog is the one step a page cannot drive; Playwright stands in for it.
  await (await chooser).setFiles([path.join(FIXTURES, 'chelsea.png'), path.join(FIXTURES, 'rocket.jpg')]);
  const chosen = page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  // Removing a file hands the focus to the next row's Remove button.
  await tabTo(page, 'Remove chelsea.png');
  await page.keyboard.press('Enter');
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText('rocket.jpg');
  await expect(page.getByRole('button', { name: 'Remove rocket.jpg' })).toBeFocused();
  await tabTo(page, 'Order name (optional)', { backwards: true });
  await page.keyboard.type('Keyboard order');
  // Create order stays disabled (so out of the Tab order) until every chosen file is checked.
  await expect(page.getByRole('button', { name: 'Create order' })).toBeEnabled();
  await tabTo(page, 'Create order');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Keyboard order', level: 1 })).toBeVisible({ timeout: 30_000 });
  // The submit button went with the form; the new page's content holds the focus, and Tab continues there.
  await expect(page.locator('main')).toBeFocused();
  // The order page starts with its way back to the list, then the order's own controls.
  await tabTo(page, 'Back to orders', { max: 1 });
  await tabTo(page, 'Copy order id', { max: 1 });
  await expect(page.getByRole('status', { name: 'Order status' })).toContainText('Complete', { timeout: 60_000 });

  // The webhook's page and its delivery events.
  await tabTo(page, nav.getByRole('link', { name: 'Webhooks' }), { backwards: true });
  await page.keyboard.press('Enter');
  await tabTo(page, 'Keyboard hook');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Keyboard hook', level: 1 })).toBeVisible();
  await expect(page.locator('main')).toBeFocused();

  // Renaming inline: Enter saves, Escape cancels, and either way focus is back on "Edit name".
  const editName = page.getByRole('button', { name: 'Edit name' });
  await tabTo(page, editName);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Webhook name')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Keyboard hook (ERP)');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Keyboard hook (ERP)', level: 1 })).toBeVisible();
  await expect(editName).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type(' draft');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Webhook name')).toBeHidden();
  await expect(editName).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Keyboard hook (ERP)', level: 1 })).toBeVisible();

  // The pause switch keeps the focus while it saves, so Space can flip it back at once.
  const deliveries = page.getByRole('switch', { name: /Deliveries/ });
  await tabTo(page, deliveries);
  await page.keyboard.press('Space');
  await expect(deliveries).toHaveAttribute('aria-checked', 'false');
  await expect(deliveries).toHaveAccessibleName('Deliveries Paused');
  await expect(deliveries).toBeFocused();
  await page.keyboard.press('Space');
  await expect(deliveries).toHaveAttribute('aria-checked', 'true');
  await expect(deliveries).toHaveAccessibleName('Deliveries Active');
  const row = page.getByTestId('event-row').first();
  await expect(row).toContainText('order.antiAi.completed', { timeout: 30_000 });
  await expect(row).toContainText('SENT', { timeout: 30_000 });
  await tabTo(page, row.getByRole('button', { name: 'Attempts' }));
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: 'Hide attempts' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Attempts (from the emulator)' })).toBeVisible();
  await expect(page.getByText(/#1 · .* ✓ HTTP 200/)).toBeVisible();
  await expect(page.getByText(`POST ${mainEmulatorUrl}/_emulator/receivers/${receiver}`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('attempts-open-by-keyboard.png'), fullPage: true });
  // Space toggles it closed again.
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { name: 'Attempts (from the emulator)' })).toBeHidden();
});
