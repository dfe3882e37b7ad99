import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { setCompanyAddress } from '../support/documents';
import { signedInUser } from '../support/flows';
import { measuredSession } from '../support/inspection-seed';
import { expectNoHorizontalOverflow, PHONES } from '../support/layout';

// The ice barrier only where the company's jurisdiction requires it: an Edmond, Oklahoma company's
// estimate lines its 24 LF of valleys and leaves its 180 LF of eaves out, and charges the rest of the
// roof one synthetic underlayment; once the company says its jurisdiction requires the barrier, the
// next estimate charges the eaves at 6 ft and the underlayment shrinks by as much. On a phone, at 360
// and 390 px, against the real server.
//
// The roof: 3,000 sq ft on plan at 0/12 = 30 SQ, eave 180 LF, valley 24 LF.
//   not required: ice & water = 24 x 3 / 100 = 0.72 SQ; underlayment 30 - 0.72 = 29.28 SQ
//   required:     ice & water = (180 x 6 + 24 x 3) / 100 = 11.52 SQ; underlayment 30 - 11.52 = 18.48 SQ

const EDMOND_ROOF = {
  structureId: 'house',
  name: 'Main house',
  facets: [{ id: 'f1', pitchRise: 0, planAreaSqFt: 3000 }],
  linear: { ridge: 60, hip: 0, valley: 24, rake: 50, eave: 180, stepFlashing: 0, headwall: 0 },
  wastePct: 10,
  layers: 1,
  stories: 1,
};
const measuredEdmondRoof = (page: Page) => measuredSession(page, { structure: EDMOND_ROOF, street: '1200 S Broadway', city: 'Edmond' });

const lines = (page: Page) => page.getByRole('table', { name: 'Estimate lines' });

test.describe('the ice barrier where the jurisdiction requires it', () => {
  for (const phone of PHONES) {
    test(`an Edmond, Oklahoma company, then one whose jurisdiction requires it, at ${phone.width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(phone);
      await signedInUser(page, `ice-${phone.width}`);
      await setCompanyAddress(page, '1200 S Broadway, Edmond, OK 73034');

      // The setting reads the state from the address and says its default is a guess to check.
      await page.goto('/settings?section=estimating');
      const form = page.getByRole('form', { name: 'Ice barrier' });
      await expect(form.getByLabel('State your jobs are in')).toHaveValue('');
      await expect(form.getByRole('option', { name: 'From your address (Oklahoma)' })).toHaveCount(1);
      await expect(form.getByTestId('ice-barrier-preview')).toContainText('Estimates leave the eaves out and line only the valleys');
      await expect(form.getByTestId('ice-barrier-preview')).toContainText('not verified for your city or county');
      await expect(form.getByTestId('ice-barrier-rule')).toContainText('IRC R905.1.2 (2021 IRC)');
      await expectNoHorizontalOverflow(page, `estimating settings at ${phone.width} px`);
      await expectNoSeriousA11yViolations(page);

      const first = await measuredEdmondRoof(page);
      await page.goto(`/field-inspection/${first}/estimate`);
      await expect(lines(page).getByRole('row', { name: /Ice & water barrier/ })).toContainText('0.72 SQ');
      await expect(lines(page).getByRole('row', { name: /Ice & water barrier/ })).toContainText('Valley 24 LF x 3 ft; none at the eaves (not required there)');
      await expect(lines(page).getByRole('row', { name: /Roofing felt - synthetic underlayment/ })).toContainText('29.28 SQ');
      await expect(page.getByTestId('ice-barrier-note')).toContainText('No ice barrier at the eaves in Oklahoma: only the valleys are lined.');
      await expectNoHorizontalOverflow(page, `estimate at ${phone.width} px`);

      // The company says its jurisdiction requires it: the next estimate charges the eaves.
      await page.getByRole('link', { name: 'Change it in Settings' }).click();
      await expect(page).toHaveURL(/\/settings\?section=estimating$/);
      await form.getByLabel('Ice barrier at the eaves').selectOption('required');
      await form.getByRole('button', { name: 'Save ice barrier' }).click();
      await expect(page.getByText('Ice barrier saved')).toBeVisible();
      await expect(form.getByTestId('ice-barrier-preview')).toContainText('Estimates include the ice barrier at the eaves. Your choice.');

      const second = await measuredEdmondRoof(page);
      await page.goto(`/field-inspection/${second}/estimate`);
      await expect(lines(page).getByRole('row', { name: /Ice & water barrier/ })).toContainText('11.52 SQ');
      await expect(lines(page).getByRole('row', { name: /Ice & water barrier/ })).toContainText('Eave 180 LF x 6 ft + valley 24 LF x 3 ft');
      await expect(lines(page).getByRole('row', { name: /Roofing felt - synthetic underlayment/ })).toContainText('18.48 SQ');
      await expect(lines(page).getByRole('row', { name: /Roofing felt - synthetic underlayment/ })).toContainText(
        'Roof area 30 SQ - ice & water barrier 11.52 SQ',
      );
      await expect(page.getByTestId('ice-barrier-note')).toContainText('Ice barrier at the eaves in Oklahoma: 6 ft up the roof. Your choice.');
      await expectNoHorizontalOverflow(page, `estimate at ${phone.width} px`);
    });
  }
});
