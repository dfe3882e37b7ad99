import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

/**
 * Waits until every toast has gone (they cover the action bar and the page's corner while they
 * show). The pointer is moved off them first: a pointer resting on a toast keeps it open, as it
 * should for a person reading it, and a click on a bottom-right button leaves it exactly there.
 */
export async function toastsGone(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/** Axe once the toasts are gone (the toaster itself is checked in toasts.spec.ts). */
export async function axeWithoutToasts(page: Page): Promise<void> {
  await toastsGone(page);
  await expectNoSeriousA11yViolations(page);
}
