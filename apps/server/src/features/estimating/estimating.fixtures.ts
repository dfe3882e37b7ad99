import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CreateMeasurementInput, EstimateLineData, StructureMeasurementData } from '@ridgeline/shared/contracts/estimating';

/** What the fixtures need of the tests' HTTP client and its answers. */
type Answer<T = unknown> = { status: number; text: string; body: T };
type Client = { post: <T>(path: string, json?: unknown) => Promise<Answer<T>> };

// What the estimating tests send: a roof measured by hand, estimate lines, and sessions made through the API.

export const MISSING = '00000000-0000-4000-8000-000000000000';

/**
 * A main house: a 6/12 facet of 1,000 sq ft on plan (x 1.118 = 1,118.03 sq ft) and an 8/12 facet of
 * 20 x 30 ft (600 x 1.202 = 721.11 sq ft): 1,839.14 sq ft, 18.39 squares, 20.23 to order with 10% waste.
 */
export function mainHouse(overrides: Partial<StructureMeasurementData> = {}): StructureMeasurementData {
  return {
    structureId: 'house',
    name: 'Main house',
    facets: [
      { id: 'f1', name: 'Front', pitchRise: 6, planAreaSqFt: 1000 },
      { id: 'f2', name: 'Back', pitchRise: 8, lengthFt: 20, widthFt: 30 },
    ],
    linear: { ridge: 40, hip: 0, valley: 12, rake: 60, eave: 80, stepFlashing: 10, headwall: 8 },
    wastePct: 10,
    layers: 1,
    stories: 2,
    ...overrides,
  };
}

export const MAIN_HOUSE_TOTALS = { trueAreaSqFt: 1839, squares: 18.39, orderSquares: 20.23 };

export function measurementBody(overrides: Partial<CreateMeasurementInput> = {}): CreateMeasurementInput {
  return { label: 'Roof', structures: [mainHouse()], ...overrides };
}

/** A line of an estimate, priced by hand. */
export function line(overrides: Partial<EstimateLineData> = {}): EstimateLineData {
  return {
    id: randomUUID().slice(0, 8),
    code: 'shingles',
    description: 'Laminated comp. shingle roofing, w/ felt',
    quantity: 20.23,
    unit: 'SQ',
    unitPriceCents: 28_500,
    depreciationBp: 0,
    source: 'formula',
    basis: '18.39 SQ + 10% waste',
    ...overrides,
  };
}

/** A session of the caller's company made through the API, on a claim file when given. */
export async function createSession(client: Client, options: { projectId?: string; street?: string } = {}): Promise<string> {
  const response = await client.post<{ id: string }>('/api/inspections', {
    id: randomUUID(),
    editedAt: new Date().toISOString(),
    ...(options.projectId ? { projectId: options.projectId } : {}),
    fields: { street: options.street ?? '12 Hail Rd', city: 'Plano', state: 'TX', zip: '75024' },
  });
  if (response.status !== 201) throw new Error(`session create answered ${response.status}: ${response.text}`);
  return response.body.id;
}

/** The one error shape, with the answer's status. */
export function errorShape(code: string) {
  return { error: { message: expect.any(String), code, timestamp: expect.any(String), requestId: expect.any(String) } };
}

/** An answer's status, with its text in the failure message. */
export function statusOf(response: Answer): string {
  return `${response.status} ${response.text.slice(0, 300)}`;
}
