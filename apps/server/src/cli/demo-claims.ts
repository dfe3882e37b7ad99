import { createAdjusterSchema, createCarrierSchema } from '@ridgeline/shared/contracts/carriers';
import { createProjectSchema, createTaskSchema } from '@ridgeline/shared/contracts/projects';
import { loadConfig } from '../config';
import type { Actor, Tenant } from '../http/context';
import type { Db } from '../infra/db/client';
import { createCarriersService } from '../features/carriers/carriers.service';
import { createProjectStatusesService } from '../features/projects/project-statuses.service';
import { createProjectTasksService } from '../features/projects/project-tasks.service';
import { createProjectsService } from '../features/projects/projects.service';

// The demo company's claim book: a carrier directory and claim files across the pipeline, made
// through the product's own services (the plan limit, loss-type classification and activity apply),
// every input parsed by the same contracts the API validates with.

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

type DemoProject = {
  homeowner: string;
  street: string;
  city: string;
  zip: string;
  carrier: number;
  status: string;
  description: string;
  claimNumber: string | null;
  rcvCents: number | null;
  daysAgo: number;
  task?: { title: string; dueIn: number };
};

const PROJECTS: DemoProject[] = [
  { homeowner: 'Ruth Calloway', street: '4411 Maple Ridge Dr', city: 'Edmond', zip: '73034', carrier: 0, status: 'lead', description: 'Hail and wind on the west slopes, gutters dented', claimNumber: null, rcvCents: null, daysAgo: 1, task: { title: 'Schedule the inspection', dueIn: 1 } },
  { homeowner: 'Jorge Villanueva', street: '908 Cedar Bluff Ct', city: 'Moore', zip: '73160', carrier: 1, status: 'inspected', description: 'Golf-ball hail, bruised shingles on every slope', claimNumber: null, rcvCents: 1842000, daysAgo: 4, task: { title: 'File the claim with Red River', dueIn: -2 } },
  { homeowner: 'Amelia Franks', street: '17 Quail Run', city: 'Norman', zip: '73072', carrier: 0, status: 'claim_filed', description: 'Shingles torn off by wind on the ridge', claimNumber: 'PMI-2026-118402', rcvCents: 1265000, daysAgo: 9 },
  { homeowner: 'Derek & Lana Moss', street: '3020 Osage Trail', city: 'Yukon', zip: '73099', carrier: 2, status: 'adjuster_scheduled', description: 'Hail storm, soft metals and AC fins dented', claimNumber: 'HG-55120937', rcvCents: 2390000, daysAgo: 14, task: { title: 'Meet the adjuster on site', dueIn: 3 } },
  { homeowner: 'Patricia Odum', street: '1209 Redbud Ln', city: 'Mustang', zip: '73064', carrier: 1, status: 'approved', description: 'Hail', claimNumber: 'RRC-7730125', rcvCents: 3105000, daysAgo: 21, task: { title: 'Order materials for the build', dueIn: 5 } },
  { homeowner: 'Henry Whitaker', street: '55 Prairie Wind Rd', city: 'Piedmont', zip: '73078', carrier: 0, status: 'supplement_requested', description: 'Wind-driven rain through lifted shingles', claimNumber: 'PMI-2026-117733', rcvCents: 1588000, daysAgo: 30, task: { title: 'Send the drip edge and starter supplement', dueIn: -4 } },
  { homeowner: 'Grace Lin', street: '760 Sycamore St', city: 'Bethany', zip: '73008', carrier: 2, status: 'build_scheduled', description: 'Hail with wind, skylight cracked', claimNumber: 'HG-55098811', rcvCents: 2744000, daysAgo: 40 },
  { homeowner: 'Walter Brooks', street: '2314 Harvest Hill', city: 'Choctaw', zip: '73020', carrier: 1, status: 'closed', description: 'Roof leak over the garage', claimNumber: 'RRC-7712290', rcvCents: 912000, daysAgo: 75 },
];

/** Builds the demo company's carriers, adjusters, projects and tasks, acting as the given member. */
export async function seedDemoClaims(db: Db, owner: Actor, tenant: Tenant, assignees: string[]): Promise<number> {
  const carriers = createCarriersService({ db });
  // The demo seeds claim files and never exports them: the default read timeout is enough.
  const projects = createProjectsService({ db, readTimeoutMs: loadConfig().databaseTimeouts.readMs });
  const tasks = createProjectTasksService({ db });
  const statuses = (await createProjectStatusesService({ db }).list(tenant)).statuses;

  const directory: { carrierId: string; adjusterId: string }[] = [];
  for (const entry of CARRIERS) {
    const { adjuster, ...fields } = entry;
    const carrier = await carriers.create(owner, tenant, createCarrierSchema.parse(fields));
    const met = await carriers.createAdjuster(owner, tenant, createAdjusterSchema.parse({ ...adjuster, carrierId: carrier.id }));
    directory.push({ carrierId: carrier.id, adjusterId: met.id });
  }

  for (const [index, demo] of PROJECTS.entries()) {
    const status = statuses.find((candidate) => candidate.key === demo.status);
    const from = directory[demo.carrier];
    const assigneeId = assignees[index % assignees.length] ?? null;
    const project = await projects.create(
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
        carrierId: from?.carrierId ?? null,
        adjusterId: from?.adjusterId ?? null,
        claimNumber: demo.claimNumber,
        dateOfLoss: day(-demo.daysAgo - 3),
        lossDescription: demo.description,
        rcvCents: demo.rcvCents,
        deductibleCents: demo.rcvCents === null ? null : 100000,
        assigneeId,
        statusId: status?.id,
      }),
    );
    if (demo.task) {
      await tasks.create(owner, tenant, project.id, createTaskSchema.parse({ title: demo.task.title, dueDate: day(demo.task.dueIn), assigneeId }));
    }
  }
  return PROJECTS.length;
}
