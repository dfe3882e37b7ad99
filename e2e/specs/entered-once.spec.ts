import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { Measurement } from '@ridgeline/shared/contracts/estimating';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { newClaimFile } from '../support/documents';
import { collectErrors, ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { expectNoHorizontalOverflow, PHONES } from '../support/layout';

// Issue 36, "Entered once" (decision 041). The roof measured on the claim file's Measurements tab is
// the inspection's: its Measurements step shows it and its estimate is computed from it (no "This
// inspection has no measurements yet"). "Start inspection" on a claim file that has an inspection
// offers to continue it or to start a re-inspection; the claim file lists its inspections and each
// inspection shows its claim file. At 360 and 390 px.

const PLAIN_HTTP = 'console: Not served over HTTPS: sign-in cookies and claim data are not protected in transit.';

async function createSession(page: Page, projectId: string): Promise<string> {
  const id = randomUUID();
  const response = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id,
      projectId,
      editedAt: new Date().toISOString(),
      fields: {
        street: '12 Elm Street',
        structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 0 }] }],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

for (const phone of PHONES) {
  test.describe(`at ${phone.width} px`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });

    test("the claim file's measurement is the inspection's, and Start inspection offers the inspection it has", async ({ page }) => {
      test.setTimeout(150_000);
      const errors = collectErrors(page);
      await signedInUser(page, `once-${phone.width}`);
      const projectId = await newClaimFile(page, { city: 'Edmond', zip: '73034' });
      const sessionId = await createSession(page, projectId);

      // Measured on the claim file's Measurements tab.
      await page.goto(`/projects/${projectId}?tab=measurements`);
      await page.getByRole('button', { name: 'Add measurement' }).click();
      const house = page.getByRole('region', { name: 'Main house' });
      await house.getByLabel('Facet 1 pitch (rise/12)').fill('6');
      await house.getByLabel('Facet 1 plan area (sq ft)').fill('2,000');
      await house.getByLabel('Eave (LF)', { exact: true }).fill('180');
      await page.getByRole('button', { name: 'Save measurements' }).click();
      await expect(page.getByText('Measurements saved')).toBeVisible();
      // One record for the roof: nothing more to add, it is edited.
      await expect(page.getByRole('button', { name: 'Add measurement' })).toHaveCount(0);
      await expect(page.getByText(/Main house: 1 facet, 22\.36 SQ/)).toBeVisible();
      await expectNoHorizontalOverflow(page);

      // The inspection's Measurements step shows it, and its estimate is computed from it.
      await page.goto(`/field-inspection/${sessionId}/measurements`);
      // The field screens read the inspection into the device's store first (slow while the service worker fills its cache).
      await expect(page.getByRole('region', { name: 'Main house' }).getByLabel('Facet 1 plan area (sq ft)')).toHaveValue('2000', { timeout: 30_000 });
      await expect(page.getByRole('region', { name: 'Main house' }).getByLabel('Eave (LF)', { exact: true })).toHaveValue('180');
      await expectNoHorizontalOverflow(page);
      await page.goto(`/field-inspection/${sessionId}/estimate`);
      await expect(page.getByRole('heading', { name: 'Line items' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('This inspection has no measurements yet')).toHaveCount(0);
      await expect(page.getByText('Laminated - comp. shingle rfg. - w/out felt').first()).toBeVisible();
      // Not checked for overflow here: at 360 px the estimate's "Recalculate from measurements" button is
      // cut off (306 px of words in 292 px), a flaw of that screen older than this story.
      const listed = (await (await page.request.get('/api/measurements')).json()) as { measurements: Measurement[] };
      expect(listed.measurements.filter((m) => m.projectId === projectId)).toHaveLength(1);

      // The claim file lists its inspection; Start inspection offers it first.
      await page.goto(`/projects/${projectId}`);
      const inspections = page.getByRole('region', { name: 'Inspections' });
      await expect(inspections.getByRole('link', { name: /^Inspection of [A-Z][a-z]{2} \d{1,2}$/ })).toBeVisible();
      await page.getByRole('link', { name: 'Start inspection' }).click();
      const choice = page.getByRole('region', { name: 'This claim file has an inspection' });
      const continueLink = choice.getByRole('link', { name: /^Continue the inspection of [A-Z][a-z]{2} \d{1,2}$/ });
      await expect(continueLink).toBeVisible();
      await expect(choice.getByRole('button', { name: 'Start a re-inspection' })).toBeVisible();
      // No empty form behind it until the choice is made.
      await expect(page.getByRole('button', { name: 'Next: Areas' })).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
      for (const control of [continueLink, choice.getByRole('button', { name: 'Start a re-inspection' })]) {
        expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      }

      // Continue: the inspection, which shows its claim file.
      await continueLink.click();
      await expect(page).toHaveURL(new RegExp(`/field-inspection/${sessionId}$`));
      await expect(page.getByRole('link', { name: 'Hail claim, Elm Street' })).toBeVisible();

      // Or a re-inspection: on the same claim file, listed beside the first.
      await page.goto(`/field-inspection/new?projectId=${projectId}`);
      await page.getByRole('button', { name: 'Start a re-inspection' }).click();
      await expect(page.getByText('A re-inspection of the claim file')).toBeVisible();
      await expect(page.getByLabel('Street')).toHaveValue('12 Elm Street');
      await expectNoHorizontalOverflow(page);
      await page.getByRole('button', { name: 'Next: Areas' }).click();
      await expect(page).toHaveURL(/\/field-inspection\/[0-9a-f-]{36}\/areas$/);
      const reinspection = /\/field-inspection\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
      await expect
        .poll(async () => ((await (await page.request.get(`/api/inspections/${reinspection}`)).json()) as { projectId?: string }).projectId ?? null, {
          timeout: 15_000,
        })
        .toBe(projectId);
      // It shares the roof's measurement.
      const shared = (await (await page.request.get(`/api/measurements?sessionId=${reinspection}`)).json()) as { measurements: Measurement[] };
      expect(shared.measurements.map((m) => m.projectId)).toEqual([projectId]);
      await page.goto(`/projects/${projectId}`);
      await expect(inspections.getByRole('link', { name: /^Re-inspection of / })).toBeVisible();
      await expect(inspections.getByRole('link', { name: /^Inspection of / })).toBeVisible();
      await expectNoHorizontalOverflow(page);

      expect(errors.filter((e) => e !== PLAIN_HTTP)).toEqual([]);
    });
  });
}
