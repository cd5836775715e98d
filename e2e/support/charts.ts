import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The shared chart (src/components/charts/bar-chart.tsx) draws an HTML placeholder at first paint and recharts in the
 * same box once the page has settled. These helpers record, from the page itself, the box of each chart in each state, so
 * a test can say that nothing moved when recharts arrived.
 */
export interface ChartState {
  chart: string;
  state: 'placeholder' | 'recharts';
  box: { x: number; y: number; width: number; height: number };
  figure: { x: number; y: number; width: number; height: number };
}

/** Call before page.goto: from then on every chart's first placeholder and first recharts drawing are measured. */
export async function watchChartBoxes(page: Page) {
  await page.addInitScript(() => {
    const states: unknown[] = [];
    const seen = new Set<string>();
    (window as unknown as { __chartStates: unknown[] }).__chartStates = states;
    const rect = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y: y + window.scrollY, width, height };
    };
    const look = () => {
      for (const drawing of document.querySelectorAll<HTMLElement>('[data-chart]')) {
        const figure = drawing.closest('figure');
        const box = drawing.parentElement;
        if (!figure || !box) continue;
        const key = `${figure.dataset.testid}:${drawing.dataset.chart}`;
        if (seen.has(key)) continue;
        seen.add(key);
        states.push({ chart: figure.dataset.testid, state: drawing.dataset.chart, box: rect(box), figure: rect(figure) });
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  });
}

export const chartStates = (page: Page) => page.evaluate(() => (window as unknown as { __chartStates: ChartState[] }).__chartStates);

/** Waits for recharts' drawing of a chart, then checks that it took the placeholder's box exactly. */
export async function expectRechartsInPlaceholderBox(page: Page, chart: Locator, testId: string) {
  await expect(chart.locator('[data-chart="recharts"] .recharts-bar-rectangle').first()).toBeAttached({ timeout: 20_000 });
  const states = (await chartStates(page)).filter((state) => state.chart === testId);
  const placeholder = states.find((state) => state.state === 'placeholder');
  const recharts = states.find((state) => state.state === 'recharts');
  expect(placeholder, 'the placeholder was drawn first').toBeDefined();
  expect(recharts).toBeDefined();
  // The sizes: what is above the chart (another card's figures) may still arrive in between and move it as a whole.
  const size = ({ width, height }: ChartState['box']) => ({ width, height });
  expect(size(recharts!.box)).toEqual(size(placeholder!.box));
  expect(size(recharts!.figure)).toEqual(size(placeholder!.figure));
  expect(placeholder!.box.height).toBeGreaterThan(100);
}

/** recharts' Y axis labels, as numbers (recharts 3 draws tick labels in a layer of their own, outside the axis' group). */
export const rechartsYTicks = async (chart: Locator) =>
  (await chart.locator('[data-chart="recharts"] .recharts-cartesian-axis-tick-value:not([data-axis="x"])').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
