import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  proposalResponseSchema,
  publicShareSchema,
  shareLinkListResponseSchema,
  shareLinkResponseSchema,
  shareLinkViewsResponseSchema,
  type Proposal,
  type ShareLink,
} from '@ridgeline/shared/contracts/documents';
import { RENDER_DOCUMENT_JOB } from '../../infra/pdf/render-job';
import {
  estimates,
  inspectionSessions,
  notifications,
  projectActivity,
  proposals,
  reports,
  shareLinkEmails,
  shareLinks,
  shareLinkViews,
} from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestClient, TestResponse } from '../../test/test-client';
import { useTestServer } from '../../test/use-test-server';

// The test client is a trusted proxy (TRUST_PROXY), so X-Forwarded-For names a visitor's address.
const server = useTestServer({ API_WRITE_LIMIT: '5000', TRUST_PROXY: 'loopback' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let foreignProjectId: string;
let estimateId: string;
let reportA: string;
let reportB: string;
let draftReport: string;
let foreignReport: string;
const PDF_A = Buffer.from('%PDF-1.7\n% report A\n%%EOF\n');
const PDF_B = Buffer.from('%PDF-1.7\n% report B\n%%EOF\n');
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) HomeownerTest/1.0';

const errorShape = (code: string) => ({ error: { message: expect.any(String), code, timestamp: expect.any(String), requestId: expect.any(String) } });
const statusOf = (r: TestResponse) => `${r.status} ${r.text.slice(0, 300)}`;
const tokenOf = (link: ShareLink) => decodeURIComponent(new URL(link.url).pathname.replace(/^\/share\//, ''));
const publicPath = (token: string, rest = '') => `/api/public/share/${encodeURIComponent(token)}${rest}`;

async function signaturePng(): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function insertReport(companyId: string, values: { projectId: string; title: string; file?: Buffer }): Promise<string> {
  const id = randomUUID();
  const filePath = values.file ? `${companyId}/reports/${id}.pdf` : null;
  if (values.file && filePath) await server.deps.storage.put('documents', filePath, values.file, { contentType: 'application/pdf' });
  await server.db.insert(reports).values({
    id,
    companyId,
    projectId: values.projectId,
    kind: 'photo',
    title: values.title,
    status: values.file ? 'ready' : 'draft',
    progress: values.file ? 100 : 0,
    document: { sections: [], showAnnotations: true, showMetadata: true },
    filePath,
    fileSize: values.file?.length ?? null,
    pageCount: values.file ? 3 : null,
  });
  return id;
}

async function ensureRenderQueue() {
  await server.db.execute(
    sql`select pgboss.create_queue(${RENDER_DOCUMENT_JOB}, '{"policy":"standard"}'::json) where not exists (select 1 from pgboss.queue where name = ${RENDER_DOCUMENT_JOB})`,
  );
}

async function createLink(client: TestClient, body: Record<string, unknown>): Promise<ShareLink> {
  const response = await client.post('/api/share-links', body);
  expect(response.status, statusOf(response)).toBe(201);
  return shareLinkResponseSchema.parse(response.body).link;
}

async function createProposal(options?: unknown[]): Promise<Proposal> {
  const response = await owner.client.post('/api/proposals', { projectId, estimateId, ...(options ? { options } : {}) });
  expect(response.status, statusOf(response)).toBe(201);
  return proposalResponseSchema.parse(response.body).proposal;
}

/** A visitor with no session, from the web page's own origin. */
const visitor = () => server.client();

beforeAll(async () => {
  // A proposal shared to be signed carries the letterhead: the company has its address.
  owner = await signedInOwner(server, { name: 'Summit Roofing Co', phone: '+1 555 0100', address: '5 Summit Ave, Plano, TX' });
  outsider = await signedInOwner(server);
  projectId = (
    await insertProjectRow(server.db, owner.company.id, {
      street: '42 Elm St',
      city: 'Plano',
      state: 'TX',
      zip: '75024',
      homeownerName: 'Jordan Reyes',
      homeownerEmail: 'jordan@example.com',
    })
  ).id;
  foreignProjectId = (await insertProjectRow(server.db, outsider.company.id)).id;
  const sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({ id: sessionId, companyId: owner.company.id, projectId, street: '42 Elm St' });
  const [estimate] = await server.db
    .insert(estimates)
    .values({ companyId: owner.company.id, sessionId, projectId, version: 1, rcvCents: 773_880 })
    .returning({ id: estimates.id });
  estimateId = estimate?.id ?? '';
  reportA = await insertReport(owner.company.id, { projectId, title: 'Photo report - 42 Elm St', file: PDF_A });
  reportB = await insertReport(owner.company.id, { projectId, title: 'Second report', file: PDF_B });
  draftReport = await insertReport(owner.company.id, { projectId, title: 'Draft report' });
  foreignReport = await insertReport(outsider.company.id, { projectId: foreignProjectId, title: 'Theirs', file: PDF_B });
  await ensureRenderQueue();
});

describe('share links (signed in)', () => {
  it('makes a signed link to a report that lasts 30 days by default, listed with its views', async () => {
    const link = await createLink(owner.client, { reportId: reportA, audience: 'adjuster' });
    expect(link).toMatchObject({
      projectId,
      reportId: reportA,
      proposalId: null,
      audience: 'adjuster',
      state: 'active',
      viewCount: 0,
      lastViewedAt: null,
      revokedAt: null,
      title: 'Photo report - 42 Elm St',
    });
    expect(link.url.startsWith(`${server.url}/share/${link.id}_`)).toBe(true);
    const days = (new Date(link.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const seven = await createLink(owner.client, { reportId: reportA, audience: 'homeowner', expiresInDays: 7 });
    expect((new Date(seven.expiresAt).getTime() - Date.now()) / 86_400_000).toBeCloseTo(7, 1);
    const list = await owner.client.get(`/api/share-links?projectId=${projectId}`);
    expect(list.status).toBe(200);
    const ids = shareLinkListResponseSchema.parse(list.body).links.map((l) => l.id);
    expect(ids.slice(0, 2)).toEqual([seven.id, link.id]);
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const before = (await server.db.select().from(shareLinks)).length;
    for (const body of [
      {},
      { audience: 'adjuster' },
      { reportId: reportA, proposalId: randomUUID(), audience: 'adjuster' },
      { reportId: reportA, audience: 'neighbour' },
      { reportId: reportA, audience: 'adjuster', expiresInDays: 0 },
      { reportId: reportA, audience: 'adjuster', expiresInDays: 366 },
      { reportId: reportA, audience: 'adjuster', expiresInDays: 1.5 },
      { reportId: 'abc', audience: 'adjuster' },
    ]) {
      const response = await owner.client.post('/api/share-links', body);
      expect(response.status, `${JSON.stringify(body)} ${statusOf(response)}`).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    expect((await owner.client.get('/api/share-links')).status).toBe(400);
    expect((await owner.client.get('/api/share-links?projectId=x')).status).toBe(400);
    expect((await owner.client.post('/api/share-links/x/revoke')).status).toBe(400);
    expect((await owner.client.get('/api/share-links/x/views')).status).toBe(400);
    expect((await owner.client.post(`/api/share-links/${randomUUID()}/revoke`)).status).toBe(404);
    expect((await owner.client.post('/api/share-links', { reportId: randomUUID(), audience: 'adjuster' })).status).toBe(404);
    expect((await server.db.select().from(shareLinks)).length).toBe(before);
    expect((await server.client().post('/api/share-links', { reportId: reportA, audience: 'adjuster' })).status).toBe(401);
  });

  it('gives another company 404 on every endpoint and nothing in its lists', async () => {
    const link = await createLink(owner.client, { reportId: reportA, audience: 'adjuster' });
    const before = (await server.db.select().from(shareLinks)).length;
    const answers = [
      await outsider.client.get(`/api/share-links?projectId=${projectId}`),
      await outsider.client.post('/api/share-links', { reportId: reportA, audience: 'adjuster' }),
      await outsider.client.post('/api/share-links', { proposalId: (await createProposal()).id, audience: 'homeowner' }),
      await outsider.client.post(`/api/share-links/${link.id}/revoke`),
      await outsider.client.get(`/api/share-links/${link.id}/views`),
    ];
    for (const answer of answers) {
      expect(answer.status, statusOf(answer)).toBe(404);
      expect(answer.body).toEqual(errorShape('NOT_FOUND'));
    }
    expect((await server.db.select().from(shareLinks)).length).toBe(before);
    const [row] = await server.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row?.revokedAt).toBeNull();
    const own = await outsider.client.get(`/api/share-links?projectId=${foreignProjectId}`);
    expect(own.status).toBe(200);
    expect(shareLinkListResponseSchema.parse(own.body).links).toEqual([]);
    // The owner cannot share the other company's report either.
    expect((await owner.client.post('/api/share-links', { reportId: foreignReport, audience: 'adjuster' })).status).toBe(404);
  });
});

describe('who may revoke', () => {
  it('lets every member share and send a link, and only owners and managers revoke one, whoever made it; a refused revoke changes nothing', async () => {
    const member = await signedInUser(server, { company: owner.company, role: 'member' });
    const manager = await signedInUser(server, { company: owner.company, role: 'manager' });
    const link = await createLink(member.client, { reportId: reportA, audience: 'adjuster' });
    const sent = await member.client.post(`/api/share-links/${link.id}/email`, { to: 'desk.adjuster@example.com' });
    expect(sent.status, statusOf(sent)).toBe(200);

    const [before] = await server.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    const refused = await member.client.post(`/api/share-links/${link.id}/revoke`);
    expect(refused.status, statusOf(refused)).toBe(403);
    expect(refused.body).toEqual({ error: { ...errorShape('FORBIDDEN').error, message: 'Only company owners and managers can revoke a share link.' } });
    expect((await server.db.select().from(shareLinks).where(eq(shareLinks.id, link.id)))[0]).toEqual(before);
    expect((await visitor().get(publicPath(tokenOf(link)))).status).toBe(200);

    const revoked = await manager.client.post(`/api/share-links/${link.id}/revoke`);
    expect(revoked.status, statusOf(revoked)).toBe(200);
    expect(shareLinkResponseSchema.parse(revoked.body).link.state).toBe('revoked');
    expect((await visitor().get(publicPath(tokenOf(link)))).status).toBe(404);
  });
});

describe('sending a link by email', () => {
  const emailsOf = (linkId: string) => server.db.select().from(shareLinkEmails).where(eq(shareLinkEmails.linkId, linkId));

  it('mails an active link from the product, logs who sent it to whom and when, and lists the sends on the link', async () => {
    const proposal = await createProposal();
    expect(proposal.status).toBe('draft');
    const [row] = await server.db
      .insert(shareLinks)
      .values({ companyId: owner.company.id, projectId, proposalId: proposal.id, audience: 'homeowner', expiresAt: new Date(Date.now() + 3 * 86_400_000) })
      .returning();
    const linkId = row?.id ?? '';
    const sent = await owner.client.post(`/api/share-links/${linkId}/email`, {
      to: ' Jordan@Example.com ',
      note: 'Here are your options, call me with questions.',
    });
    expect(sent.status, statusOf(sent)).toBe(200);
    const link = shareLinkResponseSchema.parse(sent.body).link;
    expect(link.emails).toEqual([
      {
        to: 'jordan@example.com',
        sentBy: { id: owner.company.owner.id, name: `${owner.company.owner.firstName} ${owner.company.owner.lastName}` },
        sentAt: expect.any(String),
      },
    ]);
    expect(Math.abs(new Date(link.emails[0]?.sentAt ?? 0).getTime() - Date.now())).toBeLessThan(60_000);

    const mail = await server.readMail('jordan@example.com', 'A proposal is ready for you to review and sign');
    expect(mail.text).toContain(link.url);
    expect(mail.text).toContain('Company, as the company entered it: "Summit Roofing Co"');
    expect(mail.text).toContain('Message: "Here are your options, call me with questions."');
    // The proposal went out: a draft becomes sent.
    const [after] = await server.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(after?.status).toBe('sent');

    const again = await owner.client.post(`/api/share-links/${linkId}/email`, { to: 'pat@example.com' });
    expect(again.status).toBe(200);
    const listed = shareLinkListResponseSchema
      .parse((await owner.client.get(`/api/share-links?projectId=${projectId}`)).body)
      .links.find((l) => l.id === linkId);
    expect(listed?.emails.map((e) => e.to)).toEqual(['pat@example.com', 'jordan@example.com']);
    const reportLink = await createLink(owner.client, { reportId: reportA, audience: 'adjuster' });
    await owner.client.post(`/api/share-links/${reportLink.id}/email`, { to: 'adjuster@example.com' });
    expect((await server.readMail('adjuster@example.com', 'A document has been shared with you')).text).toContain(reportLink.url);
  });

  it('refuses bad input with 400, a revoked or expired link with 409, and another company with 404, sending and logging nothing', async () => {
    const link = await createLink(owner.client, { reportId: reportA, audience: 'adjuster' });
    for (const body of [{}, { to: 'not an address' }, { to: 'a@b.co', note: 'x'.repeat(1001) }, { to: ['a@b.co'] }, { to: 'a@b.co\r\nBcc: x@y.z' }]) {
      const response = await owner.client.post(`/api/share-links/${link.id}/email`, body);
      expect(response.status, `${JSON.stringify(body)} ${statusOf(response)}`).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    expect((await owner.client.post('/api/share-links/x/email', { to: 'a@b.co' })).status).toBe(400);
    expect((await owner.client.post(`/api/share-links/${randomUUID()}/email`, { to: 'a@b.co' })).status).toBe(404);
    const foreign = await outsider.client.post(`/api/share-links/${link.id}/email`, { to: 'thief@example.com' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(errorShape('NOT_FOUND'));
    expect((await server.client().post(`/api/share-links/${link.id}/email`, { to: 'a@b.co' })).status).toBe(401);

    await owner.client.post(`/api/share-links/${link.id}/revoke`);
    const revoked = await owner.client.post(`/api/share-links/${link.id}/email`, { to: 'late@example.com' });
    expect(revoked.status).toBe(409);
    expect(revoked.body).toEqual(errorShape('SHARE_LINK_INACTIVE'));
    const expiring = await createLink(owner.client, { reportId: reportA, audience: 'adjuster' });
    await server.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expiring.id));
    expect((await owner.client.post(`/api/share-links/${expiring.id}/email`, { to: 'late@example.com' })).status).toBe(409);

    expect(await emailsOf(link.id)).toEqual([]);
    expect(await emailsOf(expiring.id)).toEqual([]);
    const mails = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where "to" in ('thief@example.com', 'late@example.com', 'a@b.co')`,
    );
    expect(mails.rows[0]?.n).toBe(0);
  });
});

describe('the public share page', () => {
  it('shows the report with no sign-in and records the view (time, IP, browser)', async () => {
    const link = await createLink(owner.client, { reportId: reportA, audience: 'adjuster' });
    const response = await visitor().get(publicPath(tokenOf(link)), { headers: { 'User-Agent': BROWSER } });
    expect(response.status, statusOf(response)).toBe(200);
    const share = publicShareSchema.parse(response.body);
    expect(share).toEqual({
      kind: 'report',
      audience: 'adjuster',
      companyName: 'Summit Roofing Co',
      companyPhone: '+1 555 0100',
      companyLogoUrl: null,
      propertyAddress: '42 Elm St, Plano, TX 75024',
      homeownerName: 'Jordan Reyes',
      title: 'Photo report - 42 Elm St',
      expiresAt: link.expiresAt,
      document: { pageCount: 3, fileName: 'Photo report - 42 Elm St.pdf' },
      proposal: null,
    });
    // Nothing of the company beyond what the page shows: no ids, paths or users.
    expect(response.text).not.toContain(owner.company.id);
    expect(response.text).not.toContain(projectId);
    expect(response.text).not.toContain(reportA);

    const views = await owner.client.get(`/api/share-links/${link.id}/views`);
    expect(views.status).toBe(200);
    const [view] = shareLinkViewsResponseSchema.parse(views.body).views;
    expect(view?.userAgent).toBe(BROWSER);
    expect(view?.ip).toMatch(/127\.0\.0\.1/);
    expect(Math.abs(new Date(view?.viewedAt ?? 0).getTime() - Date.now())).toBeLessThan(60_000);
    const list = shareLinkListResponseSchema.parse((await owner.client.get(`/api/share-links?projectId=${projectId}`)).body).links;
    const listed = list.find((l) => l.id === link.id);
    expect(listed?.viewCount).toBe(1);
    expect(listed?.lastViewedAt).toBe(view?.viewedAt);
  });

  it('counts one view per address, link and hour: twelve openings at once from one address record one row', async () => {
    const link = await createLink(owner.client, { reportId: reportB, audience: 'homeowner' });
    const open = (address: string) => visitor().get(publicPath(tokenOf(link)), { headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address } });
    const viewsOf = async () => shareLinkViewsResponseSchema.parse((await owner.client.get(`/api/share-links/${link.id}/views`)).body).views;

    const answers = await Promise.all(Array.from({ length: 12 }, () => open('198.51.100.7')));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 200));
    expect((await open('198.51.100.8')).status).toBe(200);
    expect((await open('198.51.100.7')).status).toBe(200);
    const views = await viewsOf();
    expect(views.map((view) => view.ip).sort()).toEqual(['198.51.100.7', '198.51.100.8']);
    expect(views.every((view) => view.userAgent === BROWSER)).toBe(true);
    const listed = shareLinkListResponseSchema
      .parse((await owner.client.get(`/api/share-links?projectId=${projectId}`)).body)
      .links.find((l) => l.id === link.id);
    expect(listed?.viewCount).toBe(2);

    // An hour later the same address counts again: the views are moved back one hour.
    await server.db
      .update(shareLinkViews)
      .set({ viewedAt: sql`${shareLinkViews.viewedAt} - interval '1 hour'`, viewHour: sql`${shareLinkViews.viewHour} - interval '1 hour'` })
      .where(eq(shareLinkViews.linkId, link.id));
    expect((await open('198.51.100.7')).status).toBe(200);
    expect((await viewsOf()).map((view) => view.ip).sort()).toEqual(['198.51.100.7', '198.51.100.7', '198.51.100.8']);
  });

  it('downloads that report’s PDF only, as an attachment', async () => {
    const linkA = await createLink(owner.client, { reportId: reportA, audience: 'adjuster' });
    const linkB = await createLink(owner.client, { reportId: reportB, audience: 'adjuster' });
    const file = await fetch(`${server.url}${publicPath(tokenOf(linkA), '/file')}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Photo report - 42 Elm St.pdf"');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF_A)).toBe(true);
    // Link B's id with link A's signature opens nothing.
    const signatureA = tokenOf(linkA).slice(37);
    const swapped = await visitor().get(publicPath(`${linkB.id}_${signatureA}`, '/file'));
    expect(swapped.status).toBe(404);
    const fileB = await fetch(`${server.url}${publicPath(tokenOf(linkB), '/file')}`);
    expect(Buffer.from(await fileB.arrayBuffer()).equals(PDF_B)).toBe(true);
  });

  it('names the inspection’s property for a report made from an inspection outside a claim file', async () => {
    const sessionId = randomUUID();
    await server.db
      .insert(inspectionSessions)
      .values({ id: sessionId, companyId: owner.company.id, street: '7 Oak Ln', city: 'Frisco', state: 'TX', zip: '75034', homeownerName: 'Sam Lee' });
    const id = randomUUID();
    await server.db
      .insert(reports)
      .values({ id, companyId: owner.company.id, sessionId, kind: 'photo', title: 'Photo report - 7 Oak Ln', status: 'draft', document: { sections: [] } });
    const link = await createLink(owner.client, { reportId: id, audience: 'adjuster' });
    expect(link.projectId).toBeNull();
    const share = publicShareSchema.parse((await visitor().get(publicPath(tokenOf(link)))).body);
    expect(share).toMatchObject({ propertyAddress: '7 Oak Ln, Frisco, TX 75034', homeownerName: 'Sam Lee', document: null });
  });

  it('answers 409 DOCUMENT_NOT_READY for a report not rendered yet', async () => {
    const link = await createLink(owner.client, { reportId: draftReport, audience: 'adjuster' });
    const share = publicShareSchema.parse((await visitor().get(publicPath(tokenOf(link)))).body);
    expect(share.document).toBeNull();
    const file = await visitor().get(publicPath(tokenOf(link), '/file'));
    expect(file.status).toBe(409);
    expect(file.body).toEqual(errorShape('DOCUMENT_NOT_READY'));
  });

  it('answers 404 the same way for a tampered, unknown, revoked or expired link', async () => {
    const link = await createLink(owner.client, { reportId: reportA, audience: 'adjuster' });
    const token = tokenOf(link);
    const last = token.slice(-1) === 'A' ? 'B' : 'A';
    const tampered = [`${token.slice(0, -1)}${last}`, `${randomUUID()}_${token.slice(37)}`, `${link.id}.`, `${link.id}`, `not-a-link-at-all-${'x'.repeat(20)}`];
    for (const bad of tampered) {
      const answer = await visitor().get(publicPath(bad));
      expect(answer.status, `${bad} ${statusOf(answer)}`).toBe(404);
      expect(answer.body).toEqual(errorShape('NOT_FOUND'));
      expect((await visitor().get(publicPath(bad, '/file'))).status).toBe(404);
    }
    expect((await visitor().get(publicPath('short'))).status).toBe(400);

    const revoked = await owner.client.post(`/api/share-links/${link.id}/revoke`);
    expect(revoked.status, statusOf(revoked)).toBe(200);
    const revokedLink = shareLinkResponseSchema.parse(revoked.body).link;
    expect(revokedLink.state).toBe('revoked');
    expect(revokedLink.revokedAt).not.toBeNull();
    const [row] = await server.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row?.revokedBy).toBe(owner.company.owner.id);
    const afterRevoke = await visitor().get(publicPath(token));
    expect(afterRevoke.status).toBe(404);
    expect(afterRevoke.body).toEqual(errorShape('NOT_FOUND'));
    expect((await visitor().get(publicPath(token, '/file'))).status).toBe(404);

    const expiring = await createLink(owner.client, { reportId: reportA, audience: 'adjuster' });
    expect((await visitor().get(publicPath(tokenOf(expiring)))).status).toBe(200);
    await server.db
      .update(shareLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(shareLinks.id, expiring.id));
    const expired = await visitor().get(publicPath(tokenOf(expiring)));
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(errorShape('NOT_FOUND'));
    expect((await visitor().get(publicPath(tokenOf(expiring), '/file'))).status).toBe(404);
    const list = shareLinkListResponseSchema.parse((await owner.client.get(`/api/share-links?projectId=${projectId}`)).body).links;
    expect(list.find((l) => l.id === expiring.id)?.state).toBe('expired');
  });
});

describe('a proposal through its link', () => {
  it('shows the options, refuses the file before the PDF, and signature on a report link is 404', async () => {
    const proposal = await createProposal();
    const link = await createLink(owner.client, { proposalId: proposal.id, audience: 'homeowner' });
    expect(link).toMatchObject({ proposalId: proposal.id, reportId: null, projectId, title: 'Proposal - 42 Elm St' });
    const share = publicShareSchema.parse((await visitor().get(publicPath(tokenOf(link)))).body);
    expect(share).toMatchObject({ kind: 'proposal', title: 'Proposal - 42 Elm St', document: null });
    expect(share.proposal).toEqual({
      intro: proposal.intro,
      options: proposal.options,
      status: 'sent',
      chosenTier: null,
      signature: null,
      deductibleCents: null,
      approvedCents: 773_880,
      approvedSource: 'estimate',
      askEmail: false,
      signedPdfPending: false,
    });
    const file = await visitor().get(publicPath(tokenOf(link), '/file'));
    expect(file.status).toBe(409);
    expect(file.body).toEqual(errorShape('DOCUMENT_NOT_READY'));

    const reportLink = await createLink(owner.client, { reportId: reportA, audience: 'homeowner' });
    const onReport = await visitor().post(publicPath(tokenOf(reportLink), '/sign'), {
      tier: 'good',
      name: 'Jordan Reyes',
      date: '2026-11-23',
      signature: await signaturePng(),
    });
    expect(onReport.status).toBe(404);
    expect(onReport.body).toEqual(errorShape('NOT_FOUND'));
  });

  it('answers bad signatures with 400 and records nothing', async () => {
    const proposal = await createProposal([{ tier: 'good', productLine: 'Three-tab', priceCents: 500_000, warranty: '10 years', terms: 'Net 30' }]);
    const token = tokenOf(await createLink(owner.client, { proposalId: proposal.id, audience: 'homeowner' }));
    const png = await signaturePng();
    const jpegBytes = await sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .jpeg()
      .toBuffer();
    const huge = await sharp({ create: { width: 5000, height: 10, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const good = { tier: 'good', name: 'Jordan Reyes', date: '2026-11-23', signature: png };
    for (const body of [
      {},
      { ...good, name: '' },
      { ...good, tier: 'premium' },
      { ...good, tier: 'best' }, // not offered in this proposal
      { ...good, date: '23/11/2026' },
      { ...good, signature: 'hello' },
      { ...good, signature: `data:image/png;base64,${jpegBytes.toString('base64')}` },
      {
        ...good,
        signature: `data:image/png;base64,${Buffer.from('not a png at all, just some words here to be long enough for the size check').toString('base64')}`,
      },
      { ...good, signature: `data:image/png;base64,${huge.toString('base64')}` },
      { ...good, signature: `data:image/png;base64,${'A'.repeat(400_001)}` },
    ]) {
      const response = await visitor().post(publicPath(token, '/sign'), body);
      expect(response.status, `${JSON.stringify(body).slice(0, 120)} ${statusOf(response)}`).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    const [row] = await server.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row).toMatchObject({ status: 'sent', signedAt: null, signaturePath: null });
  });

  it('refuses a signature from a foreign origin or none (the write guard)', async () => {
    const proposal = await createProposal();
    const token = tokenOf(await createLink(owner.client, { proposalId: proposal.id, audience: 'homeowner' }));
    const body = { tier: 'good', name: 'Jordan Reyes', date: '2026-11-23', signature: await signaturePng() };
    const foreign = await visitor().post(publicPath(token, '/sign'), body, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(errorShape('INVALID_ORIGIN'));
    const none = await fetch(`${server.url}${publicPath(token, '/sign')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(none.status).toBe(403);
    const [row] = await server.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row?.signedAt).toBeNull();
  });

  it('records the signature from the web page without a session: tier, name, date, IP, time, the PNG, the timeline, the inbox and the signed PDF', async () => {
    const proposal = await createProposal();
    const link = await createLink(owner.client, { proposalId: proposal.id, audience: 'homeowner' });
    const token = tokenOf(link);
    const signature = await signaturePng();
    const client = visitor();
    expect(client.hasSession()).toBe(false);
    const response = await client.post(
      publicPath(token, '/sign'),
      { tier: 'better', name: 'Jordan Reyes', date: '2026-11-23', signature },
      { headers: { 'User-Agent': BROWSER } },
    );
    expect(response.status, statusOf(response)).toBe(200);
    const share = publicShareSchema.parse(response.body);
    expect(share.proposal).toMatchObject({
      status: 'signed',
      chosenTier: 'better',
      signature: { name: 'Jordan Reyes', date: '2026-11-23', signedAt: expect.any(String) },
    });

    const [row] = await server.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row).toMatchObject({ status: 'signed', chosenTier: 'better', signerName: 'Jordan Reyes', signedDate: '2026-11-23', signerUserAgent: BROWSER });
    expect(row?.signerIp).toMatch(/127\.0\.0\.1/);
    expect(Math.abs((row?.signedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(row?.signaturePath).toMatch(new RegExp(`^${owner.company.id}/proposals/${proposal.id}/signature-\\d+\\.png$`));
    const stored = await server.deps.storage.get('documents', row?.signaturePath ?? '');
    expect(stored?.body.equals(Buffer.from(signature.split(',')[1] ?? '', 'base64'))).toBe(true);

    // The company sees the signature, its image readable through storage's signed URL.
    const read = proposalResponseSchema.parse((await owner.client.get(`/api/proposals/${proposal.id}`)).body).proposal;
    expect(read.signature).toMatchObject({ name: 'Jordan Reyes', date: '2026-11-23', ip: row?.signerIp });
    const image = await fetch(read.signature?.imageUrl ?? '');
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(stored?.body ?? Buffer.alloc(0))).toBe(true);

    const better = proposal.options.find((o) => o.tier === 'better');
    expect(better?.priceCents).toBe(866_780);
    const activity = await server.db
      .select()
      .from(projectActivity)
      .where(and(eq(projectActivity.projectId, projectId), eq(projectActivity.kind, 'proposal_signed')));
    expect(activity.map((a) => a.body)).toEqual(['Jordan Reyes signed the proposal: Better - $8,667.80']);
    const inbox = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.profileId, owner.company.owner.id), eq(notifications.kind, 'proposal_signed')));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      companyId: owner.company.id,
      body: 'Jordan Reyes signed the proposal: Better - $8,667.80',
      link: `/projects/${projectId}?tab=documents`,
    });

    // The signed PDF is queued: the proposal's report row and one render job.
    const rendered = await server.db
      .select()
      .from(reports)
      .where(and(eq(reports.proposalId, proposal.id), eq(reports.kind, 'proposal')));
    expect(rendered).toHaveLength(1);
    expect(rendered[0]?.title).toBe('Proposal - 42 Elm St');
    const jobs = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${RENDER_DOCUMENT_JOB} and data->>'reportId' = ${rendered[0]?.id ?? ''}`,
    );
    expect(jobs.rows[0]?.n).toBe(1);

    // One signature only; the proposal is frozen.
    const second = await visitor().post(publicPath(token, '/sign'), { tier: 'best', name: 'Someone Else', date: '2026-11-24', signature });
    expect(second.status).toBe(409);
    expect(second.body).toEqual(errorShape('PROPOSAL_SIGNED'));
    const edit = await owner.client.request('PUT', `/api/proposals/${proposal.id}`, { json: { intro: 'Changed' } });
    expect(edit.status).toBe(409);
    expect(edit.body).toEqual(errorShape('PROPOSAL_SIGNED'));
    const [after] = await server.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(after).toMatchObject({ chosenTier: 'better', signerName: 'Jordan Reyes' });
    expect(
      await server.db
        .select()
        .from(projectActivity)
        .where(and(eq(projectActivity.projectId, projectId), eq(projectActivity.kind, 'proposal_signed'))),
    ).toHaveLength(1);
  });

  it('keeps one signature when two arrive at once', async () => {
    const proposal = await createProposal();
    const token = tokenOf(await createLink(owner.client, { proposalId: proposal.id, audience: 'homeowner' }));
    const signature = await signaturePng();
    const answers = await Promise.all(
      ['good', 'best'].map((tier) => visitor().post(publicPath(token, '/sign'), { tier, name: `Signer ${tier}`, date: '2026-11-23', signature })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});
