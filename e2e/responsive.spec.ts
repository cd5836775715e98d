import { seriousViolations } from './support/axe';
import { DEMO, expect as baseExpect, seedSession, test } from './support/fixtures';
import { PHONE, ROUTES, openAtPhoneSize, overflowing, pageWidth } from './support/pages';

// Cold lazy chunks on a machine shared by several runs: allow for it.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('every page at 375 px', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const route of ROUTES) {
    test(`${route.name}: no sideways scroll of the page`, async ({ page }) => {
      await openAtPhoneSize(page, route);
      const width = await pageWidth(page);
      expect(width, `page is ${width} px wide; sticking out: ${(await overflowing(page)).join('; ')}`).toBeLessThanOrEqual(PHONE.width);
    });

    // One test per theme: axe on a long page (the webhook detail, the test receiver) takes a minute on a loaded machine.
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${route.name}: no serious axe violations at 375 px (${colorScheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await openAtPhoneSize(page, route);
        expect(await seriousViolations(page, 3)).toEqual([]);
      });
    }
  }
});

test.describe('the orders list on a phone', () => {
  test('folds the filters behind one Filters button that counts the active ones', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await seedSession(page, DEMO);
    await page.goto('/orders');
    const main = page.getByRole('main');
    const filters = main.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByLabel('Status')).toBeHidden();
    // The first order starts within the first screen, not 500 px down.
    const firstOrder = main.getByTestId('order-row').first();
    await expect(firstOrder).toBeVisible();
    expect((await firstOrder.boundingBox())!.y).toBeLessThan(PHONE.height / 2);

    await filters.click();
    await main.getByLabel('Status').selectOption('complete');
    await main.getByLabel('Type').selectOption('antiAi');
    await expect(page).toHaveURL(/status=complete/);
    await filters.click();
    await expect(main.getByLabel('Status')).toBeHidden();
    await expect(filters).toHaveAccessibleName(/^Filters ?\(2 active\)$/);
    // Every column is still there, as "label: value" lines.
    for (const label of ['Status:', 'Type:', 'Files:', 'Created:', 'Channel:', 'Id:']) {
      await expect(firstOrder.getByText(label, { exact: true })).toBeVisible();
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe('disabled buttons', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`look different from enabled ones (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await seedSession(page, DEMO);
      await page.goto('/orders');
      const pager = page.getByRole('navigation', { name: 'Pages' });
      const previous = pager.getByRole('button', { name: 'Previous page' });
      const next = pager.getByRole('button', { name: 'Next page' });
      await expect(previous).toBeDisabled();
      await expect(next).toBeEnabled();
      const look = (el: Element) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, color: s.color, cursor: s.cursor, border: s.borderStyle, opacity: s.opacity };
      };
      const off = await previous.evaluate(look);
      const on = await next.evaluate(look);
      expect(off.cursor).toBe('not-allowed');
      expect(on.cursor).not.toBe('not-allowed');
      expect(off.background).not.toBe(on.background);
      expect(off.color).not.toBe(on.color);
      expect(off.border).not.toBe(on.border);
    });
  }
});
