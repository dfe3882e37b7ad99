import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedInUser } from '../support/flows';

// A toast's words are readable at every moment they are on the screen: a toast is fully opaque or
// not shown, never half faded (words caught mid-fade fall below a 4.5:1 contrast, which is what an
// accessibility check, or a glance at a phone in sunlight, sees at that instant).

/**
 * Records, at every frame for `ms`, the opacity the words of each toast are painted with (the
 * product of the opacities of the words and everything above them). Runs in the page.
 */
function sampleToastOpacity(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(`new Promise((resolve) => {
    const samples = [];
    const end = performance.now() + ${ms};
    const painted = (element) => {
      let opacity = 1;
      for (let node = element; node && node !== document.body; node = node.parentElement) {
        opacity *= Number(getComputedStyle(node).opacity);
      }
      return opacity;
    };
    const frame = () => {
      for (const words of document.querySelectorAll('[data-sonner-toast] [data-title]')) samples.push(painted(words));
      if (performance.now() < end) requestAnimationFrame(frame);
      else resolve(samples);
    };
    requestAnimationFrame(frame);
  })`);
}

/** Axe's contrast check at this instant (no waiting for anything to settle): what fails in a toast. */
async function toastContrast(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return results.violations
    .flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))
    .filter((target) => target.includes('data-sonner') || target.includes('li[data-index'));
}

for (const screen of [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
]) {
  test(`on a ${screen.name}, a toast is readable as it appears, while it shows and as it leaves`, async ({ page }) => {
    await page.setViewportSize(screen.viewport);
    await signedInUser(page, `toasts-${screen.name}`);
    await page.goto('/companies');
    await page.getByRole('button', { name: 'Add carrier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add carrier' });
    await dialog.getByLabel('Carrier name').fill('Sunlight Mutual');

    // It appears: sampled from the click on, and checked by axe the moment it is in the page.
    const appearing = sampleToastOpacity(page, 1_200);
    await dialog.getByRole('button', { name: 'Add carrier' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Carrier added' });
    await expect(toast).toHaveCount(1);
    expect(await toastContrast(page)).toEqual([]);
    const shown = await appearing;
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((opacity) => opacity !== 0 && opacity !== 1)).toEqual([]);
    expect(shown).toContain(1);

    // It leaves (closed by hand here; the same happens when its time is up).
    const leaving = sampleToastOpacity(page, 800);
    await toast.getByRole('button', { name: 'Close toast' }).click();
    expect(await toastContrast(page)).toEqual([]);
    expect((await leaving).filter((opacity) => opacity !== 0 && opacity !== 1)).toEqual([]);
    await expect(toast).toHaveCount(0);
  });
}
