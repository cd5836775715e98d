import { expect, test } from './support/fixtures';
import { PHONE, ROUTES, openAtPhoneSize, overflowing, pageWidth } from './support/pages';

/*
 * The layout in a language about 40 % longer than English, accented (scripts/pseudo-locale.ts; the e2e build
 * has VITE_PSEUDO=1): every page at 375 px keeps without sideways scroll, and no button clips its words.
 * Korean and Japanese are usually shorter than English, so this is the harder case for every locale.
 */
test.describe('every page in the pseudo-locale at 375 px', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const route of ROUTES) {
    test(`${route.name}: no sideways scroll, no clipped button, no English left`, async ({ page }) => {
      await page.addInitScript(() => window.localStorage.setItem('imprint.locale', 'pseudo'));
      await openAtPhoneSize(page, route);
      // The page speaks the pseudo-locale (its heading may be the account's data, such as an order's name).
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('main')).toContainText(/[\u00C0-\u024F\u1E00-\u1EFF]/);

      const width = await pageWidth(page);
      expect(width, `page is ${width} px wide; sticking out: ${(await overflowing(page)).join('; ')}`).toBeLessThanOrEqual(PHONE.width);

      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('button, a[role=button], [role=tab], summary')]
          .filter((el) => el.offsetParent !== null && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
          .filter((el) => getComputedStyle(el).overflow !== 'visible' || el.scrollWidth > el.getBoundingClientRect().width + 1)
          .map((el) => `"${el.textContent?.trim().slice(0, 40)}" (${el.scrollWidth} > ${el.clientWidth} px)`),
      );
      expect(clipped, 'buttons whose words do not fit').toEqual([]);

      // Words the catalogs do not cover stay English in the pseudo build. Only the interface's own words are read
      // (buttons, labels, headers, legends, navigation): cells and headings may hold the account's data.
      const english = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('button, label, th, dt, legend, nav a, [role=tab]')]
          .filter((el) => el.offsetParent !== null && !el.closest('code, pre, [translate=no]'))
          .map((el) => el.innerText.trim())
          .filter((text) => /^[A-Za-z]+( [A-Za-z]+)*[.!?:]?$/.test(text) && !/^(Imprint|English|JSON|HTTP|API|URL|ID|cURL)$/.test(text))
          .slice(0, 10),
      );
      expect(english, 'words not in the catalogs').toEqual([]);
    });
  }
});
