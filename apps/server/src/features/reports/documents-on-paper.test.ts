import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  proposalResponseSchema,
  publicShareSchema,
  reportDetailResponseSchema,
  shareLinkResponseSchema,
  type Proposal,
  type ReportDetail,
} from '@ridgeline/shared/contracts/documents';
import { DEFAULT_COVER_LETTER } from '@ridgeline/shared/domain/documents';
import type { PhotoCategory } from '@ridgeline/shared/domain/field-capture';
import { adjusters, carriers, estimates, inspectionPhotos, inspectionSessions, projectActivity, projectFiles, reports } from '../../infra/db/schema/index';
import { datesInOtherFormats } from '@ridgeline/shared/domain/time-zones';
import { imagesOnPage, pageText, readBack, requirePoppler } from '../../infra/pdf/pdf-test-kit';
import { insertProjectRow, signedInOwner } from '../../test/factories';
import type { TestClient } from '../../test/test-client';
import { useTestServer } from '../../test/use-test-server';

// The claim's documents as the adjuster and the homeowner receive them, made through the API by the
// real job and engine and read back with poppler: the photo report (sections sharing pages, every
// photo numbered as the appendix numbers it, times in the company's zone with the zone named, the
// cover), the claim packet (the letterhead, nothing printed in place of a missing value) and the
// proposal (the homeowner's part of each option, the estimate's lines, the chosen photos; once
// signed, that the homeowner signed, and the signed copy mailed to them).

const server = useTestServer({ API_WRITE_LIMIT: '5000', TRUST_PROXY: 'loopback' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let bare: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let bareProjectId: string;
let sessionId: string;
let estimateId: string;
let opEstimateId: string;
const photoIds: Record<string, string> = {};

const ADDRESS = '1 Main St, Dallas, TX 75201';
const PHONE = '+1 214 555 0100';
const HOMEOWNER_EMAIL = 'pat.miller@example.com';

const detailOf = (body: unknown): ReportDetail => reportDetailResponseSchema.parse(body).report;
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function insertPhoto(key: string, category: PhotoCategory, subcategory: string | null, notes: string, minute: number): Promise<void> {
  const id = randomUUID();
  const bytes = await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: (minute * 37) % 256, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();
  const filePath = `photos/${id}.jpg`;
  await server.deps.storage.put('project-files', filePath, bytes, { contentType: 'image/jpeg' });
  await server.db.insert(inspectionPhotos).values({
    id,
    companyId: owner.company.id,
    sessionId,
    projectId,
    structureId: 'house',
    filePath,
    fileName: `${key}.jpg`,
    fileSize: bytes.length,
    mimeType: 'image/jpeg',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    width: 160,
    height: 120,
    category,
    subcategory,
    phase: null,
    notes,
    // 14:0m UTC is 9:0m in Dallas in May (CDT).
    capturedAt: new Date(`2026-05-02T14:${String(minute).padStart(2, '0')}:00Z`),
    uploadedBy: owner.company.owner.id,
  });
  photoIds[key] = id;
}

async function insertEstimate(opEnabled: boolean, version: number): Promise<string> {
  const line = {
    id: 'l1',
    code: 'shingles',
    description: 'Laminated comp. shingle roofing, w/out felt',
    quantity: 20,
    unit: 'SQ',
    unitPriceCents: 50_000,
    depreciationBp: 0,
    source: 'formula',
  };
  const subtotal = 1_000_000;
  const [row] = await server.db
    .insert(estimates)
    .values({
      companyId: owner.company.id,
      sessionId,
      projectId,
      version,
      lines: [line],
      opEnabled,
      subtotalCents: subtotal,
      overheadCents: opEnabled ? 100_000 : 0,
      profitCents: opEnabled ? 100_000 : 0,
      rcvCents: opEnabled ? 1_200_000 : subtotal,
      acvCents: opEnabled ? 1_200_000 : subtotal,
    })
    .returning({ id: estimates.id });
  if (!row) throw new Error('no estimate');
  return row.id;
}

/** The report once the job has finished with it. */
async function finished(client: TestClient, id: string): Promise<ReportDetail> {
  let report: ReportDetail | null = null;
  await expect
    .poll(
      async () => {
        report = detailOf((await client.get(`/api/reports/${id}`)).body);
        return report.status;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toMatch(/^(ready|failed)$/);
  if (!report) throw new Error('no report');
  return report;
}

/** The PDF of a ready report, read back with poppler. */
async function pdfOf(client: TestClient, id: string) {
  const report = await finished(client, id);
  expect(report.error).toBeNull();
  const response = await fetch(`${server.url}/api/reports/${id}/file`, { headers: { Cookie: client.cookieHeader() } });
  expect(response.status).toBe(200);
  const pdf = await readBack(Buffer.from(await response.arrayBuffer()));
  // Every paper writes a date one way ("Nov 14, 2026").
  expect(datesInOtherFormats(pdf.text), 'dates in a second format').toEqual([]);
  return pdf;
}

beforeAll(async () => {
  requirePoppler();
  owner = await signedInOwner(server, { name: 'Summit Roofing Co', phone: PHONE, address: ADDRESS });
  bare = await signedInOwner(server, { name: 'Bare Roofing', phone: PHONE });
  const zone = await owner.client.patch('/api/company', { timeZone: 'America/Chicago' });
  expect(zone.status, zone.text).toBe(200);
  const companyId = owner.company.id;
  const [carrier] = await server.db.insert(carriers).values({ companyId, name: 'Prairie Mutual' }).returning({ id: carriers.id });
  const [adjuster] = await server.db
    .insert(adjusters)
    .values({ companyId, carrierId: carrier?.id ?? null, name: 'Sam Adjuster' })
    .returning({ id: adjusters.id });
  projectId = (
    await insertProjectRow(server.db, companyId, {
      title: 'Hail claim, Oak Street',
      homeownerName: 'Pat Miller',
      street: '12 Oak Street',
      city: 'Tulsa',
      state: 'OK',
      zip: '74103',
      carrierId: carrier?.id ?? null,
      adjusterId: adjuster?.id ?? null,
      policyNumber: 'HO-5521907',
      claimNumber: 'CLM-14',
      dateOfLoss: '2026-05-01',
      lossType: 'hail',
      lossDescription: 'Hail up to two inches across the whole roof',
      deductibleCents: 100_000,
      rcvCents: 1_000_000,
    })
  ).id;
  bareProjectId = (await insertProjectRow(server.db, bare.company.id, { claimNumber: 'CLM-9' })).id;
  sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({
    id: sessionId,
    companyId,
    projectId,
    street: '12 Oak Street',
    inspectorId: owner.company.owner.id,
    structures: [
      {
        id: 'house',
        name: 'Main house',
        kind: 'main_house',
        areas: ['roof', 'front', 'right', 'rear', 'left'],
        slopes: [{ direction: 'S', testSquareHits: 11 }],
      },
    ],
  });
  await insertPhoto('house', 'overview', 'front_of_house', 'The house from the street', 1);
  await insertPhoto('address', 'overview', 'address', 'House number 12', 2);
  await insertPhoto('front', 'elevation', 'front', 'Front, gutters dented', 3);
  await insertPhoto('right', 'elevation', 'right', 'Right elevation', 4);
  await insertPhoto('rear', 'elevation', 'rear', 'Rear elevation', 5);
  await insertPhoto('left', 'elevation', 'left', 'Left elevation', 6);
  await insertPhoto('slope', 'roof', 'slope_s', 'South slope', 7);
  await insertPhoto('hail', 'damage', null, 'Hail hit on the ridge cap', 8);
  estimateId = await insertEstimate(false, 1);
  opEstimateId = await insertEstimate(true, 2);
});

describe('the photo report', () => {
  it('shares pages between sections, numbers every photo as the appendix does, prints times in the company’s zone, and has the cover an adjuster reads', async () => {
    const made = await owner.client.post('/api/reports', { kind: 'photo', projectId, layout: 2, overrideReason: 'Test square N not reachable' });
    expect(made.status, made.text).toBe(201);
    const pdf = await pdfOf(owner.client, detailOf(made.body).id);
    try {
      // Overview (two photos), four elevations of one, the south slope, the damage: eight rows at
      // two a page are four photo pages, between the cover and the appendix.
      expect(pdf.pages).toBe(1 + 4 + 1);

      const cover = await pageText(pdf.file, 1);
      for (const fact of [
        'Property 12 Oak Street, Tulsa, OK 74103',
        'Homeowner Pat Miller',
        'Carrier Prairie Mutual',
        'Policy number HO-5521907',
        'Claim number CLM-14',
        'Adjuster Sam Adjuster',
        'Loss type Hail',
        'Date of loss May 1, 2026',
        'Loss description Hail up to two inches across the whole roof',
      ]) {
        expect(cover).toContain(fact);
      }
      // The front of the house, numbered as in the report.
      expect(cover).toContain('Photo 1 · The house from the street');
      expect(await imagesOnPage(pdf.file, 1)).toBe(1);

      const captions = [
        'The house from the street',
        'House number 12',
        'Front, gutters dented',
        'Right elevation',
        'Rear elevation',
        'Left elevation',
        'South slope',
        'Hail hit on the ridge cap',
      ];
      const appendix = await pageText(pdf.file, pdf.pages);
      for (const [i, caption] of captions.entries()) {
        const n = i + 1;
        const page = await pageText(pdf.file, 2 + Math.floor(i / 2));
        // On its page with its number; in the appendix under the same number.
        expect(page).toContain(`${caption} Photo ${n}`);
        expect(appendix).toContain(`${n}. ${caption}`);
      }
      expect(await pageText(pdf.file, 2)).not.toContain('Photo 3');

      // Times in Dallas (CDT in May), named; none in UTC.
      expect(flat(pdf.text)).toContain('Taken May 2, 2026, 9:03 AM CDT');
      // The appendix's narrow columns wrap a time after its date.
      expect(appendix).toMatch(/May 2, 2026, .*9:01 AM CDT/);
      expect(pdf.text).not.toContain('UTC');
      expect(pdf.text).not.toContain('[');
    } finally {
      await pdf.cleanup();
    }
  });
});

describe('the claim packet', () => {
  it('is refused, naming what is missing, while the company has no address, and nothing is made', async () => {
    const before = (await server.db.select().from(reports).where(eq(reports.companyId, bare.company.id))).length;
    const refused = await bare.client.post<{ error: { code: string; message: string } }>('/api/reports/packet', {
      projectId: bareProjectId,
      coverLetter: 'Claim {{claim_number}}',
      photoReport: false,
    });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.error.code).toBe('COMPANY_DETAILS_MISSING');
    expect(refused.body.error.message).toBe("Add your company's address in Settings before making a claim packet: it is printed on its letterhead.");
    expect((await server.db.select().from(reports).where(eq(reports.companyId, bare.company.id))).length).toBe(before);
  });

  it('prints the letterhead with the address above the default cover letter, every field filled and nothing in place of one', async () => {
    const made = await owner.client.post('/api/reports/packet', {
      projectId,
      coverLetter: DEFAULT_COVER_LETTER,
      estimateId,
      overrideReason: 'Test square N not reachable',
    });
    expect(made.status, made.text).toBe(201);
    const id = detailOf(made.body).id;
    const pdf = await pdfOf(owner.client, id);
    try {
      const first = await pageText(pdf.file, 1);
      expect(first).toMatch(new RegExp(`^ ?Summit Roofing Co ${ADDRESS} \\${PHONE} .*Re: Claim CLM-14, policy HO-5521907`));
      expect(first).toContain('Attn: Sam Adjuster');
      expect(first).toContain('Date of loss: May 1, 2026');
      expect(first).toContain('documentation of the hail damage');
      expect(first).toContain('our estimate of $10,000.00');
      expect(pdf.text).not.toContain('[');
    } finally {
      await pdf.cleanup();
    }

    // Made again once the address is cleared: refused, and the PDF stays as it was.
    expect((await owner.client.patch('/api/company', { address: '' })).status).toBe(200);
    try {
      const again = await owner.client.post<{ error: { code: string } }>(`/api/reports/${id}/render`, {});
      expect(again.status).toBe(422);
      expect(again.body.error.code).toBe('COMPANY_DETAILS_MISSING');
    } finally {
      expect((await owner.client.patch('/api/company', { address: ADDRESS })).status).toBe(200);
    }
  });
});

describe('the proposal', () => {
  async function proposal(estimate: string): Promise<Proposal> {
    const created = await owner.client.post('/api/proposals', { projectId, estimateId: estimate });
    expect(created.status, created.text).toBe(201);
    return proposalResponseSchema.parse(created.body).proposal;
  }

  async function proposalPdf(id: string) {
    const queued = await owner.client.post(`/api/proposals/${id}/pdf`);
    expect(queued.status, queued.text).toBe(202);
    const reportId = proposalResponseSchema.parse(queued.body).proposal.reportId ?? '';
    return { reportId, pdf: await pdfOf(owner.client, reportId) };
  }

  it('is refused while the company has no address', async () => {
    const [bareSession] = await server.db
      .insert(inspectionSessions)
      .values({ id: randomUUID(), companyId: bare.company.id, projectId: bareProjectId, street: '1 Ridge Rd' })
      .returning({ id: inspectionSessions.id });
    const [bareEstimate] = await server.db
      .insert(estimates)
      .values({ companyId: bare.company.id, sessionId: bareSession?.id ?? '', projectId: bareProjectId, version: 1, rcvCents: 500_000 })
      .returning({ id: estimates.id });
    const created = await bare.client.post('/api/proposals', { projectId: bareProjectId, estimateId: bareEstimate?.id });
    expect(created.status, created.text).toBe(201);
    const id = proposalResponseSchema.parse(created.body).proposal.id;
    for (const answer of [
      await bare.client.post<{ error: { code: string } }>(`/api/proposals/${id}/pdf`),
      await bare.client.post<{ error: { code: string } }>('/api/share-links', { proposalId: id, audience: 'homeowner' }),
    ]) {
      expect(answer.status, answer.text).toBe(422);
      expect(answer.body.error.code).toBe('COMPANY_DETAILS_MISSING');
    }
    expect(await server.db.select().from(reports).where(eq(reports.proposalId, id))).toEqual([]);
  });

  it('prints the homeowner’s part of each option, the estimate’s lines without overhead and profit when off, the chosen photos and the letterhead', async () => {
    // The insurer's RCV on the Money tab: what "Approved by your insurance" prints.
    const approved = await owner.client.post(`/api/projects/${projectId}/ledger/entries`, { kind: 'figure', figure: 'rcv', amountCents: 1_000_000 });
    expect(approved.status, approved.text).toBe(201);
    const created = await proposal(estimateId);
    // The claim file's deductible and the insurer's replacement cost.
    expect(created).toMatchObject({ deductibleCents: 100_000, approvedCents: 1_000_000, approvedSource: 'insurer', photoIds: [] });
    const saved = await owner.client.request('PUT', `/api/proposals/${created.id}`, { json: { photoIds: [photoIds.house, photoIds.hail] } });
    expect(saved.status, saved.text).toBe(200);
    const { pdf } = await proposalPdf(created.id);
    try {
      const text = flat(pdf.text);
      expect(await pageText(pdf.file, 1)).toMatch(new RegExp(`^ ?Summit Roofing Co ${ADDRESS} \\${PHONE} Proposal Prepared for Pat Miller`));
      // Good at the approved $10,000.00; better at $11,200.00, $1,200.00 above it.
      expect(text).toContain(
        'Price: $10,000.00 Approved by your insurance: $10,000.00 Your deductible: $1,000.00 Insurance pays: $9,000.00 You pay: $1,000.00',
      );
      expect(text).toContain(
        'Price: $11,200.00 Approved by your insurance: $10,000.00 Your deductible: $1,000.00 Upgrade above the approved amount: $1,200.00 Insurance pays: $9,000.00 You pay: $2,200.00',
      );
      expect(text).toMatch(/Scope of work .*Laminated comp\. shingle roofing, w\/out felt 20 SQ \$10,000\.00/);
      expect(text).toContain('Total (replacement cost) $10,000.00');
      expect(text).not.toContain('Overhead');
      expect(text).not.toContain('Profit');
      expect(text).toContain('The house from the street Photo 1');
      expect(text).toContain('Hail hit on the ridge cap Photo 2');
      expect(text).not.toContain('Photo 3');
      expect(pdf.text).not.toContain('[');
    } finally {
      await pdf.cleanup();
    }
  });

  it('says our estimate is ours until the insurer approves a figure, then prints the insurer’s RCV plus approved supplements; no rounding remainder is charged', async () => {
    const claimId = (await insertProjectRow(server.db, owner.company.id, { street: '9 Estimate Way', homeownerName: 'Pat Miller', deductibleCents: 100_000 }))
      .id;
    const [session] = await server.db
      .insert(inspectionSessions)
      .values({ id: randomUUID(), companyId: owner.company.id, projectId: claimId, street: '9 Estimate Way' })
      .returning({ id: inspectionSessions.id });
    const [estimate] = await server.db
      .insert(estimates)
      .values({ companyId: owner.company.id, sessionId: session?.id ?? '', projectId: claimId, version: 1, rcvCents: 2_039_660 })
      .returning({ id: estimates.id });
    const created = await owner.client.post('/api/proposals', { projectId: claimId, estimateId: estimate?.id });
    expect(created.status, created.text).toBe(201);
    const id = proposalResponseSchema.parse(created.body).proposal.id;

    const first = await proposalPdf(id);
    try {
      const text = flat(first.pdf.text);
      // The good option is our estimate to the cent: no "$0.40 above" from rounding it to $20,397.00.
      expect(text).toContain(
        'Price: $20,396.60 Our estimate, not yet approved by your insurance: $20,396.60 Your deductible: $1,000.00 Insurance would pay: $19,396.60 You pay: $1,000.00',
      );
      expect(text).toContain('Upgrade above our estimate: $2,448.00');
      expect(text).not.toContain('Approved by your insurance');
      expect(text).not.toMatch(/\$0\.\d\d above/);
    } finally {
      await first.pdf.cleanup();
    }

    const entry = async (body: Record<string, unknown>) => {
      const response = await owner.client.post<{ entries: { id: string; kind: string }[] }>(`/api/projects/${claimId}/ledger/entries`, body);
      expect(response.status, response.text).toBe(201);
      return response.body.entries;
    };
    await entry({ kind: 'figure', figure: 'rcv', amountCents: 1_840_000 });
    const supplement = (await entry({ kind: 'supplement_requested', label: 'Drip edge', amountCents: 320_000 })).find((e) => e.kind === 'supplement_requested');
    await entry({ kind: 'supplement_approved', supplementId: supplement?.id, amountCents: 320_000 });
    const again = await proposalPdf(id);
    try {
      const text = flat(again.pdf.text);
      // $18,400.00 approved plus the $3,200.00 supplement: $21,600.00, from the ledger, not our $20,396.60.
      expect(text).toContain(
        'Price: $20,396.60 Approved by your insurance: $21,600.00 Your deductible: $1,000.00 Insurance pays: $19,396.60 You pay: $1,000.00',
      );
      expect(text).not.toContain('not yet approved');
    } finally {
      await again.pdf.cleanup();
    }
  });

  it('shows overhead and profit when the estimate has them on', async () => {
    const { pdf } = await proposalPdf((await proposal(opEstimateId)).id);
    try {
      const text = flat(pdf.text);
      expect(text).toContain('Overhead (10%) $1,000.00');
      expect(text).toContain('Profit (10%) $1,000.00');
      expect(text).toContain('Total (replacement cost) $12,000.00');
    } finally {
      await pdf.cleanup();
    }
  });

  it('once signed says the homeowner signed, in the company’s zone, keeps it as the homeowner’s file and mails them the signed PDF', async () => {
    const created = await proposal(estimateId);
    const link = await owner.client.post('/api/share-links', { proposalId: created.id, audience: 'homeowner' });
    expect(link.status, link.text).toBe(201);
    const token = decodeURIComponent(new URL(shareLinkResponseSchema.parse(link.body).link.url).pathname.replace(/^\/share\//, ''));
    const visitor = server.client();
    const opened = publicShareSchema.parse((await visitor.get(`/api/public/share/${encodeURIComponent(token)}`)).body);
    // The claim file has no homeowner email: signing asks for one.
    expect(opened.proposal).toMatchObject({
      askEmail: true,
      deductibleCents: 100_000,
      approvedCents: 1_000_000,
      approvedSource: 'insurer',
      signedPdfPending: false,
    });
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const body = { tier: 'better', name: 'Pat Miller', date: '2026-05-03', signature: `data:image/png;base64,${png.toString('base64')}` };
    const withoutEmail = await visitor.post<{ error: { code: string } }>(`/api/public/share/${encodeURIComponent(token)}/sign`, body);
    expect(withoutEmail.status).toBe(400);
    expect(withoutEmail.body.error.code).toBe('VALIDATION_ERROR');
    const badEmail = await visitor.post(`/api/public/share/${encodeURIComponent(token)}/sign`, { ...body, email: 'not an address' });
    expect(badEmail.status).toBe(400);
    const signed = await visitor.post(`/api/public/share/${encodeURIComponent(token)}/sign`, { ...body, email: HOMEOWNER_EMAIL });
    expect(signed.status, signed.text).toBe(200);
    expect(publicShareSchema.parse(signed.body).proposal).toMatchObject({ status: 'signed', askEmail: false, signedPdfPending: true });

    const read = proposalResponseSchema.parse((await owner.client.get(`/api/proposals/${created.id}`)).body).proposal;
    expect(read.signature).toMatchObject({ name: 'Pat Miller', email: HOMEOWNER_EMAIL });
    const reportId = read.reportId ?? '';
    const pdf = await pdfOf(owner.client, reportId);
    try {
      const text = flat(pdf.text);
      expect(text).toMatch(/Signed by the homeowner Name: Pat Miller Date: May 3, 2026 Signed at \w{3} \d{1,2}, 2026, \d{1,2}:\d{2} [AP]M C[DS]T from IP/);
      expect(text).toContain('Chosen by the homeowner');
      expect(pdf.text).not.toContain('[');
    } finally {
      await pdf.cleanup();
    }

    // The homeowner's page now offers the signed PDF.
    await expect
      .poll(async () => publicShareSchema.parse((await visitor.get(`/api/public/share/${encodeURIComponent(token)}`)).body).proposal?.signedPdfPending, {
        timeout: 30_000,
      })
      .toBe(false);
    const download = await visitor.get(`/api/public/share/${encodeURIComponent(token)}/file`);
    expect(download.status).toBe(200);

    // Kept among the claim file's files as the homeowner's, with no company user as its uploader.
    let fileId: string | null = null;
    await expect
      .poll(async () => (fileId = proposalResponseSchema.parse((await owner.client.get(`/api/proposals/${created.id}`)).body).proposal.signedFileId), {
        timeout: 30_000,
      })
      .not.toBeNull();
    const [file] = await server.db
      .select()
      .from(projectFiles)
      .where(eq(projectFiles.id, fileId ?? ''));
    expect(file).toMatchObject({ fileName: 'Signed proposal - Pat Miller.pdf', uploadedBy: null });
    const kept = await server.db
      .select()
      .from(projectActivity)
      .where(
        and(eq(projectActivity.projectId, projectId), eq(projectActivity.kind, 'file_uploaded'), eq(projectActivity.body, 'Signed proposal - Pat Miller.pdf')),
      );
    expect(kept.map((a) => a.actorId)).toEqual([null]);

    // The signed copy, mailed once with the PDF attached.
    const mail = await server.readMail(HOMEOWNER_EMAIL, 'Your signed proposal');
    expect(mail.text).toContain('Company: "Summit Roofing Co"');
    expect(mail.text).toContain('Option: Better: Impact-resistant Class 4 architectural shingles, $11,200.00');
    expect(mail.text).toMatch(/Signed: May \d{1,2}, 2026|Signed: \w{3} \d{1,2}, 2026, .* C[DS]T/);
    const outbox = await server.db.execute<{ attachments: { fileName: string; size: number }[] | null }>(
      sql`select attachments from mail_outbox where id = ${mail.id}`,
    );
    expect(outbox.rows[0]?.attachments).toEqual([{ fileName: 'Signed proposal - Pat Miller.pdf', size: file?.fileSize }]);
    const copies = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where "to" = ${HOMEOWNER_EMAIL} and subject = 'Your signed proposal'`,
    );
    expect(copies.rows[0]?.n).toBe(1);

    // Signed with the insurer's $10,000.00: a later figure on the ledger does not change what was signed.
    const later = await owner.client.post(`/api/projects/${projectId}/ledger/entries`, { kind: 'figure', figure: 'rcv', amountCents: 1_100_000 });
    expect(later.status, later.text).toBe(201);
    expect(proposalResponseSchema.parse((await owner.client.get(`/api/proposals/${created.id}`)).body).proposal).toMatchObject({
      approvedCents: 1_000_000,
      approvedSource: 'insurer',
    });
  });
});
