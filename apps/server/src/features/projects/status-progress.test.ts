import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { proposalResponseSchema, shareLinkResponseSchema } from '@ridgeline/shared/contracts/documents';
import type { Analytics } from '@ridgeline/shared/contracts/analytics';
import type { CreateLedgerEntryInput } from '@ridgeline/shared/contracts/ledger';
import type { ActivityList, Project } from '@ridgeline/shared/contracts/projects';
import { estimates, inspectionSessions, reports } from '../../infra/db/schema/index';
import { RENDER_DOCUMENT_JOB } from '../../infra/pdf/render-job';
import { signedInOwner, signedInUser } from '../../test/factories';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// Decision 042: the claim file's status follows its events on the server, after the commit, only
// forward, with a timeline entry naming the cause; a company may choose "suggest" instead of "move".

const server = useTestServer({ API_WRITE_LIMIT: '5000' });
type Owner = Awaited<ReturnType<typeof signedInOwner>>;
let ownerA: Owner;
let ownerB: Owner;

beforeAll(async () => {
  // A proposal shared to be signed carries the letterhead: the company has its address.
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing', phone: '+1 555 0100', address: '5 Summit Ave, Plano, TX' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
  // The signature queues the signed PDF's render.
  await server.db.execute(
    sql`select pgboss.create_queue(${RENDER_DOCUMENT_JOB}, '{"policy":"standard"}'::json) where not exists (select 1 from pgboss.queue where name = ${RENDER_DOCUMENT_JOB})`,
  );
});

async function statuses(user: SignedUpUser) {
  return (await user.client.get<{ statuses: { id: string; key: string; name: string }[] }>('/api/project-statuses')).body.statuses;
}

async function newProject(user: SignedUpUser): Promise<Project> {
  const response = await user.client.post<Project>('/api/projects', {
    title: `Hail ${randomUUID().slice(0, 6)}`,
    homeownerName: 'Hank Owner',
    street: '12 Hail Ln',
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function keyOf(user: SignedUpUser, projectId: string): Promise<string | undefined> {
  const project = (await user.client.get<Project>(`/api/projects/${projectId}`)).body;
  return (await statuses(user)).find((s) => s.id === project.statusId)?.key;
}

async function keyOfStatus(user: SignedUpUser, statusId: string): Promise<string | undefined> {
  return (await statuses(user)).find((s) => s.id === statusId)?.key;
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function entry(user: SignedUpUser, projectId: string, body: CreateLedgerEntryInput): Promise<void> {
  const response = await user.client.post(`/api/projects/${projectId}/ledger/entries`, body);
  expect(response.status, response.text).toBe(201);
}

async function timeline(user: SignedUpUser, projectId: string) {
  return (await user.client.get<ActivityList>(`/api/projects/${projectId}/activity`)).body.activity.filter(
    (a) => a.kind === 'status_changed' || a.kind === 'status_suggested',
  );
}

/** A ready claim packet (or photo report) PDF of the claim file. */
async function readyReport(user: Owner, projectId: string, kind: 'packet' | 'photo'): Promise<string> {
  const id = randomUUID();
  const filePath = `${user.company.id}/reports/${id}.pdf`;
  await server.deps.storage.put('documents', filePath, Buffer.from('%PDF-1.7\n% packet\n%%EOF\n'), { contentType: 'application/pdf' });
  await server.db.insert(reports).values({
    id,
    companyId: user.company.id,
    projectId,
    kind,
    title: kind === 'packet' ? 'Claim packet - 12 Hail Ln' : 'Photo report - 12 Hail Ln',
    status: 'ready',
    progress: 100,
    document: { sections: [], showAnnotations: true, showMetadata: true },
    filePath,
    fileSize: 24,
    pageCount: 3,
  });
  return id;
}

/** The homeowner signs a proposal of the claim file through its link (no session). */
async function homeownerSigns(user: Owner, projectId: string): Promise<void> {
  const sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({ id: sessionId, companyId: user.company.id, projectId, street: '12 Hail Ln' });
  const [estimate] = await server.db
    .insert(estimates)
    .values({ companyId: user.company.id, sessionId, projectId, version: 1, rcvCents: 1_000_000 })
    .returning({ id: estimates.id });
  const created = await user.client.post('/api/proposals', { projectId, estimateId: estimate?.id });
  expect(created.status, created.text).toBe(201);
  const proposal = proposalResponseSchema.parse(created.body).proposal;
  const shared = await user.client.post('/api/share-links', { proposalId: proposal.id, audience: 'homeowner' });
  expect(shared.status, shared.text).toBe(201);
  const link = shareLinkResponseSchema.parse(shared.body).link;
  const token = decodeURIComponent(new URL(link.url).pathname.replace(/^\/share\//, ''));
  const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .png()
    .toBuffer();
  const signed = await server.client().post(`/api/public/share/${encodeURIComponent(token)}/sign`, {
    tier: 'good',
    name: 'Hank Owner',
    date: '2026-11-23',
    email: 'hank@example.com',
    signature: `data:image/png;base64,${png.toString('base64')}`,
  });
  expect(signed.status, signed.text).toBe(200);
}

async function completeInspectionOn(user: SignedUpUser, projectId: string): Promise<void> {
  const id = randomUUID();
  const created = await user.client.post('/api/inspections', { id, editedAt: new Date().toISOString(), fields: { street: '12 Hail Ln' }, projectId });
  expect(created.status, created.text).toBe(201);
  const done = await user.client.patch(`/api/inspections/${id}`, { editedAt: new Date().toISOString(), fields: { status: 'completed' } });
  expect(done.status, done.text).toBe(200);
}

describe('the claim file moves forward by itself', () => {
  it('an inspection completed on a lead moves it to Inspected, with the cause on the timeline', async () => {
    const project = await newProject(ownerA);
    expect(await keyOf(ownerA, project.id)).toBe('lead');
    await completeInspectionOn(ownerA, project.id);
    await until(async () => (await keyOf(ownerA, project.id)) === 'inspected');
    const activity = (await ownerA.client.get<ActivityList>(`/api/projects/${project.id}/activity`)).body;
    const moved = activity.activity.find((entry) => entry.kind === 'status_changed');
    expect(moved).toMatchObject({ oldValue: 'Lead', newValue: 'Inspected', body: 'the inspection was completed' });
  });

  it('only forward: a file further along stays where it is', async () => {
    const project = await newProject(ownerA);
    const approved = (await statuses(ownerA)).find((s) => s.key === 'approved');
    const moved = await ownerA.client.post(`/api/projects/${project.id}/status`, { statusId: approved?.id });
    expect(moved.status, moved.text).toBe(200);
    await completeInspectionOn(ownerA, project.id);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await keyOf(ownerA, project.id)).toBe('approved');
  });

  it('"suggest": the move is offered on the claim file and accepted in one click', async () => {
    const saved = await ownerB.client.patch('/api/company', { statusMoves: 'suggest' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ statusMoves: 'suggest' });
    const project = await newProject(ownerB);
    await completeInspectionOn(ownerB, project.id);
    await until(async () => (await ownerB.client.get<Project>(`/api/projects/${project.id}`)).body.statusSuggestion !== null);
    const offered = (await ownerB.client.get<Project>(`/api/projects/${project.id}`)).body;
    expect(await keyOf(ownerB, project.id)).toBe('lead');
    expect(offered.statusSuggestion).toMatchObject({ statusName: 'Inspected', cause: 'the inspection was completed' });
    const accepted = await ownerB.client.post(`/api/projects/${project.id}/status`, { statusId: offered.statusSuggestion?.statusId });
    expect(accepted.status, accepted.text).toBe(200);
    expect((await ownerB.client.get<Project>(`/api/projects/${project.id}`)).body.statusSuggestion).toBeNull();
    expect(await keyOf(ownerB, project.id)).toBe('inspected');
  });
});

describe('each event of the claim moves it as a restoration office would', () => {
  it('the packet shared with the adjuster: Claim filed; a photo report shared, or a packet for the homeowner: nothing', async () => {
    const project = await newProject(ownerA);
    const photo = await readyReport(ownerA, project.id, 'photo');
    const packet = await readyReport(ownerA, project.id, 'packet');
    expect((await ownerA.client.post('/api/share-links', { reportId: photo, audience: 'adjuster' })).status).toBe(201);
    expect((await ownerA.client.post('/api/share-links', { reportId: packet, audience: 'homeowner' })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await keyOf(ownerA, project.id)).toBe('lead');
    expect((await ownerA.client.post('/api/share-links', { reportId: packet, audience: 'adjuster' })).status).toBe(201);
    await until(async () => (await keyOf(ownerA, project.id)) === 'claim_filed');
    expect((await timeline(ownerA, project.id))[0]).toMatchObject({
      kind: 'status_changed',
      oldValue: 'Lead',
      newValue: 'Claim filed',
      body: 'the claim packet was shared with the adjuster',
    });
  });

  it('marked filed: Claim filed at once, named on the timeline; a file further along stays', async () => {
    const project = await newProject(ownerA);
    const member = await signedInUser(server, { company: ownerA.company, role: 'member' });
    const marked = await member.client.post<Project>(`/api/projects/${project.id}/mark-filed`);
    expect(marked.status, marked.text).toBe(200);
    expect(await keyOfStatus(ownerA, marked.body.statusId)).toBe('claim_filed');
    expect((await timeline(ownerA, project.id))[0]).toMatchObject({
      kind: 'status_changed',
      newValue: 'Claim filed',
      body: 'the claim was marked filed with the insurer',
    });
    const approved = (await statuses(ownerA)).find((s) => s.key === 'approved');
    expect((await ownerA.client.post(`/api/projects/${project.id}/status`, { statusId: approved?.id })).status).toBe(200);
    const again = await ownerA.client.post<Project>(`/api/projects/${project.id}/mark-filed`);
    expect(again.status).toBe(200);
    expect(await keyOfStatus(ownerA, again.body.statusId)).toBe('approved');
  });

  it("the ledger: the insurer's figures Approved; a signed proposal waits for them, then Build scheduled; a depreciation release asked; paid in full: Paid; /analytics counts it as Paid", async () => {
    const project = await newProject(ownerA);
    await homeownerSigns(ownerA, project.id);
    // Signed before the insurer approved: the homeowner's agreement, not yet the go-ahead for the build.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await keyOf(ownerA, project.id)).toBe('lead');

    await entry(ownerA, project.id, { kind: 'figure', figure: 'rcv', amountCents: 1_000_000 });
    await entry(ownerA, project.id, { kind: 'figure', figure: 'acv', amountCents: 800_000 });
    await entry(ownerA, project.id, { kind: 'figure', figure: 'recoverable_depreciation', amountCents: 200_000 });
    await entry(ownerA, project.id, { kind: 'figure', figure: 'deductible', amountCents: 100_000 });
    await until(async () => (await keyOf(ownerA, project.id)) === 'build_scheduled');
    const moves = (await timeline(ownerA, project.id)).map((a) => [a.oldValue, a.newValue, a.body]);
    expect(moves).toContainEqual(['Lead', 'Approved', "the insurer's approved figures were entered"]);
    expect(moves).toContainEqual(['Approved', 'Build scheduled', 'the homeowner signed the proposal']);

    const today = new Date().toISOString().slice(0, 10);
    await entry(ownerA, project.id, { kind: 'payment_received', paymentType: 'acv_check', amountCents: 700_000, date: today });
    await entry(ownerA, project.id, { kind: 'payment_expected', paymentType: 'depreciation_release', amountCents: 200_000, date: '2026-11-30' });
    await until(async () => (await keyOf(ownerA, project.id)) === 'depreciation_requested');
    await entry(ownerA, project.id, { kind: 'payment_received', paymentType: 'depreciation_release', amountCents: 200_000, date: today });
    await entry(ownerA, project.id, { kind: 'payment_received', paymentType: 'deductible', amountCents: 100_000, date: today });
    await until(async () => (await keyOf(ownerA, project.id)) === 'paid');
    expect((await timeline(ownerA, project.id))[0]).toMatchObject({ oldValue: 'Depreciation requested', newValue: 'Paid', body: 'the ledger is paid in full' });

    // The analytics read the same history: the file is a Paid one, never a Lead, and reached every step.
    const analytics = await ownerA.client.get<Analytics>('/api/analytics');
    expect(analytics.status, analytics.text).toBe(200);
    // The only claim file of company A that reached Paid.
    expect(analytics.body.pipelineByStatus.find((row) => row.name === 'Paid')).toMatchObject({ claimFiles: 1, rcvCents: 1_000_000 });
    // Approved from the status history: the days from the inspection to the insurer's figures.
    expect(analytics.body.cycleTimes.find((row) => row.key === 'approved')?.claimFiles).toBeGreaterThanOrEqual(1);
  });

  it('a file in a closed status, or archived, stays', async () => {
    const project = await newProject(ownerA);
    expect((await ownerA.client.post(`/api/projects/${project.id}/archive`)).status).toBe(200);
    await entry(ownerA, project.id, { kind: 'figure', figure: 'rcv', amountCents: 1_000_000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await keyOf(ownerA, project.id)).toBe('lead');
    expect(await timeline(ownerA, project.id)).toEqual([]);
  });
});

describe('the move offered ("suggest")', () => {
  it('is accepted in one click (the move for its cause, named on the timeline), or dismissed; with none, accepting says so', async () => {
    // Company B chose "suggest" above.
    const project = await newProject(ownerB);
    const none = await ownerB.client.post(`/api/projects/${project.id}/status-suggestion/accept`);
    expect(none.status, none.text).toBe(409);
    expect(none.body).toMatchObject({ error: { code: 'CONFLICT', message: 'This claim file has no status move to accept.' } });

    await entry(ownerB, project.id, { kind: 'figure', figure: 'rcv', amountCents: 1_000_000 });
    await until(async () => (await ownerB.client.get<Project>(`/api/projects/${project.id}`)).body.statusSuggestion !== null);
    expect(await keyOf(ownerB, project.id)).toBe('lead');
    const accepted = await ownerB.client.post<Project>(`/api/projects/${project.id}/status-suggestion/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.statusSuggestion).toBeNull();
    expect(await keyOfStatus(ownerB, accepted.body.statusId)).toBe('approved');
    expect((await timeline(ownerB, project.id))[0]).toMatchObject({
      kind: 'status_changed',
      newValue: 'Approved',
      body: "the insurer's approved figures were entered",
    });

    await entry(ownerB, project.id, { kind: 'supplement_requested', label: 'Drip edge', amountCents: 20_000 });
    await until(async () => (await ownerB.client.get<Project>(`/api/projects/${project.id}`)).body.statusSuggestion?.statusName === 'Supplement requested');
    const dismissed = await ownerB.client.delete<Project>(`/api/projects/${project.id}/status-suggestion`);
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(dismissed.body.statusSuggestion).toBeNull();
    expect(await keyOfStatus(ownerB, dismissed.body.statusId)).toBe('approved');
  });

  it('marked filed is made, not offered: a person asked for it', async () => {
    const project = await newProject(ownerB);
    const marked = await ownerB.client.post<Project>(`/api/projects/${project.id}/mark-filed`);
    expect(marked.body.statusSuggestion).toBeNull();
    expect(await keyOfStatus(ownerB, marked.body.statusId)).toBe('claim_filed');
  });
});

describe('another company', () => {
  it('cannot mark, accept or dismiss on a claim file it does not have (404), and nothing changes', async () => {
    const project = await newProject(ownerA);
    for (const response of [
      await ownerB.client.post(`/api/projects/${project.id}/mark-filed`),
      await ownerB.client.post(`/api/projects/${project.id}/status-suggestion/accept`),
      await ownerB.client.delete(`/api/projects/${project.id}/status-suggestion`),
    ]) {
      expect(response.status, response.text).toBe(404);
      expect(response.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect(await keyOf(ownerA, project.id)).toBe('lead');
    expect(await timeline(ownerA, project.id)).toEqual([]);
    expect((await ownerA.client.post(`/api/projects/not-a-uuid/mark-filed`)).status).toBe(400);
  });
});
