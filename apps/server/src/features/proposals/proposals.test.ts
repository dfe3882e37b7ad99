import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { proposalListResponseSchema, proposalResponseSchema, type Proposal } from '@ridgeline/shared/contracts/documents';
import { defaultProposalOptions } from '@ridgeline/shared/domain/documents';
import { RENDER_DOCUMENT_JOB } from '../../infra/pdf/render-job';
import { estimates, inspectionPhotos, inspectionSessions, projects, proposals, reports } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer({ API_WRITE_LIMIT: '5000' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let member: SignedUpUser;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let otherProjectId: string;
let estimateId: string;
let convertedEstimateId: string;
let otherProjectEstimateId: string;
let foreignEstimateId: string;
let foreignProjectId: string;

/** RCV of the estimate: $7,738.80. */
const RCV = 773_880;

const errorShape = (code: string) => ({ error: { message: expect.any(String), code, timestamp: expect.any(String), requestId: expect.any(String) } });
const statusOf = (r: TestResponse) => `${r.status} ${r.text.slice(0, 300)}`;

/** An inspection session of the company (optionally converted into a claim file) with one estimate. */
async function insertEstimate(companyId: string, options: { projectId?: string; sessionProjectId?: string; rcvCents?: number }): Promise<string> {
  const sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({ id: sessionId, companyId, projectId: options.sessionProjectId ?? null, street: '12 Hail Rd' });
  const [row] = await server.db
    .insert(estimates)
    .values({ companyId, sessionId, projectId: options.projectId ?? null, version: 1, rcvCents: options.rcvCents ?? RCV })
    .returning({ id: estimates.id });
  if (!row) throw new Error('estimate insert');
  return row.id;
}

/** The render queue exists even before the reports feature's worker is registered. */
async function ensureRenderQueue() {
  await server.db.execute(
    sql`select pgboss.create_queue(${RENDER_DOCUMENT_JOB}, '{"policy":"standard"}'::json) where not exists (select 1 from pgboss.queue where name = ${RENDER_DOCUMENT_JOB})`,
  );
}

async function jobsFor(reportId: string): Promise<number> {
  const rows = await server.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${RENDER_DOCUMENT_JOB} and data->>'reportId' = ${reportId}`,
  );
  return rows.rows[0]?.n ?? 0;
}

async function createProposal(body: Record<string, unknown> = {}, by: SignedUpUser = owner): Promise<Proposal> {
  const response = await by.client.post('/api/proposals', { projectId, estimateId, ...body });
  expect(response.status, statusOf(response)).toBe(201);
  return proposalResponseSchema.parse(response.body).proposal;
}

beforeAll(async () => {
  // A proposal's PDF carries the letterhead: the company has its address and phone.
  owner = await signedInOwner(server, { phone: '+1 555 010 4444', address: '9 Ridge Rd, Tulsa, OK' });
  member = await signedInUser(server, { company: owner.company, role: 'member' });
  outsider = await signedInOwner(server);
  projectId = (await insertProjectRow(server.db, owner.company.id, { street: '42 Elm St' })).id;
  otherProjectId = (await insertProjectRow(server.db, owner.company.id)).id;
  foreignProjectId = (await insertProjectRow(server.db, outsider.company.id)).id;
  estimateId = await insertEstimate(owner.company.id, { projectId });
  convertedEstimateId = await insertEstimate(owner.company.id, { sessionProjectId: projectId, rcvCents: 1_000_000 });
  otherProjectEstimateId = await insertEstimate(owner.company.id, { projectId: otherProjectId });
  foreignEstimateId = await insertEstimate(outsider.company.id, { projectId: foreignProjectId });
  await ensureRenderQueue();
});

describe('creating a proposal', () => {
  it('builds good / better / best from the estimate RCV total by default', async () => {
    const proposal = await createProposal();
    expect(proposal).toMatchObject({ projectId, estimateId, status: 'draft', chosenTier: null, signature: null, reportId: null, signedFileId: null });
    expect(proposal.options).toEqual(defaultProposalOptions(RCV));
    // Good at the figure itself, to the cent (never $7,739.00 against $7,738.80 approved), better and best whole dollars above it.
    expect(proposal.options.map((o) => o.priceCents)).toEqual([773_880, 866_780, 990_580]);
    expect(proposal).toMatchObject({ approvedCents: RCV, approvedSource: 'estimate' });
    expect(proposal.intro.length).toBeGreaterThan(0);
    expect(proposal.createdBy?.id).toBe(owner.company.owner.id);
  });

  it('takes an estimate made in an inspection converted into the claim file', async () => {
    const proposal = await createProposal({ estimateId: convertedEstimateId });
    expect(proposal.estimateId).toBe(convertedEstimateId);
    expect(proposal.options[0]?.priceCents).toBe(1_000_000);
  });

  it('keeps the options and intro given', async () => {
    const options = [{ tier: 'good', productLine: 'Three-tab', priceCents: 500_000, warranty: '10 years', terms: 'Net 30' }];
    const proposal = await createProposal({ intro: 'Hello', options });
    expect(proposal.intro).toBe('Hello');
    expect(proposal.options).toEqual(options);
  });

  it('refuses an estimate of another claim file or company (404) and a missing claim file (404)', async () => {
    const before = (await server.db.select().from(proposals)).length;
    for (const body of [
      { projectId, estimateId: otherProjectEstimateId },
      { projectId, estimateId: foreignEstimateId },
      { projectId: foreignProjectId, estimateId: foreignEstimateId },
      { projectId: randomUUID(), estimateId },
    ]) {
      const response = await owner.client.post('/api/proposals', body);
      expect(response.status, statusOf(response)).toBe(404);
      expect(response.body).toEqual(errorShape('NOT_FOUND'));
    }
    expect((await server.db.select().from(proposals)).length).toBe(before);
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const before = (await server.db.select().from(proposals)).length;
    const option = { tier: 'good', productLine: 'A', priceCents: 100, warranty: 'W', terms: 'T' };
    for (const body of [
      {},
      { projectId },
      { projectId: 'nope', estimateId },
      { projectId, estimateId, options: [] },
      { projectId, estimateId, options: [option, option] },
      { projectId, estimateId, options: [{ ...option, tier: 'premium' }] },
      { projectId, estimateId, options: [{ ...option, priceCents: -1 }] },
      { projectId, estimateId, options: [{ ...option, priceCents: 1.5 }] },
      { projectId, estimateId, intro: 'x'.repeat(3001) },
    ]) {
      const response = await owner.client.post('/api/proposals', body);
      expect(response.status, `${JSON.stringify(body)} ${statusOf(response)}`).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    const malformed = await owner.client.request('POST', '/api/proposals', { body: '{"projectId":' });
    expect(malformed.status).toBe(400);
    expect((await server.db.select().from(proposals)).length).toBe(before);
  });

  it('asks for a session (401)', async () => {
    const response = await server.client().post('/api/proposals', { projectId, estimateId });
    expect(response.status).toBe(401);
  });
});

describe('reading and editing', () => {
  it('lists a claim file’s proposals for every member, newest first, and reads one', async () => {
    const created = await createProposal();
    const list = await member.client.get(`/api/proposals?projectId=${projectId}`);
    expect(list.status, statusOf(list)).toBe(200);
    const { proposals: listed } = proposalListResponseSchema.parse(list.body);
    expect(listed[0]?.id).toBe(created.id);
    expect(listed.every((p) => p.projectId === projectId)).toBe(true);
    const one = await member.client.get(`/api/proposals/${created.id}`);
    expect(one.status).toBe(200);
    expect(proposalResponseSchema.parse(one.body).proposal).toEqual(created);
  });

  it('saves the intro and options', async () => {
    const created = await createProposal();
    const options = created.options.map((o) => ({ ...o, priceCents: o.priceCents + 100 }));
    const response = await owner.client.request('PUT', `/api/proposals/${created.id}`, { json: { intro: 'New intro', options } });
    expect(response.status, statusOf(response)).toBe(200);
    const saved = proposalResponseSchema.parse(response.body).proposal;
    expect(saved.intro).toBe('New intro');
    expect(saved.options).toEqual(options);
  });

  it('answers bad input on every read and edit with 400 or 415', async () => {
    const created = await createProposal();
    expect((await owner.client.get('/api/proposals')).status).toBe(400);
    expect((await owner.client.get('/api/proposals?projectId=abc')).status).toBe(400);
    expect((await owner.client.get('/api/proposals/abc')).status).toBe(400);
    expect((await owner.client.request('PUT', '/api/proposals/abc', { json: {} })).status).toBe(400);
    expect((await owner.client.post('/api/proposals/abc/pdf')).status).toBe(400);
    const badOptions = await owner.client.request('PUT', `/api/proposals/${created.id}`, { json: { options: [] } });
    expect(badOptions.status).toBe(400);
    expect(badOptions.body).toEqual(errorShape('VALIDATION_ERROR'));
    const text = await owner.client.request('PUT', `/api/proposals/${created.id}`, { body: 'intro', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect((await owner.client.get(`/api/proposals/${randomUUID()}`)).status).toBe(404);
  });

  it('refuses an edit once signed (409 PROPOSAL_SIGNED) and keeps the proposal', async () => {
    const created = await createProposal();
    await server.db
      .update(proposals)
      .set({ status: 'signed', signedAt: new Date(), signerName: 'Pat', signedDate: '2026-11-23', chosenTier: 'good' })
      .where(eq(proposals.id, created.id));
    const response = await owner.client.request('PUT', `/api/proposals/${created.id}`, { json: { intro: 'Changed after signing' } });
    expect(response.status, statusOf(response)).toBe(409);
    expect(response.body).toEqual(errorShape('PROPOSAL_SIGNED'));
    const [row] = await server.db.select().from(proposals).where(eq(proposals.id, created.id));
    expect(row?.intro).toBe(created.intro);
  });
});

/** A live photo row of a claim file (no stored file: the PDF is not made here). */
async function insertPhoto(companyId: string, project: string): Promise<string> {
  const id = randomUUID();
  await server.db.insert(inspectionPhotos).values({
    id,
    companyId,
    projectId: project,
    filePath: `photos/${id}.jpg`,
    fileName: 'photo.jpg',
    fileSize: 100,
    mimeType: 'image/jpeg',
    sha256: '0'.repeat(64),
    category: 'damage',
  });
  return id;
}

describe('the homeowner’s part and the photos', () => {
  it('starts from the claim file’s deductible and our estimate’s replacement cost, said to be ours (a figure typed on the claim file is not the insurer’s approval)', async () => {
    expect(await createProposal()).toMatchObject({ deductibleCents: null, approvedCents: RCV, approvedSource: 'estimate', photoIds: [] });
    await server.db.update(projects).set({ deductibleCents: 150_000, rcvCents: 900_000 }).where(eq(projects.id, projectId));
    try {
      expect(await createProposal()).toMatchObject({ deductibleCents: 150_000, approvedCents: RCV, approvedSource: 'estimate' });
    } finally {
      await server.db.update(projects).set({ deductibleCents: null, rcvCents: null }).where(eq(projects.id, projectId));
    }
  });

  it('saves the deductible, the approved amount and up to six of the claim file’s photos, in order', async () => {
    // Prepared by the member, who may change it (see who may change a proposal).
    const created = await createProposal({}, member);
    const photos = [];
    for (let i = 0; i < 7; i++) photos.push(await insertPhoto(owner.company.id, projectId));
    const chosen = [photos[2], photos[0]];
    const response = await member.client.request('PUT', `/api/proposals/${created.id}`, {
      json: { deductibleCents: 100_000, approvedCents: 1_000_000, photoIds: chosen },
    });
    expect(response.status, statusOf(response)).toBe(200);
    expect(proposalResponseSchema.parse(response.body).proposal).toMatchObject({
      deductibleCents: 100_000,
      approvedCents: 1_000_000,
      approvedSource: 'typed',
      photoIds: chosen,
    });
    const cleared = await owner.client.request('PUT', `/api/proposals/${created.id}`, { json: { deductibleCents: null, photoIds: [] } });
    expect(proposalResponseSchema.parse(cleared.body).proposal).toMatchObject({ deductibleCents: null, approvedCents: 1_000_000, photoIds: [] });

    const otherClaimPhoto = await insertPhoto(owner.company.id, otherProjectId);
    const foreignPhoto = await insertPhoto(outsider.company.id, foreignProjectId);
    const [deleted] = photos.slice(-1);
    await server.db
      .update(inspectionPhotos)
      .set({ deletedAt: new Date() })
      .where(eq(inspectionPhotos.id, deleted ?? ''));
    for (const json of [
      { photoIds: photos.slice(0, 7) },
      { photoIds: [photos[0], photos[0]] },
      { photoIds: ['not-a-uuid'] },
      { photoIds: [otherClaimPhoto] },
      { photoIds: [foreignPhoto] },
      { photoIds: [deleted] },
      { deductibleCents: -1 },
      { approvedCents: 12.5 },
      { deductibleCents: '1000' },
    ]) {
      const refused = await owner.client.request('PUT', `/api/proposals/${created.id}`, { json });
      expect(refused.status, `${JSON.stringify(json)} ${statusOf(refused)}`).toBe(400);
      expect(refused.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    const [row] = await server.db.select().from(proposals).where(eq(proposals.id, created.id));
    expect(row).toMatchObject({ deductibleCents: null, approvedCents: 1_000_000, photoIds: [] });
  });
});

describe('what the insurer approved (the ledger) against our estimate', () => {
  it('reads the ledger’s approved RCV plus approved supplements as soon as they exist, prices the options from it in cents, and freezes it at signing', async () => {
    const claimId = (await insertProjectRow(server.db, owner.company.id, { street: '7 Ledger Ln' })).id;
    const ownEstimateId = await insertEstimate(owner.company.id, { projectId: claimId, rcvCents: 2_039_660 });
    const entry = async (body: Record<string, unknown>) => {
      const response = await owner.client.post(`/api/projects/${claimId}/ledger/entries`, body);
      expect(response.status, statusOf(response)).toBe(201);
      return response.body as { entries: { id: string; kind: string }[] };
    };
    const create = async () => {
      const response = await owner.client.post('/api/proposals', { projectId: claimId, estimateId: ownEstimateId });
      expect(response.status, statusOf(response)).toBe(201);
      return proposalResponseSchema.parse(response.body).proposal;
    };
    const read = async (id: string) => proposalResponseSchema.parse((await owner.client.get(`/api/proposals/${id}`)).body).proposal;

    // No insurer figure yet: our estimate, said to be ours, and the good option at exactly it.
    const early = await create();
    expect(early).toMatchObject({ approvedCents: 2_039_660, approvedSource: 'estimate' });
    expect(early.options[0]?.priceCents).toBe(2_039_660);

    await entry({ kind: 'figure', figure: 'rcv', amountCents: 1_840_000 });
    await entry({ kind: 'figure', figure: 'deductible', amountCents: 100_000 });
    const requested = await entry({ kind: 'supplement_requested', label: 'Drip edge', amountCents: 320_000 });
    const supplementId = requested.entries.find((e) => e.kind === 'supplement_requested')?.id;
    await entry({ kind: 'supplement_approved', supplementId, amountCents: 320_000 });
    await entry({ kind: 'supplement_requested', label: 'Ice barrier', amountCents: 733_839 });

    // The draft made before reads the ledger now; a new one starts from it (RCV $18,400.00 + $3,200.00 approved; the pending one does not count).
    expect(await read(early.id)).toMatchObject({ approvedCents: 2_160_000, approvedSource: 'insurer' });
    const late = await create();
    expect(late).toMatchObject({ approvedCents: 2_160_000, approvedSource: 'insurer', deductibleCents: 100_000 });
    expect(late.options.map((o) => o.priceCents)).toEqual([2_160_000, 2_419_200, 2_764_800]);
    // Sending back the amount shown (an edit of the intro) leaves it the insurer's; another amount is typed.
    const same = await owner.client.request('PUT', `/api/proposals/${late.id}`, { json: { intro: 'Hello', approvedCents: 2_160_000 } });
    expect(proposalResponseSchema.parse(same.body).proposal).toMatchObject({ approvedCents: 2_160_000, approvedSource: 'insurer' });
    const typed = await owner.client.request('PUT', `/api/proposals/${early.id}`, { json: { approvedCents: 2_000_000 } });
    expect(proposalResponseSchema.parse(typed.body).proposal).toMatchObject({ approvedCents: 2_000_000, approvedSource: 'typed' });

    // Another company's proposal of this claim file is not found, and tells nothing of the ledger.
    expect((await outsider.client.get(`/api/proposals/${late.id}`)).status).toBe(404);
  });
});

describe('who may change a proposal', () => {
  it("lets the member who prepared it change it, owners and managers anyone's; a member's change of a colleague's is 403 and writes nothing", async () => {
    const manager = await signedInUser(server, { company: owner.company, role: 'manager' });
    const mine = await createProposal({}, member);
    const sent = await member.client.post('/api/share-links', { proposalId: mine.id, audience: 'homeowner' });
    expect(sent.status, statusOf(sent)).toBe(201);
    const changed = await member.client.request('PUT', `/api/proposals/${mine.id}`, { json: { intro: 'Updated after the walk-through.' } });
    expect(changed.status, statusOf(changed)).toBe(200);
    expect(proposalResponseSchema.parse(changed.body).proposal).toMatchObject({ status: 'sent', intro: 'Updated after the walk-through.' });

    const theirs = await createProposal();
    const [before] = await server.db.select().from(proposals).where(eq(proposals.id, theirs.id));
    const refused = await member.client.request('PUT', `/api/proposals/${theirs.id}`, { json: { intro: 'Changed by a colleague', deductibleCents: 1 } });
    expect(refused.status, statusOf(refused)).toBe(403);
    expect(refused.body).toEqual({
      error: { ...errorShape('FORBIDDEN').error, message: 'Only company owners and managers, or the person who prepared this proposal, can change it.' },
    });
    expect((await server.db.select().from(proposals).where(eq(proposals.id, theirs.id)))[0]).toEqual(before);

    // The PDF is drawn for anyone's proposal: it changes nothing of it.
    expect((await member.client.post(`/api/proposals/${theirs.id}/pdf`)).status).toBe(202);
    const byManager = await manager.client.request('PUT', `/api/proposals/${theirs.id}`, { json: { intro: 'Checked by the office.' } });
    expect(byManager.status, statusOf(byManager)).toBe(200);
  });
});

describe('the proposal PDF', () => {
  it('inserts a queued report of kind proposal and sends one render job; again reuses the row', async () => {
    const created = await createProposal();
    const response = await owner.client.post(`/api/proposals/${created.id}/pdf`);
    expect(response.status, statusOf(response)).toBe(202);
    const proposal = proposalResponseSchema.parse(response.body).proposal;
    expect(proposal.reportId).toEqual(expect.any(String));
    const reportId = proposal.reportId ?? '';
    const [row] = await server.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row).toMatchObject({
      companyId: owner.company.id,
      projectId,
      proposalId: created.id,
      kind: 'proposal',
      title: 'Proposal - 42 Elm St',
      document: { sections: [], showAnnotations: true, showMetadata: true },
    });
    // The reports feature's worker may already be drawing it.
    expect(['queued', 'rendering', 'ready', 'failed']).toContain(row?.status);
    expect(await jobsFor(reportId)).toBe(1);

    await server.db.update(reports).set({ status: 'ready', progress: 100 }).where(eq(reports.id, reportId));
    const again = await owner.client.post(`/api/proposals/${created.id}/pdf`);
    expect(again.status).toBe(202);
    expect(proposalResponseSchema.parse(again.body).proposal.reportId).toBe(reportId);
    const rows = await server.db
      .select()
      .from(reports)
      .where(and(eq(reports.proposalId, created.id), eq(reports.kind, 'proposal')));
    expect(rows).toHaveLength(1);
    expect(['queued', 'rendering', 'ready', 'failed']).toContain(rows[0]?.status);
    expect(await jobsFor(reportId)).toBe(2);
  });
});

describe('another company', () => {
  it('gets 404 on every endpoint and sees nothing in its lists', async () => {
    const created = await createProposal();
    const reportsBefore = (await server.db.select().from(reports)).length;
    const answers = [
      await outsider.client.get(`/api/proposals?projectId=${projectId}`),
      await outsider.client.get(`/api/proposals/${created.id}`),
      await outsider.client.request('PUT', `/api/proposals/${created.id}`, { json: { intro: 'Mine now' } }),
      await outsider.client.post(`/api/proposals/${created.id}/pdf`),
      await outsider.client.post('/api/proposals', { projectId, estimateId }),
    ];
    for (const answer of answers) {
      expect(answer.status, statusOf(answer)).toBe(404);
      expect(answer.body).toEqual(errorShape('NOT_FOUND'));
    }
    const own = await outsider.client.get(`/api/proposals?projectId=${foreignProjectId}`);
    expect(own.status).toBe(200);
    expect(proposalListResponseSchema.parse(own.body).proposals).toEqual([]);
    const [row] = await server.db.select().from(proposals).where(eq(proposals.id, created.id));
    expect(row?.intro).toBe(created.intro);
    expect((await server.db.select().from(reports)).length).toBe(reportsBefore);
  });
});
