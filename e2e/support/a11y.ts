import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The longest a page's transitions may take to settle before axe reads it anyway. */
const SETTLE_TIMEOUT_MS = 5_000;

/**
 * Waits until no finite animation or transition is running (a toast fading in, a dialog opening, a
 * toaster moving to its phone position). Axe reads colors as they are painted at that instant, so a
 * toast caught at half opacity reads as faint text. Endless animations (spinners) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  // A string: it runs in the page, and the e2e project has no DOM types.
  const settled = `document.getAnimations().every((animation) =>
    animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity)`;
  await page.waitForFunction(settled, undefined, { timeout: SETTLE_TIMEOUT_MS, polling: 50 }).catch(() => undefined);
}

/** Runs axe (WCAG 2 A and AA) on the settled page and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`).join(', ')}`,
    );
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}
