import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ORIGIN_HEADERS } from './flows';
import { createInspection, DAMAGE_PHOTO, REQUIRED_PHOTOS, uploadPhotos } from './inspection-seed';

// Claim files for the documents stories, seeded through the API as the field app leaves them: an
// inspection of one house with its insurance details and photos, converted into a claim file (the
// photos, claim number and homeowner go with it). The photo reports spec uses them.

export const CLAIM_NUMBER = 'CLM-88412';
export const HOMEOWNER = 'Robin Castillo';

export type SeededClaim = { sessionId: string; projectId: string; photoIds: string[] };

/** An inspection with insurance details: the house of inspection-seed, its test squares N = 11 and S = 6. */
export function createInsuredInspection(page: Page): Promise<string> {
  return createInspection(page, {
    north: 11,
    south: 6,
    fields: {
      street: '48 Juniper Lane',
      zip: '74105',
      homeownerName: HOMEOWNER,
      claimNumber: CLAIM_NUMBER,
      policyNumber: 'HO-5521907',
      carrierName: 'Prairie Mutual',
    },
  });
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

/** The company's address, which a claim packet's and a proposal's letterhead print (its name and phone come from sign-up). */
export async function setCompanyAddress(page: Page, address = '220 Industrial Blvd, Tulsa, OK 74107'): Promise<void> {
  const response = await page.request.patch('/api/company', { headers: ORIGIN_HEADERS, data: { address } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A new claim file through the API (Pat Miller's, 12 Elm Street, Tulsa, unless `fields` say otherwise): its id. */
export async function newClaimFile(page: Page, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await page.request.post('/api/projects', {
    headers: ORIGIN_HEADERS,
    data: { title: 'Hail claim, Elm Street', homeownerName: 'Pat Miller', street: '12 Elm Street', city: 'Tulsa', state: 'OK', zip: '74103', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A claim file (12 Oak Street, claim CLM-14, homeowner Pat Miller) with one estimate of $10,000.00
 * (one manual line), through the API; `claim` adds or overrides the claim file's fields.
 */
export async function claimFileWithEstimate(
  page: Page,
  claim: Record<string, unknown> = {},
  { unitPriceCents = 1_000_000 }: { unitPriceCents?: number } = {},
): Promise<string> {
  const projectId = await newClaimFile(page, { title: 'Hail claim, Oak Street', street: '12 Oak Street', claimNumber: 'CLM-14', ...claim });
  const sessionId = randomUUID();
  const session = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id: sessionId,
      projectId,
      editedAt: new Date().toISOString(),
      fields: { street: '12 Oak Street', city: 'Tulsa', structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [] }] },
    },
  });
  expect(session.status(), await session.text()).toBe(201);
  const estimate = await page.request.post('/api/estimates', {
    headers: ORIGIN_HEADERS,
    data: { sessionId, lines: [{ id: 'roof', code: null, description: 'Roof replacement', quantity: 1, unit: 'EA', unitPriceCents, source: 'manual' }] },
  });
  expect(estimate.status(), await estimate.text()).toBe(201);
  return projectId;
}

/** The claim file's Documents tab, with its proposals. */
export async function openDocuments(page: Page, projectId: string): Promise<void> {
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Proposals' })).toBeVisible();
}
