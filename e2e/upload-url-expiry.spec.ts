import sharp from 'sharp';
import { orderStatus } from './support/emulator-api';
import { createAccount, expect, seedSession, test } from './support/fixtures';
import { SHORT_URL_STACK, shortUrlEmulatorUrl, shortUrlUrl } from './support/stacks';

const FILES = 100;
const TTL_MS = SHORT_URL_STACK.uploadUrlTtlSeconds * 1000;
/** The throttled upload should take about this long: several URL lifetimes, yet a test well under two minutes. */
const TARGET_UPLOAD_MS = 50_000;

/** Small PNGs of random noise: every file differs, so none is taken for a duplicate of another. */
async function noiseImages(n: number) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const side = 40;
      const pixels = Buffer.alloc(side * side * 3);
      for (let p = 0; p < pixels.length; p++) pixels[p] = Math.floor(Math.random() * 256);
      const buffer = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
      return { name: `noise-${String(i + 1).padStart(3, '0')}.png`, mimeType: 'image/png', buffer };
    }),
  );
}

test.describe('upload links renewed before they expire', () => {
  test(`${FILES} files on a slow line, links living ${TTL_MS / 1000} s: no upload is refused`, async ({ page }) => {
    test.setTimeout(180_000);
    const account = await createAccount({ planType: 'pro', usageLimit: 100_000 }, shortUrlEmulatorUrl);
    const { token } = await seedSession(page, account, shortUrlEmulatorUrl);
    const images = await noiseImages(FILES);
    const totalBytes = images.reduce((sum, f) => sum + f.buffer.length, 0);

    const refused: string[] = [];
    const putTimes: number[] = [];
    let refreshCalls = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/refresh-urls')) refreshCalls++;
    });
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() !== 'PUT' || !new URL(response.url()).pathname.startsWith('/storage/')) return;
      putTimes.push(Date.now());
      if (response.status() === 403) refused.push(response.url());
    });

    if (process.env.SCREENSHOTS === '1') {
      // Only for the picture: hold the real refresh-urls call a moment so the notice stays on screen.
      await page.route('**/refresh-urls', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
    }
    await page.goto(`${shortUrlUrl}/orders/new/anti-ai`);
    await page.locator('input[type=file]').first().setInputFiles(images);
    await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(FILES, { timeout: 30_000 });

    // Throttle only the upload direction, after the page and the files are in: the PUTs are what must outlast the links.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: Math.round(totalBytes / (TARGET_UPLOAD_MS / 1000)),
    });

    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByRole('region', { name: 'Upload progress' })).toBeVisible();
    if (process.env.SCREENSHOTS === '1') {
      await page.setViewportSize({ width: 1280, height: 800 });
      const progress = page.getByRole('region', { name: 'Upload progress' });
      await progress.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      // A renewal in mid-run, once some files are up (the first one comes at the start).
      await expect(progress.getByText(/[1-9]\d* of \d+ files uploaded.*Renewing upload links…/)).toBeVisible({ timeout: 60_000 });
      await page.screenshot({ path: 'docs/screenshots/upload-renewing-links.png' });
    }

    await expect(page).toHaveURL(/\/orders\/[^/]+$/, { timeout: 150_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect.poll(() => orderStatus(token, orderId, shortUrlEmulatorUrl), { timeout: 60_000 }).toBe('complete');

    const uploadMs = Math.max(...putTimes) - Math.min(...putTimes);
    test.info().annotations.push({
      type: 'measured',
      description: `${totalBytes} bytes in ${putTimes.length} PUTs over ${Math.round(uploadMs / 1000)} s; ${refreshCalls} refresh-urls calls; ${refused.length} refused`,
    });
    // The run is only meaningful if the uploads outlasted several link lifetimes.
    expect(uploadMs).toBeGreaterThan(2 * TTL_MS);
    expect(putTimes.length).toBeGreaterThanOrEqual(FILES);
    expect(refused, 'storage PUTs answered 403').toEqual([]);
    expect(refreshCalls).toBeGreaterThan(0);
  });
});
