import { updateMeasurementSchema, type Measurement, type StructureMeasurement } from '@ridgeline/shared/contracts/estimating';
import { measureRoof } from '@ridgeline/shared/domain/roof-measurements';
import { answer, json, type SentRequest } from './fake-server';

// The server's measurements as the API answers them (tests only): totals worked out with the shared
// arithmetic, as the server does, and answers for the measurement routes that echo what was sent.

export const MEASUREMENT_ID = '00000000-0000-4000-8000-0000000000e1';

export function fakeStructure(overrides: Partial<StructureMeasurement> = {}): StructureMeasurement {
  return {
    structureId: 'house',
    name: 'Main house',
    facets: [{ id: 'f1', name: 'Front', pitchRise: 6, planAreaSqFt: 1000, lengthFt: null, widthFt: null }],
    linear: { ridge: 40, hip: 0, valley: 0, rake: 60, eave: 80, stepFlashing: 0, headwall: 0 },
    hipValleyInPlan: false,
    wastePct: 10,
    layers: 1,
    stories: 1,
    roofVents: 0,
    pipeJacks: 0,
    sidingSqFt: 0,
    damagedWindows: 0,
    damagedScreens: 0,
    acCondensers: 0,
    ...overrides,
  };
}

export function fakeMeasurement(overrides: Partial<Measurement> = {}): Measurement {
  const structures = overrides.structures ?? [fakeStructure()];
  const roof = measureRoof(structures);
  return {
    id: MEASUREMENT_ID,
    sessionId: null,
    projectId: null,
    projectTitle: null,
    sessionAddress: null,
    label: '',
    structures,
    reportTotals: null,
    report: null,
    notes: null,
    totals: { trueAreaSqFt: roof.trueAreaSqFt, squares: roof.squares, orderSquares: roof.orderSquares },
    createdByName: 'Alice Roof',
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The measurement a POST /api/measurements body makes (201), or a PUT /api/measurements/:id body (200). */
export function measurementFrom(request: SentRequest, base: Partial<Measurement> = {}): Measurement {
  const body = updateMeasurementSchema.parse(request.body);
  const ids = request.body as { sessionId?: string; projectId?: string };
  return fakeMeasurement({
    ...base,
    ...(ids.sessionId ? { sessionId: ids.sessionId } : {}),
    ...(ids.projectId ? { projectId: ids.projectId } : {}),
    ...body,
  });
}

/** POST and PUT /api/measurements answer with the measurement as sent. */
export function answerMeasurementWrites(base: Partial<Measurement> = {}): void {
  answer('POST /api/measurements', (request) => json(measurementFrom(request, base), { status: 201 }));
  answer('PUT /api/measurements/:id', (request) => json(measurementFrom(request, base)));
}
