import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Estimate } from '@ridgeline/shared/contracts/estimating';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { setCompanyAddress } from '../support/documents';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { createInspection, REQUIRED_PHOTOS, uploadPhotos } from '../support/inspection-seed';
import { expectNoHorizontalOverflow, PHONES } from '../support/layout';

// Every damaged area chosen in the field and photographed has its estimate line, tied to its photos:
// an inspection with Siding and Windows chosen, their photos and the screens' photo taken, and the
// siding area and damaged windows entered on the Measurements step, opens its estimate with a siding
// line and a window line, each showing its photos; the screens, photographed but not counted, are
// named as not priced yet. Saved, the lines keep their photos, and the claim packet prints each line
// with the numbers its photos carry in the photo report (the PDF read back with poppler). On a phone,
// at 360 and 390 px, against the real server.

/** The house of inspection-seed with its siding and windows to inspect too, and a loss that names them. */
function inspectionWithSiding(page: Page): Promise<string> {
  return createInspection(page, {
    north: 11,
    south: 6,
    areas: ['roof', 'front', 'rear', 'siding', 'windows'],
    fields: {
      street: '48 Juniper Lane',
      zip: '74105',
      homeownerName: 'Robin Castillo',
      claimNumber: 'CLM-5521',
      lossDescription: 'Hail: bruised shingles, cracked siding and window glass',
    },
  });
}

const lines = (page: Page) => page.getByRole('table', { name: 'Estimate lines' });

test.describe('damaged areas priced with their photos', () => {
  for (const phone of PHONES) {
    test(`siding and windows photographed and measured, screens photographed only, at ${phone.width} px`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize(phone);
      await signedInUser(page, `damage-${phone.width}`);
      await setCompanyAddress(page);
      const sessionId = await inspectionWithSiding(page);
      await uploadPhotos(page, sessionId, REQUIRED_PHOTOS);
      const [siding1, siding2, windows] = await uploadPhotos(page, sessionId, [
        { category: 'elevation', subcategory: 'siding', phase: 'elevations' },
        { category: 'elevation', subcategory: 'siding', phase: 'elevations' },
        { category: 'elevation', subcategory: 'windows', phase: 'elevations' },
      ]);
      await uploadPhotos(page, sessionId, [{ category: 'collateral', subcategory: 'window_screen', phase: 'collateral' }]);

      // The measurements, typed on the Measurements step: the roof and the damage beyond it.
      await page.goto(`/field-inspection/${sessionId}/measurements`);
      const house = page.getByRole('region', { name: 'Main house' });
      await house.getByLabel('Facet 1 pitch (rise/12)').fill('6');
      await house.getByLabel('Facet 1 plan area (sq ft)').fill('1,000');
      await house.getByLabel('Facet 2 pitch (rise/12)').fill('6');
      await house.getByLabel('Facet 2 plan area (sq ft)').fill('1,000');
      await house.getByLabel('Eave (LF)', { exact: true }).fill('80');
      await house.getByLabel('Siding to replace (SF)').fill('420');
      await house.getByLabel('Damaged windows').fill('2');
      await expectNoHorizontalOverflow(page, `measurements at ${phone.width} px`);
      await page.getByRole('button', { name: 'Save measurements' }).click();
      await expect(page.getByText('Measurements saved')).toBeVisible();

      await page.goto(`/field-inspection/${sessionId}/estimate`);
      const siding = lines(page).getByRole('row', { name: /R&R Siding - vinyl/ });
      await expect(siding).toContainText('420 SF');
      await expect(siding).toContainText('Siding 420 SF where siding damage was photographed (2 photos)');
      await expect(siding).toContainText('Supported by 2 photos');
      await expect(siding.getByRole('img')).toHaveCount(2);
      const window = lines(page).getByRole('row', { name: /Reglaze window/ });
      await expect(window).toContainText('2 damaged windows counted (1 photo)');
      const unpriced = page.getByRole('region', { name: 'Photographed, not priced yet' });
      await expect(unpriced).toContainText('Window screen damage on Main house (1 photo): enter the damaged screens in the Measurements step');
      await expectNoHorizontalOverflow(page, `estimate at ${phone.width} px`);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Save estimate' }).click();
      await expect(page.getByText('Estimate saved')).toBeVisible();
      const saved = (await (await page.request.get(`/api/estimates?sessionId=${sessionId}`)).json()) as { estimates: Estimate[] };
      const estimate = saved.estimates[0];
      expect(estimate?.lines.find((l) => l.code === 'siding')?.photoIds).toEqual([siding1, siding2]);
      expect(estimate?.lines.find((l) => l.code === 'window_glass')?.photoIds).toEqual([windows]);

      // The claim packet prints each line with its photos' numbers in the photo report.
      const converted = await page.request.post(`/api/inspections/${sessionId}/convert`, { headers: ORIGIN_HEADERS, data: { mode: 'new' } });
      expect(converted.status(), await converted.text()).toBe(201);
      const { projectId } = (await converted.json()) as { projectId: string };
      const made = await page.request.post('/api/reports/packet', {
        headers: ORIGIN_HEADERS,
        data: {
          projectId,
          coverLetter: 'Please find the claim file for {{claim_number}} enclosed.',
          photoReport: true,
          measurements: true,
          estimateId: estimate?.id,
        },
      });
      expect(made.status(), await made.text()).toBe(201);
      const { report } = (await made.json()) as { report: { id: string } };
      await expect(async () => {
        const file = await page.request.get(`/api/reports/${report.id}/file`);
        expect(file.status()).toBe(200);
        const path = test.info().outputPath(`packet-${phone.width}.pdf`);
        writeFileSync(path, await file.body());
        const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
        expect(text).toMatch(/R&R Siding - vinyl \(photos \d+, \d+\)/);
        expect(text).toMatch(/Reglaze window - double pane, up to 16 SF \(photo \d+\)/);
      }).toPass({ timeout: 90_000, intervals: [1_000] });
    });
  }
});
