import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { EMPTY_MEASUREMENTS } from '@ridgeline/shared/domain/shingle-id';
import { line, mainHouse, measurementBody } from '../features/estimating/estimating.fixtures';
import { appendCreditEntry } from '../features/billing/credit-ledger.repository';
import { companies, estimates, inspectionSessions, members, notifications, projects, projectStatuses } from '../infra/db/schema/index';
import { makeJpeg } from '../infra/pdf/pdf-test-kit';
import { appRoutes } from './app-routes';
import { startChatCompletionsServer } from './chat-completions-server';
import { createUser, insertProjectRow, signedInOwner, signedInUser, uniqueEmail, type SignedUpUser } from './factories';
import { tinyPng } from './images';
import { startLocalPushService, type LocalPushService } from './push-service';
import { parseSse } from './sse';
import type { TestResponse } from './test-client';
import { useTestServer } from './use-test-server';

// The role matrix of docs/security.md ("Who may write what"), proved on the assembled app: every write
// route of the route table is in one of its two tables; each route of the first is tried by an owner,
// a manager and a member of one company on real rows of it (made through the API where a person's own
// work matters), and answers as the table says: `yes` 2xx; `no` 403 with no row of any table changed,
// even on what that person made; `own` 2xx on what the person made and 403, nothing changed, on a
// colleague's. Every platform-admin route answers 403 to each company role, changing nothing, and lets
// a platform admin past (its own tests prove the rest).

type Cell = 'yes' | 'no' | 'own';
type MatrixRow = { route: string; cells: Record<CompanyRole, Cell> };
type OtherRow = { route: string; who: string };
type Person = SignedUpUser & { id: string; role: CompanyRole };
/** A request to try: JSON, or raw bytes (uploads). `expect` is the answer of an allowed try when it cannot be 2xx here (test mode). */
type Attempt = { path: string; json?: unknown; raw?: Buffer; contentType?: string; expect?: { status: number; code: string } };
/** Makes what the try needs: `actor` tries it, `maker` is who made the row it acts on where that matters. */
type Fixture = (actor: Person, maker: Person) => Promise<Attempt>;

const ROLES: CompanyRole[] = ['owner', 'manager', 'member'];
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// ---------------------------------------------------------------- the tables, as docs/security.md writes them

async function readMatrix(): Promise<{ company: MatrixRow[]; other: OtherRow[] }> {
  const text = await readFile(new URL('../../../../docs/security.md', import.meta.url), 'utf8');
  const start = text.indexOf('## Who may write what');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const company: MatrixRow[] = [];
  const other: OtherRow[] = [];
  for (const line of section.split('\n')) {
    const cells = /^\| `([A-Z]+ [^`]+)` \|(.*)\|$/.exec(line);
    if (!cells?.[1] || cells[2] === undefined) continue;
    const rest = cells[2].split('|').map((cell) => cell.trim());
    const [owner, manager, member] = rest;
    if (rest.length === 3 && isCell(owner) && isCell(manager) && isCell(member)) company.push({ route: cells[1], cells: { owner, manager, member } });
    else other.push({ route: cells[1], who: rest.join(' ') });
  }
  return { company, other };
}

const isCell = (value: string | undefined): value is Cell => value === 'yes' || value === 'no' || value === 'own';

// ---------------------------------------------------------------- the company and its people

const chat = { local: null as Awaited<ReturnType<typeof startChatCompletionsServer>> | null };
let push: LocalPushService;
beforeAll(async () => {
  chat.local = await startChatCompletionsServer();
  push = await startLocalPushService();
});
afterAll(async () => {
  await push.close();
  await chat.local?.stop();
});

// Enough writes for every route, several times over, from one address within the minute; the
// assistant's provider is the local chat-completions server (Shingle ID's suggestions need one).
const server = useTestServer(() => ({
  API_WRITE_LIMIT: '100000',
  PUSH_TEST_HOSTS: new URL(push.origin).host,
  ASSISTANT_API_KEY: 'local-test-key',
  ASSISTANT_BASE_URL: chat.local?.baseUrl ?? '',
  ASSISTANT_MODEL: 'local-model',
  ASSISTANT_MAX_RETRIES: '0',
  ASSISTANT_TIMEOUT_MS: '5000',
}));

const people = {} as Record<CompanyRole | 'colleague', Person> & { admin: SignedUpUser };
let companyId = '';
let projectId = '';

async function person(role: CompanyRole, signed: SignedUpUser): Promise<Person> {
  return { ...signed, id: signed.me.id, role };
}

beforeAll(async () => {
  const owner = await signedInOwner(server, { name: 'Matrix Roofing', phone: '+1 555 010 7000', address: '7 Ridge Rd, Tulsa, OK 74103' });
  companyId = owner.company.id;
  people.owner = await person('owner', owner);
  people.manager = await person('manager', await signedInUser(server, { company: owner.company, role: 'manager' }));
  people.member = await person('member', await signedInUser(server, { company: owner.company, role: 'member' }));
  people.colleague = await person('member', await signedInUser(server, { company: owner.company, role: 'member' }));
  people.admin = await signedInUser(server, { platformAdmin: true });
  // A running plan with room for every claim file the tries open (the trial's limits are Professional's).
  await server.db.update(companies).set({ plan: 'business', billingStatus: 'active' }).where(eq(companies.id, companyId));
  projectId = (await insertProjectRow(server.db, companyId, { street: '12 Elm St', homeownerName: 'Jordan Reyes' })).id;
  await server.db.transaction((tx) => appendCreditEntry(tx, { companyId, kind: 'purchase', credits: 100, reason: 'Credits for the matrix', actorId: null }));
});

// ---------------------------------------------------------------- what the tries are made of

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdf = () => Buffer.from('%PDF-1.4\n% matrix\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const now = () => new Date().toISOString();
let counter = 0;
const next = (label: string) => `${label} ${++counter}`;
const jpeg = () => makeJpeg(64, 48, [(counter * 37) % 255, (counter * 11) % 255, ++counter % 255]);

async function ok<T>(response: Promise<TestResponse<T>>, what: string): Promise<T> {
  const answer = await response;
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${answer.text}`);
  return answer.body;
}

const by = (who: Person) => who.client;
const freshProject = async () => (await insertProjectRow(server.db, companyId)).id;

async function session(maker: Person, options: { projectId?: string } = {}): Promise<string> {
  const body = { id: randomUUID(), editedAt: now(), ...options, fields: { street: next('Hail Rd'), homeownerName: 'Pat Hail' } };
  return (await ok(by(maker).post<{ id: string }>('/api/inspections', body), 'session')).id;
}

async function photo(maker: Person): Promise<{ id: string; filePath: string; fileName: string }> {
  const bytes = await jpeg();
  const path = `/api/inspections/${await session(maker)}/photos/${randomUUID()}?fileName=roof.jpg&category=roof&phase=roof&sha256=${sha(bytes)}`;
  return (await ok(by(maker).put<{ photo: { id: string; filePath: string; fileName: string } }>(path, bytes), 'photo')).photo;
}

async function statusId(key: string): Promise<string> {
  const [row] = await server.db
    .select({ id: projectStatuses.id })
    .from(projectStatuses)
    .where(and(eq(projectStatuses.companyId, companyId), eq(projectStatuses.key, key)));
  if (!row) throw new Error(`no status ${key}`);
  return row.id;
}

async function estimateOnProject(): Promise<string> {
  const sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({ id: sessionId, companyId, projectId, street: '12 Elm St' });
  const [row] = await server.db.insert(estimates).values({ companyId, sessionId, projectId, version: 1, rcvCents: 900_000 }).returning({ id: estimates.id });
  if (!row) throw new Error('no estimate');
  return row.id;
}

const proposal = async (maker: Person) =>
  (await ok(by(maker).post<{ proposal: { id: string } }>('/api/proposals', { projectId, estimateId: await estimateOnProject() }), 'proposal')).proposal.id;
const report = async (maker: Person) =>
  (await ok(by(maker).post<{ report: { id: string; version: number } }>('/api/reports', { kind: 'advanced', projectId }), 'report')).report;
const shareLink = async (maker: Person) =>
  (await ok(by(maker).post<{ link: { id: string } }>('/api/share-links', { reportId: (await report(maker)).id, audience: 'adjuster' }), 'link')).link.id;
const carrier = async (maker: Person) => (await ok(by(maker).post<{ id: string }>('/api/carriers', { name: next('Mutual') }), 'carrier')).id;
const adjuster = async (maker: Person) => (await ok(by(maker).post<{ id: string }>('/api/adjusters', { name: next('Adjuster') }), 'adjuster')).id;
const task = async (maker: Person) =>
  (await ok(by(maker).post<{ id: string }>(`/api/projects/${projectId}/tasks`, { title: next('Call the adjuster') }), 'task')).id;
const pipelineStatus = async () => (await ok(by(people.owner).post<{ id: string }>('/api/project-statuses', { name: next('Stage') }), 'status')).id;
// One measurement record per claim file (decision 041): each is made on a claim file of its own.
const measurement = async () =>
  (await ok(by(people.owner).post<{ id: string }>('/api/measurements', measurementBody({ projectId: await freshProject() })), 'measurement')).id;
const projectFile = async (maker: Person) =>
  (await ok(by(maker).put<{ id: string }>(`/api/projects/${projectId}/files?name=${encodeURIComponent(next('scope'))}.pdf`, pdf()), 'file')).id;
const group = async (actor: Person, memberIds: string[]) =>
  (await ok(by(actor).post<{ conversation: { id: string } }>('/api/chat/conversations', { memberIds, name: next('Crew') }), 'conversation')).conversation.id;
/** A company's own shingle line: only what the contract requires (figures left unknown). */
const localProduct = () => ({
  manufacturer: 'Matrix Supply',
  line: next('House Brand'),
  type: null,
  cut: null,
  length: null,
  height: null,
  exposure: null,
  discontinued: { value: 'no', verified: false },
  confidence: 'C',
  source: 'Measured in our yard',
});
const product = async () => (await ok(by(people.owner).post<{ id: string }>('/api/shingles/local-products', localProduct()), 'product')).id;
const identification = async (maker: Person) =>
  (
    await ok(
      by(maker).post<{ id: string }>('/api/shingles/identifications', {
        id: randomUUID(),
        measurements: { ...EMPTY_MEASUREMENTS, lengthIn: 39.375, exposureIn: 5.625, type: 'laminated' },
      }),
      'identification',
    )
  ).id;

async function colleagueMember(): Promise<{ userId: string; memberId: string }> {
  const user = await createUser(server.db, { company: { id: companyId, name: 'Matrix Roofing' }, role: 'member' });
  const [row] = await server.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.companyId, companyId), eq(members.userId, user.id)));
  if (!row) throw new Error('no membership');
  return { userId: user.id, memberId: row.id };
}

async function answer(actor: Person): Promise<string> {
  const response = await by(actor).post('/api/assistant/ask', { question: 'Is drip edge required at the eaves?' });
  const done = parseSse(response.text).find((event) => event.event === 'done')?.data as { answer?: { id: string } } | undefined;
  if (!done?.answer) throw new Error(`ask answered ${response.status}: ${response.text.slice(0, 300)}`);
  return done.answer.id;
}

/** How each route of the matrix is tried. */
const FIXTURES: Record<string, Fixture> = {
  'PATCH /api/company': async () => ({ path: '/api/company', json: { hailHitThreshold: 8 + (counter++ % 5) } }),
  'PUT /api/company/logo': async () => ({ path: '/api/company/logo', raw: tinyPng(4, 4) }),
  'POST /api/team/invitations': async () => ({ path: '/api/team/invitations', json: { email: uniqueEmail('invited'), role: 'member' } }),
  'DELETE /api/team/invitations/:id': async () => {
    const invited = await ok(by(people.owner).post<{ id: string }>('/api/team/invitations', { email: uniqueEmail('invited'), role: 'member' }), 'invitation');
    return { path: `/api/team/invitations/${invited.id}` };
  },
  'PATCH /api/team/members/:id': async () => ({ path: `/api/team/members/${(await colleagueMember()).memberId}`, json: { role: 'manager' } }),
  'DELETE /api/team/members/:id': async () => ({ path: `/api/team/members/${(await colleagueMember()).memberId}` }),

  'POST /api/projects': async () => ({ path: '/api/projects', json: { title: next('Roof claim'), homeownerName: 'Dana Shingle', street: '14 Ridge Rd' } }),
  'PATCH /api/projects/:id': async () => ({ path: `/api/projects/${projectId}`, json: { city: next('Tulsa') } }),
  'POST /api/projects/:id/status': async () => ({ path: `/api/projects/${await freshProject()}/status`, json: { statusId: await statusId('inspected') } }),
  'POST /api/projects/:id/mark-filed': async () => ({ path: `/api/projects/${await freshProject()}/mark-filed` }),
  'POST /api/projects/:id/status-suggestion/accept': async () => {
    const id = await freshProject();
    await server.db
      .update(projects)
      .set({ suggestedStatusId: await statusId('inspected'), suggestedStatusCause: 'inspection_completed', suggestedStatusAt: new Date() })
      .where(eq(projects.id, id));
    return { path: `/api/projects/${id}/status-suggestion/accept` };
  },
  'DELETE /api/projects/:id/status-suggestion': async () => ({ path: `/api/projects/${await freshProject()}/status-suggestion` }),
  'POST /api/projects/:id/archive': async () => ({ path: `/api/projects/${await freshProject()}/archive` }),
  'POST /api/projects/:id/unarchive': async () => {
    const id = await freshProject();
    await ok(by(people.owner).post(`/api/projects/${id}/archive`), 'archive');
    return { path: `/api/projects/${id}/unarchive` };
  },
  'POST /api/projects/:id/notes': async () => ({ path: `/api/projects/${projectId}/notes`, json: { body: 'Called the adjuster.' } }),
  'POST /api/project-statuses': async () => ({ path: '/api/project-statuses', json: { name: next('Stage') } }),
  'POST /api/project-statuses/reorder': async () => {
    const rows = await server.db
      .select({ id: projectStatuses.id })
      .from(projectStatuses)
      .where(eq(projectStatuses.companyId, companyId))
      .orderBy(projectStatuses.position);
    return { path: '/api/project-statuses/reorder', json: { ids: rows.map((row) => row.id) } };
  },
  'PATCH /api/project-statuses/:id': async () => ({ path: `/api/project-statuses/${await pipelineStatus()}`, json: { name: next('Renamed') } }),
  'DELETE /api/project-statuses/:id': async () => ({ path: `/api/project-statuses/${await pipelineStatus()}` }),
  'POST /api/projects/:id/tasks': async () => ({ path: `/api/projects/${projectId}/tasks`, json: { title: next('Order the tarp') } }),
  'PATCH /api/tasks/:id': async (_actor, maker) => ({ path: `/api/tasks/${await task(maker)}`, json: { done: true } }),
  'DELETE /api/tasks/:id': async (_actor, maker) => ({ path: `/api/tasks/${await task(maker)}` }),
  'PUT /api/projects/:id/files': async () => ({ path: `/api/projects/${projectId}/files?name=policy.pdf`, raw: pdf() }),
  'DELETE /api/project-files/:id': async (_actor, maker) => ({ path: `/api/project-files/${await projectFile(maker)}` }),

  'POST /api/carriers': async () => ({ path: '/api/carriers', json: { name: next('Carrier') } }),
  'PATCH /api/carriers/:id': async (_actor, maker) => ({ path: `/api/carriers/${await carrier(maker)}`, json: { notes: 'Ask for the desk adjuster' } }),
  'DELETE /api/carriers/:id': async (_actor, maker) => ({ path: `/api/carriers/${await carrier(maker)}` }),
  'POST /api/adjusters': async () => ({ path: '/api/adjusters', json: { name: next('Adjuster') } }),
  'PATCH /api/adjusters/:id': async (_actor, maker) => ({ path: `/api/adjusters/${await adjuster(maker)}`, json: { phone: '555 0142' } }),
  'DELETE /api/adjusters/:id': async (_actor, maker) => ({ path: `/api/adjusters/${await adjuster(maker)}` }),

  'POST /api/inspections': async () => ({ path: '/api/inspections', json: { id: randomUUID(), editedAt: now(), fields: { street: '3 Hail Ct' } } }),
  'PATCH /api/inspections/:id': async (_actor, maker) => ({
    path: `/api/inspections/${await session(maker)}`,
    json: { editedAt: now(), fields: { notes: 'North slope bruised' } },
  }),
  'POST /api/inspections/:id/convert': async (_actor, maker) => ({ path: `/api/inspections/${await session(maker)}/convert`, json: { mode: 'new' } }),
  'PUT /api/inspections/:sessionId/photos/:photoId': async (_actor, maker) => {
    const bytes = await jpeg();
    return {
      path: `/api/inspections/${await session(maker)}/photos/${randomUUID()}?fileName=roof.jpg&category=roof&phase=roof&sha256=${sha(bytes)}`,
      raw: bytes,
    };
  },
  'PATCH /api/photos/:id': async (_actor, maker) => ({ path: `/api/photos/${(await photo(maker)).id}`, json: { notes: 'Soft metal dent' } }),
  'POST /api/photos/:id/move': async (_actor, maker) => ({
    path: `/api/photos/${(await photo(maker)).id}/move`,
    json: { sessionId: await session(people.owner) },
  }),
  'PUT /api/photos/:id/annotation': async (_actor, maker) => ({ path: `/api/photos/${(await photo(maker)).id}/annotation`, json: { annotation: null } }),
  'DELETE /api/photos/:id': async (_actor, maker) => ({ path: `/api/photos/${(await photo(maker)).id}` }),
  'POST /api/photos/:id/restore': async (_actor, maker) => {
    const taken = await photo(maker);
    await ok(by(maker).delete(`/api/photos/${taken.id}`), 'photo delete');
    return { path: `/api/photos/${taken.id}/restore` };
  },
  'POST /api/functions/generate-photo-thumbnails': async (_actor, maker) => {
    const taken = await photo(maker);
    return { path: '/api/functions/generate-photo-thumbnails', json: { photos: [{ id: taken.id, file_path: taken.filePath, file_name: taken.fileName }] } };
  },

  'POST /api/measurements': async () => ({ path: '/api/measurements', json: measurementBody({ projectId: await freshProject() }) }),
  'PUT /api/measurements/:id': async () => ({ path: `/api/measurements/${await measurement()}`, json: { label: 'Roof', structures: [mainHouse()] } }),
  'DELETE /api/measurements/:id': async () => ({ path: `/api/measurements/${await measurement()}` }),
  'PUT /api/measurements/:id/report': async () => ({
    path: `/api/measurements/${await measurement()}/report?fileName=EagleView.pdf`,
    raw: pdf(),
    contentType: 'application/pdf',
  }),
  'DELETE /api/measurements/:id/report': async () => {
    const id = await measurement();
    await ok(
      by(people.owner).put(`/api/measurements/${id}/report?fileName=EagleView.pdf`, pdf(), { headers: { 'Content-Type': 'application/pdf' } }),
      'measurement report',
    );
    return { path: `/api/measurements/${id}/report` };
  },
  'POST /api/estimates': async (_actor, maker) => ({ path: '/api/estimates', json: { sessionId: await session(maker), lines: [line()] } }),
  'PUT /api/estimates/:id': async (_actor, maker) => {
    const created = await ok(by(maker).post<{ id: string }>('/api/estimates', { sessionId: await session(maker), lines: [line()] }), 'estimate');
    return { path: `/api/estimates/${created.id}`, json: { lines: [line({ quantity: 21 })] } };
  },
  'PUT /api/price-list': async () => ({ path: '/api/price-list', json: { items: [{ code: null, description: 'Tarp', unit: 'EA', unitPriceCents: 5_000 }] } }),

  'POST /api/chat/conversations': async (actor) => ({
    path: '/api/chat/conversations',
    json: { memberIds: [people.colleague.id, actor.role === 'owner' ? people.manager.id : people.owner.id], name: next('Crew') },
  }),
  'POST /api/chat/conversations/:id/members': async (actor) => {
    const others = ROLES.map((role) => people[role].id).filter((id) => id !== actor.id);
    return { path: `/api/chat/conversations/${await group(actor, [people.colleague.id, others[0] ?? ''])}/members`, json: { profileId: others[1] } };
  },
  'DELETE /api/chat/conversations/:id/members/:profileId': async (actor) => {
    const other = ROLES.map((role) => people[role].id).find((id) => id !== actor.id) ?? '';
    return { path: `/api/chat/conversations/${await group(actor, [people.colleague.id, other])}/members/${other}` };
  },
  'POST /api/chat/conversations/:id/archive': async (actor) => ({
    path: `/api/chat/conversations/${await group(actor, [people.colleague.id, people.owner.id === actor.id ? people.manager.id : people.owner.id])}/archive`,
  }),
  'POST /api/chat/conversations/:id/restore': async (actor) => {
    const id = await group(actor, [people.colleague.id, people.owner.id === actor.id ? people.manager.id : people.owner.id]);
    await ok(by(actor).post(`/api/chat/conversations/${id}/archive`), 'archive conversation');
    return { path: `/api/chat/conversations/${id}/restore` };
  },
  'POST /api/chat/projects/:projectId/conversation': async () => ({ path: `/api/chat/projects/${await freshProject()}/conversation` }),
  'POST /api/chat/conversations/:id/messages': async (actor) => ({
    path: `/api/chat/conversations/${await group(actor, [people.colleague.id, people.owner.id === actor.id ? people.manager.id : people.owner.id])}/messages`,
    json: { clientId: randomUUID(), content: 'On the roof now' },
  }),
  'POST /api/chat/conversations/:id/read': async (actor) => ({
    path: `/api/chat/conversations/${await group(actor, [people.colleague.id, people.owner.id === actor.id ? people.manager.id : people.owner.id])}/read`,
  }),
  'PUT /api/chat/conversations/:id/attachments': async (actor) => ({
    path: `/api/chat/conversations/${await group(actor, [people.colleague.id, people.owner.id === actor.id ? people.manager.id : people.owner.id])}/attachments?clientId=${randomUUID()}&fileName=dent.png`,
    raw: tinyPng(),
  }),
  'POST /api/notifications/read-all': async () => ({ path: '/api/notifications/read-all' }),
  'POST /api/notifications/:id/read': async (actor) => {
    const [row] = await server.db
      .insert(notifications)
      .values({ companyId, profileId: actor.id, kind: 'mention', title: 'You were mentioned' })
      .returning({ id: notifications.id });
    return { path: `/api/notifications/${row?.id ?? ''}/read` };
  },
  'POST /api/push/subscriptions': async () => ({ path: '/api/push/subscriptions', json: push.subscribe() }),
  'DELETE /api/push/subscriptions': async (actor) => {
    const subscription = push.subscribe();
    await ok(by(actor).post('/api/push/subscriptions', subscription), 'subscribe');
    return { path: '/api/push/subscriptions', json: { endpoint: subscription.endpoint } };
  },
  'POST /api/functions/send-chat-push': async (actor) => {
    const id = await group(actor, [people.colleague.id, people.owner.id === actor.id ? people.manager.id : people.owner.id]);
    await ok(by(actor).post(`/api/chat/conversations/${id}/messages`, { clientId: randomUUID(), content: 'Tarp is on' }), 'message');
    return { path: '/api/functions/send-chat-push', json: { conversation_id: id } };
  },

  'PUT /api/reports/cover-letter-template': async () => ({ path: '/api/reports/cover-letter-template', json: { template: 'Dear {{adjuster_name}},' } }),
  'POST /api/reports': async () => ({ path: '/api/reports', json: { kind: 'advanced', projectId } }),
  'POST /api/reports/packet': async () => ({
    path: '/api/reports/packet',
    json: { projectId, coverLetter: 'Dear adjuster, the packet of the claim is attached.', overrideReason: 'The homeowner asked for it today' },
  }),
  'PUT /api/reports/:id': async (_actor, maker) => {
    const draft = await report(maker);
    return {
      path: `/api/reports/${draft.id}`,
      json: { version: draft.version, title: next('Report'), document: { sections: [], showAnnotations: true, showMetadata: true } },
    };
  },
  'POST /api/reports/:id/render': async (_actor, maker) => ({
    path: `/api/reports/${(await report(maker)).id}/render`,
    json: { overrideReason: 'The homeowner asked for it today' },
  }),
  'DELETE /api/reports/:id': async (_actor, maker) => ({ path: `/api/reports/${(await report(maker)).id}` }),
  'POST /api/proposals': async () => ({ path: '/api/proposals', json: { projectId, estimateId: await estimateOnProject() } }),
  'PUT /api/proposals/:id': async (_actor, maker) => ({
    path: `/api/proposals/${await proposal(maker)}`,
    json: { intro: next('Three options for your roof') },
  }),
  'POST /api/proposals/:id/pdf': async (_actor, maker) => ({ path: `/api/proposals/${await proposal(maker)}/pdf` }),
  'POST /api/share-links': async (_actor, maker) => ({ path: '/api/share-links', json: { reportId: (await report(maker)).id, audience: 'adjuster' } }),
  'POST /api/share-links/:id/revoke': async (_actor, maker) => ({ path: `/api/share-links/${await shareLink(maker)}/revoke` }),
  'POST /api/share-links/:id/email': async (_actor, maker) => ({
    path: `/api/share-links/${await shareLink(maker)}/email`,
    json: { to: 'desk.adjuster@example.com' },
  }),

  'POST /api/billing/plan': async () => ({ path: '/api/billing/plan', json: { plan: 'enterprise' } }),
  // Test mode (no Stripe): the payer passes the role check and learns there is no portal.
  'POST /api/billing/portal': async () => ({ path: '/api/billing/portal', expect: { status: 409, code: 'NO_PAYMENT_CUSTOMER' } }),
  'POST /api/credits/purchase': async () => ({ path: '/api/credits/purchase', json: { pack: 'pack_5' } }),
  'POST /api/projects/:id/service-orders': async () => ({ path: `/api/projects/${projectId}/service-orders`, json: { serviceType: 'xact360', notes: 'Rush' } }),
  'POST /api/service-orders/:id/cancel': async () => {
    const order = await ok(by(people.owner).post<{ id: string }>(`/api/projects/${projectId}/service-orders`, { serviceType: 'xact360' }), 'order');
    return { path: `/api/service-orders/${order.id}/cancel`, json: { reason: 'Ordered twice' } };
  },
  'PUT /api/feedback/screenshots': async () => ({ path: '/api/feedback/screenshots', raw: tinyPng(8, 8) }),
  'POST /api/feedback': async () => ({ path: '/api/feedback', json: { type: 'idea', message: 'A dark mode for the roof', appVersion: '1.0.0' } }),
  'POST /api/feedback/:id/replies': async (actor) => {
    const sent = await ok(
      by(actor).post<{ id: string }>('/api/feedback', { type: 'question', message: 'Where are my photos?', appVersion: '1.0.0' }),
      'feedback',
    );
    return { path: `/api/feedback/${sent.id}/replies`, json: { body: 'Found them, thanks.' } };
  },
  'POST /api/projects/:id/ledger/entries': async () => ({
    path: `/api/projects/${projectId}/ledger/entries`,
    json: { kind: 'figure', figure: 'rcv', amountCents: 1_200_000 },
  }),
  'POST /api/shingles/identifications': async () => ({
    path: '/api/shingles/identifications',
    json: { id: randomUUID(), measurements: { ...EMPTY_MEASUREMENTS, lengthIn: 39.375, exposureIn: 5.625, type: 'laminated' } },
  }),
  'PUT /api/shingles/identifications/:id/photos/:photoId': async (_actor, maker) => {
    const bytes = await jpeg();
    return {
      path: `/api/shingles/identifications/${await identification(maker)}/photos/${randomUUID()}?kind=face&sha256=${sha(bytes)}&fileName=face.jpg`,
      raw: bytes,
    };
  },
  'POST /api/shingles/vision-suggestions': async () => {
    chat.local?.script.push({ kind: 'stream', pieces: [JSON.stringify({ type: 'laminated' })] });
    return { path: '/api/shingles/vision-suggestions', raw: await makeJpeg(200, 150, [90, 80, 70]), contentType: 'image/jpeg' };
  },
  'POST /api/shingles/local-products': async () => ({ path: '/api/shingles/local-products', json: localProduct() }),
  'PUT /api/shingles/local-products/:id': async () => ({ path: `/api/shingles/local-products/${await product()}`, json: localProduct() }),
  'DELETE /api/shingles/local-products/:id': async () => ({ path: `/api/shingles/local-products/${await product()}` }),
  'POST /api/assistant/ask': async () => ({ path: '/api/assistant/ask', json: { question: 'When is a cricket required?' } }),
  'POST /api/assistant/messages/:id/rating': async (actor) => ({ path: `/api/assistant/messages/${await answer(actor)}/rating`, json: { rating: 'helpful' } }),
  'PATCH /api/assistant/settings': async () => ({ path: '/api/assistant/settings', json: { dailyLimit: 150 + (counter++ % 50) } }),
};

// ---------------------------------------------------------------- nothing written

/** Tables a refused request may touch or background work keeps writing: the write counters, sessions, the mail queue. */
const UNWATCHED = ['rate_limits', 'session', 'mail_outbox', '__drizzle_migrations'];

/** Waits until no background job (thumbnails, documents, mail) is queued or running, so the rows stand still. */
async function settle(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const busy = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`,
    );
    if ((busy.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('background jobs did not settle within 60 s');
}

/** Every row of every table, as one digest per table. */
async function digest(): Promise<Record<string, string>> {
  await settle();
  const tables = await server.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const watched = tables.rows.map((row) => row.name).filter((name) => !UNWATCHED.includes(name));
  const parts = watched.map(
    (name) => sql`select ${name}::text as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
  );
  const rows = await server.db.execute<{ name: string; digest: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.rows.map((row) => [row.name, row.digest]));
}

/** The tables whose rows differ. */
const changed = (before: Record<string, string>, after: Record<string, string>) => Object.keys(after).filter((name) => before[name] !== after[name]);

async function attempt(actor: Person, route: string, made: Attempt): Promise<TestResponse> {
  const method = route.split(' ')[0] ?? 'POST';
  if (made.raw) return actor.client.request(method, made.path, { body: made.raw, headers: made.contentType ? { 'Content-Type': made.contentType } : {} });
  return actor.client.request(method, made.path, { json: made.json ?? {} });
}

const what = (actor: Person, route: string, whose: string) => `${actor.role} ${route} (${whose})`;
const whose = (actor: Person, maker: Person) =>
  maker.id === actor.id ? 'their own' : maker.id === people.colleague.id ? "a colleague's" : `the ${maker.role}'s`;

async function expectAllowed(actor: Person, route: string, maker: Person): Promise<void> {
  const made = await (FIXTURES[route] ?? missingFixture(route))(actor, maker);
  const response = await attempt(actor, route, made);
  const label = what(actor, route, whose(actor, maker));
  if (made.expect) {
    expect(response.status, `${label}: ${response.text}`).toBe(made.expect.status);
    expect(response.body, label).toMatchObject({ error: { code: made.expect.code } });
  } else {
    expect(response.status, `${label}: ${response.text.slice(0, 400)}`).toBeGreaterThanOrEqual(200);
    expect(response.status, `${label}: ${response.text.slice(0, 400)}`).toBeLessThan(300);
  }
}

async function expectRefused(actor: Person, route: string, maker: Person): Promise<void> {
  const made = await (FIXTURES[route] ?? missingFixture(route))(actor, maker);
  const before = await digest();
  const response = await attempt(actor, route, made);
  const label = what(actor, route, whose(actor, maker));
  expect(response.status, `${label}: ${response.text.slice(0, 400)}`).toBe(403);
  expect(response.body, label).toMatchObject({
    error: { code: expect.stringMatching(/^(FORBIDDEN|NOT_PAYER)$/), message: expect.any(String), requestId: expect.any(String) },
  });
  expect(changed(before, await digest()), `${label} changed rows`).toEqual([]);
}

function missingFixture(route: string): Fixture {
  return () => Promise.reject(new Error(`No fixture for ${route}: add one to FIXTURES`));
}

/** A colleague whose work an owner or manager acts on (a member's), or a member acts on (the owner's). */
const colleagueOf = (actor: Person): Person => (actor.role === 'member' ? people.owner : people.member);

function writeRoutes(): string[] {
  const seen = new Set<string>();
  for (const route of appRoutes(server.deps))
    if (WRITES.has(route.method) && (route.path.startsWith('/api/') || route.path === '/metrics')) seen.add(`${route.method} ${route.path}`);
  return [...seen].sort();
}

// ---------------------------------------------------------------- the proof

describe('the role matrix of docs/security.md', () => {
  it('names every write route of the app once, in one of its two tables, and a way to try each of the first', async () => {
    const { company, other } = await readMatrix();
    const documented = [...company.map((row) => row.route), ...other.map((row) => row.route)];
    expect(new Set(documented).size, 'a route is listed twice').toBe(documented.length);
    expect([...documented].sort()).toEqual(writeRoutes());
    expect(Object.keys(FIXTURES).sort()).toEqual(company.map((row) => row.route).sort());
    for (const row of other) expect(row.who, row.route).toMatch(/^(anyone|self|platform admin)\b/);
  });

  it('sees a written row in its digest (so "no row changed" means something)', async () => {
    const before = await digest();
    await ok(by(people.member).post('/api/carriers', { name: next('Digest Mutual') }), 'carrier');
    expect(changed(before, await digest())).toEqual(['carriers']);
  });

  it('answers each company role on each write route as the first table says, and a refusal changes no row', { timeout: 900_000 }, async () => {
    const { company } = await readMatrix();
    // Every cell is tried and every answer other than the table's is listed, not only the first.
    const wrong: string[] = [];
    const tryCell = async (check: () => Promise<void>) => {
      try {
        await check();
      } catch (error) {
        wrong.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
      }
    };
    for (const { route, cells } of company) {
      for (const role of ROLES) {
        const actor = people[role];
        const cell = cells[role];
        if (cell === 'yes') await tryCell(() => expectAllowed(actor, route, colleagueOf(actor)));
        else if (cell === 'no') await tryCell(() => expectRefused(actor, route, actor));
        else {
          await tryCell(() => expectAllowed(actor, route, actor));
          await tryCell(() => expectRefused(actor, route, people.colleague));
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every platform-admin route to each company role (403, nothing written) and lets a platform admin past', { timeout: 300_000 }, async () => {
    const { other } = await readMatrix();
    const adminRoutes = other.filter((row) => row.who.startsWith('platform admin')).map((row) => row.route);
    expect(adminRoutes.length).toBeGreaterThan(15);
    const fill = (path: string) => path.replace(/:[A-Za-z]+/g, () => randomUUID());
    const bodyOf = (route: string) =>
      route.endsWith('/admin-impersonation') ? { action: 'start', targetUserId: people.member.id, reason: 'Support call' } : {};
    for (const route of adminRoutes) {
      const [method = 'POST', path = ''] = route.split(' ');
      for (const role of ROLES) {
        const before = await digest();
        const response = await people[role].client.request(method, fill(path), { json: bodyOf(route) });
        expect(response.status, `${role} ${route}: ${response.text}`).toBe(403);
        expect(changed(before, await digest()), `${role} ${route} changed rows`).toEqual([]);
      }
      const admin = await people.admin.client.request(method, fill(path), { json: {} });
      expect(admin.status, `platform admin ${route}: ${admin.text}`).not.toBe(403);
    }
  });

  it('keeps the matrix company apart: its claim file stays with it', async () => {
    const outsider = await signedInOwner(server);
    const response = await outsider.client.patch(`/api/projects/${projectId}`, { city: 'Elsewhere' });
    expect(response.status).toBe(404);
    const [row] = await server.db.select({ companyId: projects.companyId }).from(projects).where(eq(projects.id, projectId));
    expect(row?.companyId).toBe(companyId);
  });
});
