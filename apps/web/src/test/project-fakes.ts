import type { Carrier } from '@ridgeline/shared/contracts/carriers';
import type { ProjectList, ProjectStatus, ProjectSummary } from '@ridgeline/shared/contracts/projects';
import type { TeamResponse } from '@ridgeline/shared/contracts/team';
import { answer, json, type Reply, type SentRequest } from './fake-server';

// Fakes of the project screens' reads (tests only): a three-status pipeline, a team of two, a
// carrier, claim files, and answers for each read route.

export const LEAD_ID = '00000000-0000-4000-8000-000000000001';
export const INSPECTION_ID = '00000000-0000-4000-8000-000000000002';
export const CLOSED_ID = '00000000-0000-4000-8000-000000000003';
export const CARRIER_ID = '00000000-0000-4000-8000-0000000000c1';

export function fakeStatus(overrides: Partial<ProjectStatus> & Pick<ProjectStatus, 'id' | 'name' | 'position'>): ProjectStatus {
  return { key: overrides.name.toLowerCase(), isClosed: false, isHidden: false, projectCount: 0, ...overrides };
}

export const fakeStatuses: ProjectStatus[] = [
  fakeStatus({ id: LEAD_ID, name: 'Lead', position: 0, projectCount: 1 }),
  fakeStatus({ id: INSPECTION_ID, name: 'Inspection', position: 1 }),
  fakeStatus({ id: CLOSED_ID, name: 'Closed', position: 2, isClosed: true }),
];

export const fakeTeam: TeamResponse = {
  members: [
    { id: 'm-1', userId: 'u-alice', email: 'alice@example.com', role: 'owner', name: 'Alice Roof', joinedAt: '2026-01-01T00:00:00Z' },
    { id: 'm-2', userId: 'u-bob', email: 'bob@example.com', role: 'member', name: 'Bob Shingle', joinedAt: '2026-01-02T00:00:00Z' },
  ],
  invitations: [],
  myRole: 'owner',
};

export const fakeCarrier: Carrier = {
  id: CARRIER_ID,
  name: 'State Farm',
  claimsPhone: null,
  claimsEmail: null,
  portalUrl: null,
  notes: null,
  projectCount: 1,
  adjusterCount: 0,
  createdBy: null,
};

export function fakeProject(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: 'p-1',
    title: 'Smith roof',
    homeownerName: 'Jane Smith',
    street: '12 Oak St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    claimNumber: 'CLM-1',
    carrier: { id: CARRIER_ID, name: 'State Farm' },
    lossType: 'hail',
    dateOfLoss: '2026-05-03',
    statusId: LEAD_ID,
    assignee: { id: 'u-bob', name: 'Bob Shingle' },
    isActive: true,
    archivedAt: null,
    rcvCents: null,
    createdAt: '2026-06-01T00:00:00Z',
    updatedAt: '2026-06-02T00:00:00Z',
    ...overrides,
  };
}

export function fakeProjectList(projects: ProjectSummary[], overrides: Partial<ProjectList> = {}): ProjectList {
  return {
    projects,
    total: projects.length,
    page: 1,
    pageSize: 50,
    activeFiles: { active: projects.filter((project) => project.isActive).length, limit: 25, plan: 'professional', planName: 'Professional', trialing: true },
    ...overrides,
  };
}

/** The reads every project screen makes: the pipeline, the team, the carriers (and adjusters). */
export function answerProjectReads(): void {
  answer('GET /api/project-statuses', json({ statuses: fakeStatuses }));
  answer('GET /api/team', json(fakeTeam));
  answer('GET /api/carriers', json({ carriers: [fakeCarrier] }));
  answer('GET /api/adjusters', json({ adjusters: [] }));
}

/** GET /api/projects answers `list` (or from the request). */
export function answerProjects(list: ProjectList | ((request: SentRequest) => Reply)): void {
  answer('GET /api/projects', typeof list === 'function' ? list : json(list));
}
