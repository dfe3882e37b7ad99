import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ORIGIN_HEADERS } from './flows';
import { DAMAGE_PHOTO, REQUIRED_PHOTOS, uploadPhotos } from './inspection-seed';

// Claim files for the documents stories, seeded through the API as the field app leaves them: an
// inspection of one house with its insurance details and photos, converted into a claim file (the
// photos, claim number and homeowner go with it). Other specs may copy these helpers.

export const CLAIM_NUMBER = 'CLM-88412';
export const HOMEOWNER = 'Robin Castillo';

export type SeededClaim = { sessionId: string; projectId: string; photoIds: string[] };

/** An inspection with insurance details: the house of inspection-seed with its slopes' test-square hits. */
export async function createInsuredInspection(page: Page): Promise<string> {
  const id = randomUUID();
  const response = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id,
      editedAt: new Date().toISOString(),
      fields: {
        street: '48 Juniper Lane',
        city: 'Tulsa',
        state: 'OK',
        zip: '74105',
        homeownerName: HOMEOWNER,
        dateOfLoss: '2026-05-03',
        claimNumber: CLAIM_NUMBER,
        policyNumber: 'HO-5521907',
        carrierName: 'Prairie Mutual',
        lossDescription: 'Hail storm, dented gutters and bruised shingles',
        structures: [
          {
            id: 'house',
            name: 'Main house',
            kind: 'main_house',
            areas: ['roof', 'front', 'rear'],
            slopes: [
              { direction: 'N', testSquareHits: 11 },
              { direction: 'S', testSquareHits: 6 },
            ],
          },
        ],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

/**
 * A claim file made from an inspection whose photos are every required shot but `leaveOut` ones
 * (from the end of the walking order), plus a hail close-up.
 */
export async function seedClaimWithPhotos(page: Page, { leaveOut = 0 }: { leaveOut?: number } = {}): Promise<SeededClaim> {
  const sessionId = await createInsuredInspection(page);
  const photos = [...REQUIRED_PHOTOS.slice(0, REQUIRED_PHOTOS.length - leaveOut), DAMAGE_PHOTO];
  const photoIds = await uploadPhotos(page, sessionId, photos);
  const converted = await page.request.post(`/api/inspections/${sessionId}/convert`, { headers: ORIGIN_HEADERS, data: { mode: 'new' } });
  expect(converted.status(), await converted.text()).toBe(201);
  const { projectId } = (await converted.json()) as { projectId: string };
  return { sessionId, projectId, photoIds };
}
