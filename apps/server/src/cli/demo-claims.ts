import { randomUUID } from 'node:crypto';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { createAdjusterSchema, createCarrierSchema } from '@ridgeline/shared/contracts/carriers';
import { createEstimateSchema, createMeasurementSchema, type StructureMeasurementData } from '@ridgeline/shared/contracts/estimating';
import { createInspectionSchema } from '@ridgeline/shared/contracts/inspections';
import { buildEstimateLines, pricedList, recordedDamage } from '@ridgeline/shared/domain/estimate';
import { pitchFactor } from '@ridgeline/shared/domain/roof-measurements';
import { createLedgerEntrySchema, type CreateLedgerEntryInput } from '@ridgeline/shared/contracts/ledger';
import { createProjectSchema, createTaskSchema } from '@ridgeline/shared/contracts/projects';
import { loadConfig } from '../config';
import type { Actor, Tenant } from '../lib/actor';
import type { Db } from '../infra/db/client';
import type { EventPublisher } from '../infra/events/event-bus';
import {
  estimates,
  inspectionActivity,
  inspectionPhotos,
  inspectionSessions,
  roofMeasurements,
  projectActivity,
  projects,
  projectStatusHistory,
} from '../infra/db/schema/index';
import type { Storage } from '../infra/storage/storage';
import { createLogger } from '../lib/logger';
import { createCarriersService } from '../features/carriers/carriers.service';
import { findCompany } from '../features/company/company.repository';
import { companyIceBarrier } from '../features/company/company.service';
import { createEstimatesService } from '../features/estimating/estimates.service';
import { createMeasurementsService } from '../features/estimating/measurements.service';
import { createInspectionsService } from '../features/inspections/inspections.service';
import { createLedgerService } from '../features/ledger/ledger.service';
import { createProjectStatusesService } from '../features/projects/project-statuses.service';
import { createProjectTasksService } from '../features/projects/project-tasks.service';
import { createProjectsService } from '../features/projects/projects.service';
import { createDemoPhotographer, planDemoInspection, type DemoInspectionPlan } from './demo-photos';

// The demo company's claim book: a carrier directory and claim files over eight months, each walked
// through the pipeline as a claim goes (inspected, filed, approved or denied, supplemented, built,
// paid), with its inspection, its photos and its ledger (the insurer's figures, supplements, checks). Everything
// is made through the product's own services (the plan limit, loss-type classification, the
// ledger's rules and activity apply), every input parsed by the same contracts the API validates
// with. The services stamp everything "now"; the demo then dates each claim file's history and its
// inspection back to when that step happened (its payments carry the days they were received), so the dashboard and /analytics show
// months of work (the status history, cycle times, days in status, weekly activity, revenue by month).
// Each inspection walks its shot list with photos taken on its day at the property (demo-photos.ts),
// stored as the phone's uploads are, in the file store the server uses; then its roof is measured and
// estimated as the estimate step does it (the formula lines from the measurement, the damage its
// photos show and the company's ice barrier rule, priced from the default list, O&P on).

// The seed walks each claim file's statuses itself: nothing is queued from the command line.
const NO_EVENTS: EventPublisher = { publish: async () => false };

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

const CARRIERS = [
  {
    name: 'Prairie Mutual Insurance',
    claimsPhone: '(800) 555-0142',
    claimsEmail: 'claims@prairiemutual.example',
    portalUrl: 'https://claims.prairiemutual.example',
    adjuster: { name: 'Kelly Marsh', phone: '(405) 555-0177', email: 'kmarsh@prairiemutual.example' },
  },
  {
    name: 'Red River Casualty',
    claimsPhone: '(800) 555-0190',
    claimsEmail: 'newloss@redriver.example',
    portalUrl: 'https://portal.redriver.example',
    adjuster: { name: 'Sam Ortega', phone: '(918) 555-0133', email: 'sortega@redriver.example' },
  },
  {
    name: 'Heartland General',
    claimsPhone: '(800) 555-0111',
    claimsEmail: 'claims@heartlandgeneral.example',
    portalUrl: null,
    adjuster: { name: 'Priya Nair', phone: '(405) 555-0168', email: 'pnair@heartlandgeneral.example' },
  },
] as const;

type DemoLedger = {
  /** The insurer's RCV, ACV and recoverable depreciation (cents), with the deductible. */
  rcv: number;
  acv: number;
  depreciation: number;
  /** Days after the claim file opened: the ACV check, the depreciation release, the deductible (any may be absent). */
  acvPaidDay?: number;
  depreciationPaidDay?: number;
  deductiblePaidDay?: number;
  /** A supplement asked for, and the insurer's answer (approved for `approved` cents, denied, or none yet). */
  supplement?: { label: string; amount: number; answer: 'approved' | 'denied' | 'pending'; approved?: number };
};

type DemoProject = {
  homeowner: string;
  street: string;
  city: string;
  zip: string;
  /** The property's coordinates: its photos' GPS is read against them. */
  lat: number;
  lng: number;
  /** A detached garage on the lot, inspected with the house. */
  garage?: true;
  carrier: number;
  description: string;
  claimNumber: string | null;
  rcvCents: number | null;
  /** Days ago the claim file was opened. */
  daysAgo: number;
  /** The statuses it went through after Lead, each with the day (after opening) it got there. */
  path: [status: string, day: number][];
  /** The day (after opening) of its inspection, completed. */
  inspectedDay?: number;
  ledger?: DemoLedger;
  task?: { title: string; dueIn: number };
};

const DEDUCTIBLE = 100_000;

/** About what a square of a replacement costs with its O&P (the default price list, a 6/12 roof): sizes each demo roof to its claim's RCV. */
const DOLLARS_PER_SQUARE = 560;
const PITCH = 6;

/**
 * The measurement of an inspection's structures: each slope a facet of the same plan area, the house
 * sized so its estimate comes near the claim file's RCV (a garage a fifth of it), the edges of a
 * square-ish hip or gable roof, vents and pipe jacks counted, an A/C condenser beside the house.
 */
function demoMeasurement(plan: DemoInspectionPlan, rcvCents: number | null): StructureMeasurementData[] {
  const houseSquares = Math.max(14, Math.round((rcvCents ?? 1_800_000) / 100 / DOLLARS_PER_SQUARE));
  return plan.structures.map((structure, index) => {
    const squares = index === 0 ? houseSquares : Math.max(4, Math.round(houseSquares / 5));
    const planArea = Math.round((squares * 100) / pitchFactor(PITCH));
    const facets = Math.max(1, structure.slopes.length);
    const side = Math.round(Math.sqrt(planArea));
    const hip = facets >= 4;
    return {
      structureId: structure.id,
      name: structure.name,
      facets: structure.slopes.map((slope, n) => ({
        id: `${structure.id}-${n + 1}`,
        name: `${slope.direction} slope`,
        pitchRise: PITCH,
        planAreaSqFt: Math.round(planArea / facets),
      })),
      linear: hip
        ? { ridge: Math.round(side * 0.3), hip: Math.round(side * 2.8), valley: 0, rake: 0, eave: side * 4, stepFlashing: 12, headwall: 0 }
        : { ridge: side, hip: 0, valley: 0, rake: Math.round(side * 2 * 1.12), eave: side * 2, stepFlashing: 0, headwall: 0 },
      hipValleyInPlan: false,
      wastePct: hip ? 15 : 10,
      layers: 1,
      stories: 1,
      roofVents: index === 0 ? 4 : 1,
      pipeJacks: index === 0 ? 3 : 0,
      acCondensers: index === 0 ? 1 : 0,
    };
  });
}

const PROJECTS: DemoProject[] = [
  {
    homeowner: 'Ruth Calloway',
    street: '4411 Maple Ridge Dr',
    city: 'Edmond',
    zip: '73034',
    lat: 35.6712,
    lng: -97.4263,
    carrier: 0,
    description: 'Hail and wind on the west slopes, gutters dented',
    claimNumber: null,
    rcvCents: null,
    daysAgo: 1,
    path: [],
    task: { title: 'Schedule the inspection', dueIn: 1 },
  },
  {
    homeowner: 'Jorge Villanueva',
    street: '908 Cedar Bluff Ct',
    city: 'Moore',
    zip: '73160',
    lat: 35.3268,
    lng: -97.5034,
    carrier: 1,
    description: 'Golf-ball hail, bruised shingles on every slope',
    claimNumber: null,
    rcvCents: 1842000,
    daysAgo: 6,
    path: [['inspected', 2]],
    inspectedDay: 2,
    task: { title: 'File the claim with Red River', dueIn: -2 },
  },
  {
    homeowner: 'Amelia Franks',
    street: '17 Quail Run',
    city: 'Norman',
    zip: '73072',
    lat: 35.2139,
    lng: -97.4851,
    carrier: 0,
    description: 'Shingles torn off by wind on the ridge',
    claimNumber: 'PMI-2026-118402',
    rcvCents: 1265000,
    daysAgo: 12,
    path: [
      ['inspected', 1],
      ['claim_filed', 3],
    ],
    inspectedDay: 1,
  },
  {
    homeowner: 'Derek & Lana Moss',
    street: '3020 Osage Trail',
    city: 'Yukon',
    zip: '73099',
    lat: 35.4921,
    lng: -97.7388,
    garage: true,
    carrier: 2,
    description: 'Hail storm, soft metals and AC fins dented',
    claimNumber: 'HG-55120937',
    rcvCents: 2390000,
    daysAgo: 19,
    path: [
      ['inspected', 2],
      ['claim_filed', 4],
      ['adjuster_scheduled', 9],
    ],
    inspectedDay: 2,
    task: { title: 'Meet the adjuster on site', dueIn: 3 },
  },
  {
    homeowner: 'Patricia Odum',
    street: '1209 Redbud Ln',
    city: 'Mustang',
    zip: '73064',
    lat: 35.3917,
    lng: -97.7152,
    carrier: 1,
    description: 'Hail',
    claimNumber: 'RRC-7730125',
    rcvCents: 3105000,
    daysAgo: 34,
    path: [
      ['inspected', 1],
      ['claim_filed', 3],
      ['adjuster_scheduled', 8],
      ['approved', 20],
    ],
    inspectedDay: 1,
    ledger: { rcv: 3_105_000, acv: 2_480_000, depreciation: 625_000, acvPaidDay: 27 },
    task: { title: 'Order materials for the build', dueIn: 5 },
  },
  {
    homeowner: 'Henry Whitaker',
    street: '55 Prairie Wind Rd',
    city: 'Piedmont',
    zip: '73078',
    lat: 35.6488,
    lng: -97.7561,
    carrier: 0,
    description: 'Wind-driven rain through lifted shingles',
    claimNumber: 'PMI-2026-117733',
    rcvCents: 1588000,
    daysAgo: 47,
    path: [
      ['inspected', 2],
      ['claim_filed', 5],
      ['approved', 19],
      ['supplement_requested', 26],
    ],
    inspectedDay: 2,
    ledger: {
      rcv: 1_588_000,
      acv: 1_240_000,
      depreciation: 348_000,
      acvPaidDay: 24,
      supplement: { label: 'Drip edge and starter strip', amount: 86_400, answer: 'pending' },
    },
    task: { title: 'Send the drip edge and starter supplement', dueIn: -4 },
  },
  {
    homeowner: 'Grace Lin',
    street: '760 Sycamore St',
    city: 'Bethany',
    zip: '73008',
    lat: 35.5142,
    lng: -97.6398,
    carrier: 2,
    description: 'Hail with wind, skylight cracked',
    claimNumber: 'HG-55098811',
    rcvCents: 2744000,
    daysAgo: 58,
    path: [
      ['inspected', 1],
      ['claim_filed', 4],
      ['adjuster_scheduled', 10],
      ['approved', 24],
      ['build_scheduled', 33],
    ],
    inspectedDay: 1,
    ledger: {
      rcv: 2_744_000,
      acv: 2_150_000,
      depreciation: 594_000,
      acvPaidDay: 30,
      supplement: { label: 'Skylight flashing kit', amount: 42_000, answer: 'approved', approved: 38_500 },
    },
  },
  {
    homeowner: 'Walter Brooks',
    street: '2314 Harvest Hill',
    city: 'Choctaw',
    zip: '73020',
    lat: 35.4889,
    lng: -97.2791,
    carrier: 1,
    description: 'Roof leak over the garage',
    claimNumber: 'RRC-7712290',
    rcvCents: 912000,
    daysAgo: 92,
    path: [
      ['inspected', 3],
      ['claim_filed', 6],
      ['denied', 30],
      ['closed', 38],
    ],
    inspectedDay: 3,
  },
  {
    homeowner: 'Nadia Kowalski',
    street: '81 Bluestem Ave',
    city: 'Edmond',
    zip: '73013',
    lat: 35.6247,
    lng: -97.4649,
    carrier: 0,
    description: 'Hail, bruised shingles and dented vents',
    claimNumber: 'PMI-2026-109921',
    rcvCents: 2215000,
    daysAgo: 118,
    path: [
      ['inspected', 1],
      ['claim_filed', 3],
      ['adjuster_scheduled', 7],
      ['approved', 18],
      ['build_scheduled', 25],
      ['completed', 41],
      ['depreciation_requested', 43],
    ],
    inspectedDay: 1,
    ledger: { rcv: 2_215_000, acv: 1_720_000, depreciation: 495_000, acvPaidDay: 22, deductiblePaidDay: 41 },
  },
  {
    homeowner: 'Owen Tate',
    street: '4902 Kickingbird Rd',
    city: 'Edmond',
    zip: '73034',
    lat: 35.6606,
    lng: -97.4412,
    carrier: 2,
    description: 'Hail',
    claimNumber: 'HG-54977310',
    rcvCents: 1968000,
    daysAgo: 146,
    path: [
      ['inspected', 2],
      ['claim_filed', 4],
      ['adjuster_scheduled', 11],
      ['approved', 27],
      ['build_scheduled', 36],
      ['completed', 50],
      ['depreciation_requested', 51],
      ['paid', 66],
    ],
    inspectedDay: 2,
    ledger: { rcv: 1_968_000, acv: 1_530_000, depreciation: 438_000, acvPaidDay: 31, depreciationPaidDay: 64, deductiblePaidDay: 50 },
  },
  {
    homeowner: 'Bea Hollister',
    street: '610 Coltrane Rd',
    city: 'Edmond',
    zip: '73034',
    lat: 35.6801,
    lng: -97.4527,
    carrier: 1,
    description: 'Wind damage, shingles and ridge cap blown off',
    claimNumber: 'RRC-7688014',
    rcvCents: 1394000,
    daysAgo: 171,
    path: [
      ['inspected', 1],
      ['claim_filed', 2],
      ['approved', 15],
      ['build_scheduled', 22],
      ['completed', 35],
      ['depreciation_requested', 36],
      ['paid', 58],
    ],
    inspectedDay: 1,
    ledger: {
      rcv: 1_394_000,
      acv: 1_050_000,
      depreciation: 344_000,
      acvPaidDay: 18,
      depreciationPaidDay: 55,
      deductiblePaidDay: 35,
      supplement: { label: 'Ridge vent', amount: 31_000, answer: 'denied' },
    },
  },
  {
    homeowner: 'Samuel Greer',
    street: '220 Fox Lake Ln',
    city: 'Moore',
    zip: '73160',
    lat: 35.3442,
    lng: -97.4712,
    carrier: 1,
    description: 'Hail',
    claimNumber: 'RRC-7661102',
    rcvCents: 1710000,
    daysAgo: 196,
    path: [
      ['inspected', 2],
      ['claim_filed', 5],
      ['adjuster_scheduled', 12],
      ['denied', 34],
      ['closed', 40],
    ],
    inspectedDay: 2,
  },
  {
    homeowner: 'Marisol Vega',
    street: '1500 N Kelly Ave',
    city: 'Edmond',
    zip: '73003',
    lat: 35.6731,
    lng: -97.47,
    garage: true,
    carrier: 0,
    description: 'Hail and wind, gutters and downspouts crushed',
    claimNumber: 'PMI-2026-098812',
    rcvCents: 2880000,
    daysAgo: 214,
    path: [
      ['inspected', 1],
      ['claim_filed', 3],
      ['adjuster_scheduled', 9],
      ['approved', 21],
      ['supplement_requested', 27],
      ['build_scheduled', 38],
      ['completed', 52],
      ['depreciation_requested', 53],
      ['paid', 71],
    ],
    inspectedDay: 1,
    ledger: {
      rcv: 2_880_000,
      acv: 2_210_000,
      depreciation: 670_000,
      acvPaidDay: 25,
      depreciationPaidDay: 69,
      deductiblePaidDay: 52,
      supplement: { label: 'Gutters and downspouts, 180 LF', amount: 168_000, answer: 'approved', approved: 152_000 },
    },
  },
  {
    homeowner: 'Clyde Harjo',
    street: '9 Lakeshore Dr',
    city: 'Norman',
    zip: '73026',
    lat: 35.2412,
    lng: -97.3528,
    carrier: 2,
    description: 'Hail',
    claimNumber: 'HG-54900215',
    rcvCents: 1502000,
    daysAgo: 233,
    path: [
      ['inspected', 2],
      ['claim_filed', 4],
      ['adjuster_scheduled', 10],
      ['approved', 26],
      ['build_scheduled', 34],
      ['completed', 47],
      ['depreciation_requested', 48],
      ['paid', 63],
    ],
    inspectedDay: 2,
    ledger: { rcv: 1_502_000, acv: 1_180_000, depreciation: 322_000, acvPaidDay: 30, depreciationPaidDay: 61, deductiblePaidDay: 47 },
  },
];

/** Builds the demo company's carriers, adjusters, projects, inspections and their photos (stored in `storage`), ledgers and tasks, acting as the given member. */
export async function seedDemoClaims(db: Db, owner: Actor, tenant: Tenant, assignees: string[], storage: Storage): Promise<number> {
  const carriers = createCarriersService({ db });
  // The demo seeds claim files and never exports them: the default read timeout is enough.
  const projectsService = createProjectsService({ db, readTimeoutMs: loadConfig().databaseTimeouts.readMs });
  const tasks = createProjectTasksService({ db });
  const inspections = createInspectionsService({ db, events: NO_EVENTS });
  const ledger = createLedgerService({ db, events: NO_EVENTS });
  const photographer = createDemoPhotographer({ db, storage, logger: createLogger('warn') });
  const measurementsService = createMeasurementsService({ db, storage, logger: createLogger('warn') });
  const estimatesService = createEstimatesService({ db });
  const company = await findCompany(db, tenant.companyId);
  if (!company) throw new Error('The demo company is not there');
  const iceBarrier = companyIceBarrier(company);
  const statuses = (await createProjectStatusesService({ db }).list(tenant)).statuses;
  const statusOf = (key: string) => {
    const status = statuses.find((candidate) => candidate.key === key);
    if (!status) throw new Error(`The default pipeline has no status ${key}`);
    return status;
  };

  const directory: { carrierId: string; adjusterId: string }[] = [];
  for (const entry of CARRIERS) {
    const { adjuster, ...fields } = entry;
    const carrier = await carriers.create(owner, tenant, createCarrierSchema.parse(fields));
    const met = await carriers.createAdjuster(owner, tenant, createAdjusterSchema.parse({ ...adjuster, carrierId: carrier.id }));
    directory.push({ carrierId: carrier.id, adjusterId: met.id });
  }

  for (const [index, demo] of PROJECTS.entries()) {
    const from = directory[demo.carrier];
    const assigneeId = assignees[index % assignees.length] ?? null;
    const openedAt = new Date(Date.now() - demo.daysAgo * DAY_MS);
    const at = (dayAfterOpening: number) => new Date(openedAt.getTime() + dayAfterOpening * DAY_MS);
    const dateOf = (dayAfterOpening: number) => at(dayAfterOpening).toISOString().slice(0, 10);
    const project = await projectsService.create(
      owner,
      tenant,
      createProjectSchema.parse({
        title: `${demo.homeowner.split(' ').at(-1) ?? demo.homeowner} roof claim`,
        homeownerName: demo.homeowner,
        homeownerPhone: `(405) 555-01${String(50 + index).padStart(2, '0')}`,
        street: demo.street,
        city: demo.city,
        state: 'OK',
        zip: demo.zip,
        latitude: demo.lat,
        longitude: demo.lng,
        carrierId: from?.carrierId ?? null,
        adjusterId: from?.adjusterId ?? null,
        claimNumber: demo.claimNumber,
        dateOfLoss: day(-demo.daysAgo - 3),
        lossDescription: demo.description,
        rcvCents: demo.rcvCents,
        deductibleCents: demo.rcvCents === null ? null : DEDUCTIBLE,
        assigneeId,
      }),
    );
    for (const [key] of demo.path) await projectsService.changeStatus(owner, tenant, project.id, statusOf(key).id);

    // Its inspection, by the member it is assigned to, completed: its structures and its photos, shot by shot.
    let walk: { sessionId: string; startedAt: Date; completedAt: Date } | null = null;
    if (demo.inspectedDay !== undefined) {
      const sessionId = randomUUID();
      const inspector: Actor = { ...owner, userId: assigneeId ?? owner.userId };
      const property = {
        index,
        street: demo.street,
        city: demo.city,
        place: { lat: demo.lat, lng: demo.lng },
        description: demo.description,
        lossType: project.lossType,
        denied: demo.path.some(([key]) => key === 'denied'),
        garage: demo.garage === true,
        camera: index % assignees.length,
        day: at(demo.inspectedDay),
      };
      const plan = planDemoInspection(property);
      await inspections.create(
        inspector,
        tenant,
        createInspectionSchema.parse({
          id: sessionId,
          projectId: project.id,
          editedAt: plan.completedAt.toISOString(),
          fields: { street: demo.street, city: demo.city, state: 'OK', zip: demo.zip, structures: plan.structures, status: 'completed' },
        }),
      );
      await photographer.photograph(inspector, tenant, sessionId, property, plan);
      walk = { sessionId, startedAt: plan.startedAt, completedAt: plan.completedAt };

      // Its roof measured, and its estimate from the measurement and the damage its photos show.
      const measurement = await measurementsService.create(
        inspector,
        tenant,
        createMeasurementSchema.parse({ sessionId, label: 'Roof', structures: demoMeasurement(plan, demo.rcvCents) }),
      );
      const photos = await db
        .select({
          id: inspectionPhotos.id,
          category: inspectionPhotos.category,
          subcategory: inspectionPhotos.subcategory,
          structureId: inspectionPhotos.structureId,
        })
        .from(inspectionPhotos)
        .where(and(eq(inspectionPhotos.companyId, tenant.companyId), eq(inspectionPhotos.sessionId, sessionId)));
      const damage = recordedDamage(photos, plan.structures[0]?.id ?? null);
      const lines = buildEstimateLines(measurement.structures, pricedList([]), randomUUID, { damage, iceBarrier });
      await estimatesService.create(
        inspector,
        tenant,
        createEstimateSchema.parse({ sessionId, lines, opEnabled: true, depreciationMode: 'overall', overallDepreciationBp: 2_000 }),
      );
    }

    // Its ledger: the insurer's figures, a supplement and its answer, the checks as they came in.
    const entries: CreateLedgerEntryInput[] = [];
    const money = demo.ledger;
    if (money) {
      for (const [figure, amountCents] of [
        ['rcv', money.rcv],
        ['acv', money.acv],
        ['recoverable_depreciation', money.depreciation],
        ['deductible', DEDUCTIBLE],
      ] as const) {
        entries.push({ kind: 'figure', figure, amountCents });
      }
      if (money.acvPaidDay !== undefined)
        entries.push({
          kind: 'payment_received',
          paymentType: 'acv_check',
          amountCents: money.acv - DEDUCTIBLE,
          date: dateOf(money.acvPaidDay),
          reference: `Check ${10400 + index}`,
        });
    }
    const add = (input: CreateLedgerEntryInput) => ledger.append(owner, tenant, project.id, createLedgerEntrySchema.parse(input));
    for (const input of entries) await add(input);
    if (money?.supplement) {
      const { label, amount, answer } = money.supplement;
      const supplementId = (await add({ kind: 'supplement_requested', label, amountCents: amount })).entries.at(-1)?.id;
      if (supplementId && answer === 'approved') {
        const approved = money.supplement.approved ?? amount;
        await add({ kind: 'supplement_approved', supplementId, amountCents: approved });
        // The supplement's check comes with the depreciation's.
        if (money.depreciationPaidDay !== undefined)
          await add({ kind: 'payment_received', paymentType: 'supplement_check', amountCents: approved, date: dateOf(money.depreciationPaidDay - 2) });
      }
      if (supplementId && answer === 'denied') await add({ kind: 'supplement_denied', supplementId });
    }
    // Asked for once the build is done: expected until the insurer releases it.
    const askedDay = demo.path.find(([key]) => key === 'depreciation_requested')?.[1];
    if (money && askedDay !== undefined && money.depreciationPaidDay === undefined)
      await add({ kind: 'payment_expected', paymentType: 'depreciation_release', amountCents: money.depreciation, date: dateOf(askedDay + 30) });
    if (money?.depreciationPaidDay !== undefined)
      await add({ kind: 'payment_received', paymentType: 'depreciation_release', amountCents: money.depreciation, date: dateOf(money.depreciationPaidDay) });
    if (money?.deductiblePaidDay !== undefined)
      await add({ kind: 'payment_received', paymentType: 'deductible', amountCents: DEDUCTIBLE, date: dateOf(money.deductiblePaidDay) });

    if (demo.task) {
      await tasks.create(owner, tenant, project.id, createTaskSchema.parse({ title: demo.task.title, dueDate: day(demo.task.dueIn), assigneeId }));
    }
    // The inspected step is when the inspection was completed.
    const steps = demo.path.map(([key, stepDay]) => (key === 'inspected' && walk ? walk.completedAt : at(stepDay)));
    await dateBack(db, tenant.companyId, project.id, { openedAt, steps, walk });
  }
  return PROJECTS.length;
}

/**
 * Dates a claim file's records back to when each step happened: the file opened, each stay of its
 * history from its step to the next (the last still going), its timeline's status moves in the same
 * order, and its inspection (started on arrival, completed after the last photo, its timeline's
 * entries other than the photos', which are dated with them; its measurement and estimate, made as
 * it ended). The ledger is append-only, even here:
 * its entries keep the day they were written, their payments the day each was received.
 */
async function dateBack(
  db: Db,
  companyId: string,
  projectId: string,
  when: { openedAt: Date; steps: Date[]; walk: { sessionId: string; startedAt: Date; completedAt: Date } | null },
): Promise<void> {
  const inspectedAt = when.walk?.completedAt ?? null;
  const ofProject = (table: typeof projectStatusHistory | typeof projectActivity) => and(eq(table.companyId, companyId), eq(table.projectId, projectId));
  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ createdAt: when.openedAt })
      .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
    const stays = await tx
      .select({ id: projectStatusHistory.id })
      .from(projectStatusHistory)
      .where(ofProject(projectStatusHistory))
      .orderBy(asc(projectStatusHistory.enteredAt), asc(projectStatusHistory.id));
    const starts = [when.openedAt, ...when.steps];
    for (const [index, stay] of stays.entries()) {
      const enteredAt = starts[index] ?? when.openedAt;
      const leftAt = index + 1 < stays.length ? (starts[index + 1] ?? null) : null;
      await tx.update(projectStatusHistory).set({ enteredAt, leftAt }).where(eq(projectStatusHistory.id, stay.id));
    }
    const moves = await tx
      .select({ id: projectActivity.id, kind: projectActivity.kind })
      .from(projectActivity)
      .where(ofProject(projectActivity))
      .orderBy(asc(projectActivity.createdAt), asc(projectActivity.id));
    let step = 0;
    for (const entry of moves) {
      const createdAt =
        entry.kind === 'status_changed' ? (when.steps[step++] ?? when.openedAt) : entry.kind === 'created' ? when.openedAt : (inspectedAt ?? when.openedAt);
      await tx.update(projectActivity).set({ createdAt }).where(eq(projectActivity.id, entry.id));
    }
    const { walk } = when;
    if (walk) {
      await tx
        .update(inspectionSessions)
        .set({ createdAt: walk.startedAt, updatedAt: walk.completedAt, completedAt: walk.completedAt })
        .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, walk.sessionId)));
      const ofSession = and(eq(inspectionActivity.companyId, companyId), eq(inspectionActivity.sessionId, walk.sessionId));
      await tx
        .update(inspectionActivity)
        .set({ createdAt: walk.startedAt })
        .where(and(ofSession, eq(inspectionActivity.kind, 'created')));
      await tx
        .update(inspectionActivity)
        .set({ createdAt: walk.completedAt })
        .where(and(ofSession, notInArray(inspectionActivity.kind, ['created', 'photo_uploaded'])));
      // Measured and estimated as the visit ended.
      const dated = { createdAt: walk.completedAt, updatedAt: walk.completedAt };
      await tx
        .update(roofMeasurements)
        .set(dated)
        .where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.sessionId, walk.sessionId)));
      await tx
        .update(estimates)
        .set(dated)
        .where(and(eq(estimates.companyId, companyId), eq(estimates.sessionId, walk.sessionId)));
    }
  });
}
