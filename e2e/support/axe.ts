import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every accessibility check in the suite holds the pages to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Serious and critical axe violations of the page as it is drawn now, one line each:
 * "<rule>: <help> at <first nodes>".
 *
 * It first waits for running CSS transitions to end. Buttons fade their colours over 150 ms, so a check
 * right after a colour-scheme switch (or a hover) measured half-light, half-dark buttons and reported
 * contrast failures no user sees at rest. Endless animations (skeletons, spinners) are not waited for, and
 * nothing is waited for more than 3 s.
 */
export async function seriousViolations(page: Page, nodes = 5): Promise<string[]> {
  await page.evaluate(async () => {
    // Polled rather than awaited through `finished`: a transition restarted by a hover can leave a promise that never settles.
    const moving = () => document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    for (let waited = 0; moving() && waited < 3000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  });
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, nodes).join(', ')}`);
}
