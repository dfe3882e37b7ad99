import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CreateConversationResponse } from '@ridgeline/shared/contracts/chat';
import type { ServiceOrder } from '@ridgeline/shared/contracts/billing';
import type { ShingleIdentification } from '@ridgeline/shared/contracts/shingles';
import type { Measurement } from '@ridgeline/shared/contracts/estimating';
import { EMPTY_MEASUREMENTS } from '@ridgeline/shared/domain/shingle-id';
import { appendCreditEntry } from './features/billing/credit-ledger.repository';
import { companyStorage, inspectionSessions } from './infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser, type TestCompany } from './test/factories';
import { tinyPng } from './test/images';
import { sendLarge } from './test/test-client';
import { useTestServer } from './test/use-test-server';
import { createSession, measurementBody } from './features/estimating/estimating.fixtures';

// Every upload path against the upload quotas, through the real server on a real database: an
// hour's budget of 1 MB per user (and per user for feedback screenshots), 2 MB per company, and a
// storage total of 1 GB. Each path takes one upload of about 700 KB, then refuses the next with 429
// and Retry-After before reading it; a company at its storage total is refused 413; and a refused
// upload writes no row and no file, and counts against nothing.

const server = useTestServer({
  UPLOAD_USER_HOURLY_MB: '1',
  FEEDBACK_SCREENSHOT_HOURLY_MB: '1',
  UPLOAD_COMPANY_HOURLY_MB: '2',
  COMPANY_STORAGE_GB: '1',
  API_WRITE_LIMIT: '100000',
});

const KB = 1024;
const GB = 1024 * 1024 * 1024;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A real JPEG of random pixels, about 700 KB, different every call (it decodes to its last byte). */
async function noiseJpeg(): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 1100, height: 850, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  if (jpeg.length < 550 * KB || jpeg.length > 1000 * KB) throw new Error(`the test photo is ${jpeg.length} bytes`);
  return jpeg;
}

let shade = 0;
/** A PNG (its header readable) followed by padding: 700 KB, different every call. */
function paddedPng(): Buffer {
  shade += 1;
  return Buffer.concat([tinyPng(4, 3, [shade % 256, 40, 40]), Buffer.alloc(700 * KB - 100, 7)]);
}

/** A PDF of 700 KB, different every call. */
const paddedPdf = () => Buffer.concat([Buffer.from(`%PDF-1.4\n% ${randomUUID()}\n`), Buffer.alloc(700 * KB, 0x20), Buffer.from('\n%%EOF\n')]);

/**
 * Every stored file of every bucket that an upload writes (a refused upload adds none). Thumbnails are
 * left out: the job of an earlier, accepted photo writes them whenever it runs.
 */
async function storedFiles(): Promise<string[]> {
  const root = join(server.deps.config.dataDir, 'storage');
  const names = (await readdir(root, { recursive: true }).catch(() => [])) as string[];
  return names.filter((name) => /\.\w+$/.test(name) && !name.endsWith('.meta.json') && !/_thumb_(small|large)\.jpg$/.test(name)).sort();
}

/** Rows of every table an upload writes. */
async function uploadRows() {
  const rows = await server.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from inspection_photos) as photos,
    (select count(*)::int from project_files) as files,
    (select count(*)::int from roof_measurements where report_file_path is not null) as reports,
    (select count(*)::int from message_attachments) as attachments,
    (select count(*)::int from feedback_screenshots) as screenshots,
    (select count(*)::int from shingle_photos) as "shinglePhotos",
    (select count(*) filter (where image is not null)::int from "user") as avatars,
    (select count(*) filter (where logo_path is not null)::int from companies) as logos,
    (select count(*) filter (where status = 'delivered')::int from service_orders) as deliveries`);
  return rows.rows[0];
}

/** One upload of a path: its method, address, body and content type. */
type Upload = { method: 'PUT' | 'POST'; path: string; body: Buffer; contentType: string };
/** A path ready for a party: who uploads, and its n-th upload (each different). */
type Ready = { uploader: SignedUpUser; upload: () => Promise<Upload> };
type UploadPath = { name: string; kept: boolean; firstStatus: number; prepare: (party: Party) => Promise<Ready> };
type Party = { owner: SignedUpUser & { company: TestCompany } };

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: unknown };

const send = (user: SignedUpUser, upload: Upload): Promise<Answer> =>
  sendLarge(server.url, upload.method, upload.path, upload.body, { Cookie: user.client.cookieHeader(), 'Content-Type': upload.contentType });

/**
 * Sends an upload's headers (its Content-Length too) and never a byte of its body: only a refusal
 * made before the body is read can answer it. Fails when no answer comes within 10 s.
 */
function sendHeadersOnly(user: SignedUpUser, upload: Upload): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers = {
      Origin: server.url,
      Cookie: user.client.cookieHeader(),
      'Content-Type': upload.contentType,
      'Content-Length': String(upload.body.length),
    };
    const req = request({ hostname, port, path: upload.path, method: upload.method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as unknown });
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${upload.method} ${upload.path} was not answered before its body was sent`));
    }, 10_000);
    req.on('error', () => undefined);
    req.flushHeaders();
  });
}

async function session(companyId: string): Promise<string> {
  const id = randomUUID();
  await server.db.insert(inspectionSessions).values({ id, companyId, projectId: null, street: '12 Shingle Way' });
  return id;
}

const PATHS: UploadPath[] = [
  {
    name: 'field photo',
    kept: true,
    firstStatus: 201,
    prepare: async ({ owner }) => {
      const sessionId = await session(owner.company.id);
      return {
        uploader: owner,
        upload: async () => {
          const body = await noiseJpeg();
          const query = new URLSearchParams({ fileName: 'roof.jpg', category: 'roof', phase: 'roof', sha256: sha(body) });
          return { method: 'PUT', path: `/api/inspections/${sessionId}/photos/${randomUUID()}?${query.toString()}`, body, contentType: 'image/jpeg' };
        },
      };
    },
  },
  {
    name: "a claim file's file",
    kept: true,
    firstStatus: 201,
    prepare: async ({ owner }) => {
      const project = await insertProjectRow(server.db, owner.company.id);
      return {
        uploader: owner,
        upload: () =>
          Promise.resolve({ method: 'PUT', path: `/api/projects/${project.id}/files?name=scope.pdf`, body: paddedPdf(), contentType: 'application/pdf' }),
      };
    },
  },
  {
    name: 'measurement report',
    kept: true,
    firstStatus: 200,
    prepare: async ({ owner }) => {
      const created = await owner.client.post<Measurement>('/api/measurements', measurementBody({ sessionId: await createSession(owner.client) }));
      expect(created.status, created.text).toBe(201);
      return {
        uploader: owner,
        upload: () =>
          Promise.resolve({
            method: 'PUT',
            path: `/api/measurements/${created.body.id}/report?fileName=report.pdf`,
            body: paddedPdf(),
            contentType: 'application/pdf',
          }),
      };
    },
  },
  {
    name: 'avatar',
    kept: true,
    firstStatus: 200,
    prepare: ({ owner }) =>
      Promise.resolve({
        uploader: owner,
        upload: () => Promise.resolve({ method: 'PUT', path: '/api/me/avatar', body: paddedPng(), contentType: 'image/png' }),
      }),
  },
  {
    name: 'company logo',
    kept: true,
    firstStatus: 200,
    prepare: ({ owner }) =>
      Promise.resolve({
        uploader: owner,
        upload: () => Promise.resolve({ method: 'PUT', path: '/api/company/logo', body: paddedPng(), contentType: 'image/png' }),
      }),
  },
  {
    name: 'shingle photo',
    kept: true,
    firstStatus: 201,
    prepare: async ({ owner }) => {
      const saved = await owner.client.post<ShingleIdentification>('/api/shingles/identifications', {
        id: randomUUID(),
        measurements: { ...EMPTY_MEASUREMENTS, lengthIn: 39.375, exposureIn: 5.625, type: 'laminated' },
      });
      expect(saved.status, saved.text).toBe(201);
      return {
        uploader: owner,
        upload: async () => {
          const body = await noiseJpeg();
          const query = new URLSearchParams({ kind: 'face', sha256: sha(body), fileName: 'face.jpg' });
          return {
            method: 'PUT',
            path: `/api/shingles/identifications/${saved.body.id}/photos/${randomUUID()}?${query.toString()}`,
            body,
            contentType: 'image/jpeg',
          };
        },
      };
    },
  },
  {
    // Read and let go (no AI provider here: 404 once read): the hourly budgets, never the storage total.
    name: 'shingle photo for suggestions',
    kept: false,
    firstStatus: 404,
    prepare: ({ owner }) =>
      Promise.resolve({
        uploader: owner,
        upload: async () => ({ method: 'POST', path: '/api/shingles/vision-suggestions', body: await noiseJpeg(), contentType: 'image/jpeg' }),
      }),
  },
  {
    name: 'chat attachment',
    kept: true,
    firstStatus: 201,
    prepare: async ({ owner }) => {
      const colleague = await signedInUser(server, { company: owner.company, role: 'member' });
      const created = await owner.client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds: [colleague.user.id] });
      expect(created.status, created.text).toBeLessThan(300);
      const conversationId = created.body.conversation.id;
      return {
        uploader: owner,
        upload: () =>
          Promise.resolve({
            method: 'PUT',
            path: `/api/chat/conversations/${conversationId}/attachments?clientId=${randomUUID()}&fileName=roof.png`,
            body: paddedPng(),
            contentType: 'image/png',
          }),
      };
    },
  },
  {
    name: 'feedback screenshot',
    kept: true,
    firstStatus: 201,
    prepare: ({ owner }) =>
      Promise.resolve({
        uploader: owner,
        upload: () => Promise.resolve({ method: 'PUT', path: `/api/feedback/screenshots?draft=${randomUUID()}`, body: paddedPng(), contentType: 'image/png' }),
      }),
  },
  {
    // A platform admin delivers into the company that ordered: the admin's hourly budget, the company's hour and storage.
    name: 'service order delivery',
    kept: true,
    firstStatus: 200,
    prepare: async ({ owner }) => {
      const admin = await signedInUser(server, { platformAdmin: true });
      const project = await insertProjectRow(server.db, owner.company.id);
      await server.db.transaction((tx) =>
        appendCreditEntry(tx, { companyId: owner.company.id, kind: 'purchase', credits: 40, reason: '40 credits bought', actorId: null }),
      );
      return {
        uploader: admin,
        upload: async () => {
          const placed = await owner.client.post<ServiceOrder>(`/api/projects/${project.id}/service-orders`, { serviceType: 'xact360', notes: '' });
          expect(placed.status, placed.text).toBe(201);
          return {
            method: 'PUT',
            path: `/api/admin/service-orders/${placed.body.id}/delivery?fileName=estimate.pdf`,
            body: paddedPdf(),
            contentType: 'application/pdf',
          };
        },
      };
    },
  },
];

const freshParty = async (): Promise<Party> => ({ owner: await signedInOwner(server) });

function expectRefused(answer: Answer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}
const messageOf = (answer: Answer) => (answer.body as { error: { message: string } }).error.message;

describe('the hourly upload quota of a user', () => {
  for (const path of PATHS) {
    it(`${path.name}: one upload within the hour's 1 MB, the next refused 429 with Retry-After before it is read, nothing written`, async () => {
      const ready = await path.prepare(await freshParty());
      const first = await send(ready.uploader, await ready.upload());
      expect(first.status, JSON.stringify(first.body)).toBe(path.firstStatus);

      const next = await ready.upload();
      const [rows, files] = [await uploadRows(), await storedFiles()];
      const refused = await sendHeadersOnly(ready.uploader, next);
      expectRefused(refused, 429, 'UPLOAD_QUOTA_EXCEEDED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(messageOf(refused)).toMatch(
        path.name === 'feedback screenshot'
          ? /^Your feedback screenshots this hour have reached the limit of 1 MB\./
          : /^Your uploads this hour have reached the limit of 1 MB per person\. Uploads can continue in \d+ minutes?\.$/,
      );
      expect(await uploadRows()).toEqual(rows);
      expect(await storedFiles()).toEqual(files);
    });
  }

  it('feedback screenshots spend a budget of their own: a user out of screenshots still uploads files, and the other way round', async () => {
    const { owner } = await freshParty();
    const screenshot = (n: string) => ({ method: 'PUT' as const, path: `/api/feedback/screenshots?draft=${n}`, body: paddedPng(), contentType: 'image/png' });
    const avatar = () => ({ method: 'PUT' as const, path: '/api/me/avatar', body: paddedPng(), contentType: 'image/png' });
    expect((await send(owner, screenshot(randomUUID()))).status).toBe(201);
    expectRefused(await send(owner, screenshot(randomUUID())), 429, 'UPLOAD_QUOTA_EXCEEDED');
    expect((await send(owner, avatar())).status).toBe(200);
    expectRefused(await send(owner, avatar()), 429, 'UPLOAD_QUOTA_EXCEEDED');
  });
});

describe('an upload that never arrives whole', () => {
  it('gives its bytes back: a phone that loses signal mid-photo can send the photo again within the same hour', async () => {
    const { owner } = await freshParty();
    const project = await insertProjectRow(server.db, owner.company.id);
    const upload = { method: 'PUT' as const, path: `/api/projects/${project.id}/files?name=scope.pdf`, body: paddedPdf(), contentType: 'application/pdf' };
    // The headers announce the whole file; a tenth of it is sent, then the connection drops.
    const { hostname, port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const headers = {
        Origin: server.url,
        Cookie: owner.client.cookieHeader(),
        'Content-Type': upload.contentType,
        'Content-Length': String(upload.body.length),
      };
      const req = request({ hostname, port, path: upload.path, method: upload.method, headers });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(upload.body.subarray(0, 70 * KB), () => setTimeout(() => req.destroy(), 300));
    });
    const counted = async () =>
      Number(
        (
          await server.db.execute<{ bytes: string }>(
            sql`select coalesce(sum(bytes), 0)::text as bytes from upload_byte_counts where key like ${`%${owner.me.id}`}`,
          )
        ).rows[0]?.bytes,
      );
    await expect.poll(counted, { timeout: 5000 }).toBe(0);
    const sentAgain = await send(owner, upload);
    expect(sentAgain.status, JSON.stringify(sentAgain.body)).toBe(201);
    const again = await send(owner, { ...upload, body: paddedPdf() });
    expectRefused(again, 429, 'UPLOAD_QUOTA_EXCEEDED');
  });
});

describe('the hourly upload quota of a company', () => {
  it("counts every user of the company together (2 MB), refuses past it with the company's words, and another company is not affected", async () => {
    const { owner } = await freshParty();
    const [second, third] = [
      await signedInUser(server, { company: owner.company, role: 'member' }),
      await signedInUser(server, { company: owner.company, role: 'member' }),
    ];
    const project = await insertProjectRow(server.db, owner.company.id);
    const file = () => ({
      method: 'PUT' as const,
      path: `/api/projects/${project.id}/files?name=scope.pdf`,
      body: paddedPdf(),
      contentType: 'application/pdf',
    });
    expect((await send(owner, file())).status).toBe(201);
    expect((await send(second, file())).status).toBe(201);
    const [rows, files] = [await uploadRows(), await storedFiles()];
    const refused = await send(third, file());
    expectRefused(refused, 429, 'UPLOAD_QUOTA_EXCEEDED');
    expect(messageOf(refused)).toMatch(
      /^Your company's uploads this hour have reached the limit of 2 MB per company\. Uploads can continue in \d+ minutes?\.$/,
    );
    expect(await uploadRows()).toEqual(rows);
    expect(await storedFiles()).toEqual(files);

    // Another company's user uploads as before.
    const other = await freshParty();
    const theirs = await insertProjectRow(server.db, other.owner.company.id);
    expect((await send(other.owner, { ...file(), path: `/api/projects/${theirs.id}/files?name=scope.pdf` })).status).toBe(201);
  });
});

describe("the company's storage total", () => {
  const fill = (companyId: string, bytes: number) =>
    server.db.insert(companyStorage).values({ companyId, bytes }).onConflictDoUpdate({ target: companyStorage.companyId, set: { bytes } });

  for (const path of PATHS) {
    it(`${path.name}: ${path.kept ? 'refused 413 STORAGE_FULL when the company is full, before it is read, nothing written or counted' : 'not refused by a full company (nothing is kept)'}`, async () => {
      const party = await freshParty();
      const ready = await path.prepare(party);
      await fill(party.owner.company.id, GB - 100 * KB);
      const upload = await ready.upload();
      const [rows, files] = [await uploadRows(), await storedFiles()];
      const answer = path.kept ? await sendHeadersOnly(ready.uploader, upload) : await send(ready.uploader, upload);
      if (!path.kept) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(path.firstStatus);
        return;
      }
      expectRefused(answer, 413, 'STORAGE_FULL');
      expect(messageOf(answer)).toBe(
        "Your company's storage is full: it keeps at most 1 GB of files and photos. Delete what it no longer needs to make room for this upload.",
      );
      expect(answer.headers.connection).toBe('close');
      expect(await uploadRows()).toEqual(rows);
      expect(await storedFiles()).toEqual(files);

      // Room again: the refused upload counted against no hour, so this one fits the 1 MB.
      await fill(party.owner.company.id, 0);
      const accepted = await send(ready.uploader, await ready.upload());
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(path.firstStatus);
    });
  }

  it('follows what the company keeps: each kept upload adds its size, a deleted file takes it away', async () => {
    const { owner } = await freshParty();
    const stored = async () => Number((await server.db.select().from(companyStorage).where(eq(companyStorage.companyId, owner.company.id)))[0]?.bytes ?? 0);
    const project = await insertProjectRow(server.db, owner.company.id);
    const body = paddedPdf();
    const uploaded = await owner.client.put<{ id: string }>(`/api/projects/${project.id}/files?name=scope.pdf`, body, {
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(await stored()).toBe(body.length);
    expect((await owner.client.delete(`/api/project-files/${uploaded.body.id}`)).status).toBe(204);
    expect(await stored()).toBe(0);
  });
});
