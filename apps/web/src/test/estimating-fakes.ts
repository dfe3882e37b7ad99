import type { Estimate, EstimateLine, Measurement } from '@ridgeline/shared/contracts/estimating';
import { DEFAULT_PRICE_LIST, estimateTotals } from '@ridgeline/shared/domain/estimate';
import { supplementCheck } from '@ridgeline/shared/domain/supplement';
import type { Company } from '@ridgeline/shared/contracts/team';
import { fakeCompany } from './company-fakes';
import { answer, json, type Reply, type SentRequest } from './fake-server';

// Fakes of the estimating reads (tests only): a one-structure measurement, estimates as the server
// answers them (totals and supplement computed with the shared functions), and the price list.

export const MEASURED_SESSION_ID = '00000000-0000-4000-8000-0000000000e1';

/** Main house: one 6/12 facet of 2,000 sq ft on plan, ridge 40, rake 60, eave 80 LF, 10% waste, 1 layer, 1 story. */
export function fakeMeasurement(overrides: Partial<Measurement> = {}): Measurement {
  const now = '2026-11-20T10:00:00.000Z';
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    sessionId: MEASURED_SESSION_ID,
    projectId: null,
    projectTitle: null,
    sessionAddress: '12 Oak St, Austin, TX',
    label: '',
    structures: [
      {
        structureId: 'main',
        name: 'Main house',
        facets: [{ id: 'f1', name: '', pitchRise: 6, planAreaSqFt: 2000, lengthFt: null, widthFt: null }],
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
      },
    ],
    reportTotals: null,
    report: null,
    notes: null,
    totals: { trueAreaSqFt: 2236.07, squares: 22.36, orderSquares: 24.6 },
    createdByName: 'Alice Roof',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

type EstimateFields = Pick<Estimate, 'lines' | 'depreciationMode' | 'overallDepreciationBp' | 'opEnabled' | 'carrierScope'>;

/** An estimate as the server presents it: totals and the supplement list computed from its fields. */
export function fakeEstimate(fields: Partial<EstimateFields> & Partial<Omit<Estimate, keyof EstimateFields>> = {}): Estimate {
  const now = '2026-11-21T10:00:00.000Z';
  const lines: EstimateLine[] = fields.lines ?? [];
  const settings = {
    depreciationMode: fields.depreciationMode ?? 'overall',
    overallDepreciationBp: fields.overallDepreciationBp ?? 0,
    opEnabled: fields.opEnabled ?? false,
  };
  const carrierScope = fields.carrierScope ?? [];
  const totals = estimateTotals(lines, settings);
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    sessionId: MEASURED_SESSION_ID,
    projectId: null,
    version: 1,
    isLatest: true,
    notes: null,
    sessionAddress: '12 Oak St, Austin, TX',
    createdByName: 'Alice Roof',
    createdAt: now,
    updatedAt: now,
    ...fields,
    lines,
    ...settings,
    carrierScope,
    totals,
    supplement: carrierScope.length ? supplementCheck(lines, totals, carrierScope) : [],
  };
}

/** POST /api/estimates and PUT /api/estimates/:id as the server answers them: the body saved as version `version`. */
export function savedFromRequest(request: SentRequest, version: number, id = `00000000-0000-4000-8000-0000000000d${version}`): Reply {
  const body = request.body as EstimateFields;
  return json(fakeEstimate({ ...body, id, version }), { status: request.method === 'POST' ? 201 : 200 });
}

/** The estimate step's reads: the session's versions, its measurement (or none) and the default price list. */
export function answerEstimateReads({
  estimates = [],
  measurement = fakeMeasurement(),
  company = fakeCompany(),
}: { estimates?: Estimate[]; measurement?: Measurement | null; company?: Company } = {}): void {
  answer('GET /api/company', json(company));
  answer('GET /api/estimates', json({ estimates }));
  answer('GET /api/measurements', json({ measurements: measurement ? [measurement] : [] }));
  answer('GET /api/price-list', json({ items: DEFAULT_PRICE_LIST.map((item) => ({ ...item })) }));
}
