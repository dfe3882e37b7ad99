import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectFileListSchema, projectFileSchema, type ProjectFile, type ProjectFileList } from '@ridgeline/shared/contracts/projects';
import { loadConfig } from '../../config';
import type { Actor, Tenant } from '../../lib/actor';
import { projectActivity, projectFiles, projects } from '../../infra/db/schema/index';
import { signObject } from '../../infra/storage/signed-url';
import type { Storage } from '../../infra/storage/storage';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser } from '../../test/factories';
import { pixelBudgetMessage } from '@ridgeline/shared/domain/images';
import { pngBomb, tinyGif, tinyPng } from '../../test/images';
import { sendLarge } from '../../test/test-client';
import { zipOf } from '../../test/archives';
import { useTestServer } from '../../test/use-test-server';
import { storedFileName, UNSUPPORTED_PROJECT_FILE_MESSAGE } from '../../infra/storage/project-files';
import { createProjectFilesService } from './project-files.service';

// A 1 MB limit keeps the size tests small.
const server = useTestServer({ PROJECT_FILE_MAX_MB: '1' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let colleague: SignedUpUser;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let foreignProjectId: string;

const MISSING = '00000000-0000-4000-8000-000000000000';
const MB = 1024 * 1024;

// Real bytes of each accepted and refused kind, so the type check runs on what a browser would send.

const contentTypes = (main: string) =>
  `<?xml version="1.0"?><Types><Override PartName="/main.xml" ContentType="application/vnd.openxmlformats-officedocument.${main}.main+xml"/></Types>`;

const bytes = {
  pdf: (padding = 0) => Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), Buffer.alloc(padding, 0x20), Buffer.from('trailer\n<<>>\n%%EOF\n')]),
  jpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]),
  webp: () => {
    const size = Buffer.alloc(4);
    size.writeUInt32LE(4 + 8 + 10);
    return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBPVP8 '), Buffer.alloc(10)]);
  },
  heic: () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(4), Buffer.from('mif1heic'), Buffer.alloc(64)]),
  docx: () =>
    zipOf([
      ['[Content_Types].xml', contentTypes('wordprocessingml.document')],
      ['word/document.xml', '<w/>'],
    ]),
  xlsx: () =>
    zipOf([
      ['[Content_Types].xml', contentTypes('spreadsheetml.sheet')],
      ['xl/workbook.xml', '<x/>'],
    ]),
  pptx: () =>
    zipOf([
      ['[Content_Types].xml', contentTypes('presentationml.presentation')],
      ['ppt/presentation.xml', '<p/>'],
    ]),
  cfb: () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]),
  exe: () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256)]),
  zip: () => zipOf([['notes.txt', 'hello']]),
  text: () => Buffer.from('Ridge vent: 42 ft. Starter strip: 180 ft.'),
};

const filesUrl = (project: string, name: string) => `/api/projects/${project}/files?name=${encodeURIComponent(name)}`;

async function upload(client: SignedUpUser['client'], project: string, name: string, body: Buffer): Promise<ProjectFile> {
  const response = await client.put<ProjectFile>(filesUrl(project, name), body);
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${response.text}`);
  return projectFileSchema.parse(response.body);
}

async function fileRows() {
  return server.db.select().from(projectFiles).orderBy(projectFiles.id);
}

async function activityOf(project: string) {
  return server.db.select().from(projectActivity).where(eq(projectActivity.projectId, project)).orderBy(projectActivity.createdAt);
}

/** The objects stored for a project (names of the files on disk, without their metadata sidecars). */
async function objectsOf(project: string): Promise<string[]> {
  const folder = join(server.deps.config.dataDir, 'storage', 'project-files', 'projects', project);
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => !name.endsWith('.meta.json')).sort();
}

async function download(url: string) {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  owner = await signedInOwner(server);
  colleague = await signedInUser(server, { company: owner.company, role: 'member', firstName: 'Casey', lastName: 'Gutter' });
  outsider = await signedInOwner(server);
  projectId = (await insertProjectRow(server.db, owner.company.id)).id;
  foreignProjectId = (await insertProjectRow(server.db, outsider.company.id)).id;
});

describe('stored file names', () => {
  it('keeps only the last part of a path and makes the extension match the bytes', () => {
    const png = ['png'];
    expect(storedFileName('Roof photo.png', png)).toEqual({ fileName: 'Roof photo.png', ext: 'png' });
    expect(storedFileName('roof.PNG', png)).toEqual({ fileName: 'roof.PNG', ext: 'png' });
    expect(storedFileName('estimate.pdf', png)).toEqual({ fileName: 'estimate.png', ext: 'png' });
    expect(storedFileName('../../etc/passwd', png)).toEqual({ fileName: 'passwd.png', ext: 'png' });
    expect(storedFileName('C:\\Users\\robin\\Desktop\\front  elevation.png', png)).toEqual({ fileName: 'front elevation.png', ext: 'png' });
    expect(storedFileName('.hidden', png)).toEqual({ fileName: 'hidden.png', ext: 'png' });
    expect(storedFileName('photo.jpeg', ['jpg', 'jpeg'])).toEqual({ fileName: 'photo.jpeg', ext: 'jpeg' });
    expect(storedFileName('scan', ['jpg', 'jpeg'])).toEqual({ fileName: 'scan.jpg', ext: 'jpg' });
    for (const name of ['..', '.', 'a/b/', '/', '...', ' . ']) {
      expect(() => storedFileName(name, png), name).toThrow('Give the file a name.');
    }
  });
});

describe('PUT /api/projects/:id/files', () => {
  it('stores a PDF in the private bucket, writes file_uploaded, and its signed URL downloads the exact bytes', async () => {
    const pdf = bytes.pdf();
    const response = await owner.client.put<ProjectFile>(filesUrl(projectId, 'Estimate v2.pdf'), pdf);
    expect(response.status).toBe(201);
    const file = projectFileSchema.parse(response.body);
    expect(file).toMatchObject({ projectId, fileName: 'Estimate v2.pdf', mimeType: 'application/pdf', fileSize: pdf.length, uploadedBy: { id: owner.me.id } });

    const [row] = await server.db.select().from(projectFiles).where(eq(projectFiles.id, file.id));
    expect(row?.objectPath).toBe(`projects/${projectId}/${file.id}.pdf`);
    expect(row?.companyId).toBe(owner.company.id);
    expect((await activityOf(projectId)).at(-1)).toMatchObject({ kind: 'file_uploaded', body: 'Estimate v2.pdf', actorId: owner.me.id });

    const url = new URL(file.url);
    expect(url.pathname).toBe(`/api/storage/project-files/projects/${projectId}/${file.id}.pdf`);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(250);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(300);
    const served = await download(file.url);
    expect(served.status).toBe(200);
    expect(served.type).toBe('application/pdf');
    expect(served.body.equals(pdf)).toBe(true);
  });

  it('refuses a tampered, expired or unsigned download link with 403', async () => {
    const file = await upload(owner.client, projectId, 'plan.png', tinyPng());
    const url = new URL(file.url);
    const bare = `${url.origin}${url.pathname}`;
    expect((await download(bare)).status).toBe(403);
    const tampered = new URL(url);
    const sig = tampered.searchParams.get('sig') ?? '';
    tampered.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await download(tampered.toString())).status).toBe(403);
    const stretched = new URL(url);
    stretched.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await download(stretched.toString())).status).toBe(403);
    const path = decodeURIComponent(url.pathname.replace('/api/storage/project-files/', ''));
    const expired = await download(`${bare}?${signObject(server.deps.storageSecret, 'project-files', path, Math.floor(Date.now() / 1000) - 5)}`);
    expect(expired.status).toBe(403);
    expect(expired.body.toString()).not.toContain('PNG');
  });

  it('decides the type from the bytes: a .pdf name holding a PNG is stored as a PNG', async () => {
    const png = tinyPng(4, 4);
    const file = await upload(colleague.client, projectId, 'estimate.pdf', png);
    expect(file).toMatchObject({
      fileName: 'estimate.png',
      mimeType: 'image/png',
      fileSize: png.length,
      uploadedBy: { id: colleague.me.id, name: 'Casey Gutter' },
    });
    expect(new URL(file.url).pathname).toMatch(new RegExp(`/projects/${projectId}/${file.id}\\.png$`));
    const served = await download(file.url);
    expect(served.type).toBe('image/png');
    expect(served.body.equals(png)).toBe(true);
  });

  it('accepts images and Office documents, legacy ones by their container type', async () => {
    const cases: Array<[string, Buffer, string, string]> = [
      ['front.jpeg', bytes.jpeg(), 'image/jpeg', 'front.jpeg'],
      ['drone.gif', tinyGif(), 'image/gif', 'drone.gif'],
      ['shingles.webp', bytes.webp(), 'image/webp', 'shingles.webp'],
      ['IMG_0042.HEIC', bytes.heic(), 'image/heic', 'IMG_0042.HEIC'],
      ['Scope.docx', bytes.docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Scope.docx'],
      ['Measurements.xlsx', bytes.xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Measurements.xlsx'],
      ['Pitch.pptx', bytes.pptx(), 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'Pitch.pptx'],
      ['old estimate.xls', bytes.cfb(), 'application/x-cfb', 'old estimate.xls'],
      ['letter.doc', bytes.cfb(), 'application/x-cfb', 'letter.doc'],
    ];
    for (const [name, body, mimeType, fileName] of cases) {
      const file = await upload(owner.client, projectId, name, body);
      expect(file, name).toMatchObject({ mimeType, fileName });
      expect((await download(file.url)).body.equals(body), name).toBe(true);
    }
    const [legacy] = await server.db.select().from(projectFiles).where(eq(projectFiles.fileName, 'old estimate.xls'));
    expect(legacy?.objectPath).toMatch(/\.xls$/);
  });

  it('refuses executables, archives and text with 415 naming what is accepted, and stores nothing', async () => {
    const rows = await fileRows();
    const activity = await activityOf(projectId);
    const objects = await objectsOf(projectId);
    for (const [name, body] of [
      ['setup.exe', bytes.exe()],
      ['photos.zip', bytes.zip()],
      ['notes.txt', bytes.text()],
      ['notes.pdf', bytes.text()],
      ['disguised.png', bytes.exe()],
    ] as const) {
      const response = await owner.client.put(filesUrl(projectId, name), body, { headers: { 'Content-Type': 'application/pdf' } });
      expect(response.status, name).toBe(415);
      expect(response.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_PROJECT_FILE_MESSAGE } });
    }
    expect(UNSUPPORTED_PROJECT_FILE_MESSAGE).toMatch(/PDF.*JPEG.*PNG.*WebP.*GIF.*HEIC.*Word.*Excel.*PowerPoint/);
    expect(await fileRows()).toEqual(rows);
    expect(await activityOf(projectId)).toEqual(activity);
    expect(await objectsOf(projectId)).toEqual(objects);
  });

  it('refuses an image over the pixel budget with 422 naming it, and stores nothing', async () => {
    const rows = await fileRows();
    const activity = await activityOf(projectId);
    const objects = await objectsOf(projectId);
    for (const [name, bomb] of [
      ['drone.png', await pngBomb(12_000, 12_000, 4)],
      ['roof.png', await pngBomb(16_000, 16_000)],
    ] as const) {
      const response = await owner.client.put(filesUrl(projectId, name), bomb);
      expect(response.status, name).toBe(422);
      expect(response.body).toMatchObject({ error: { code: 'IMAGE_TOO_MANY_PIXELS', message: pixelBudgetMessage() } });
    }
    expect(await fileRows()).toEqual(rows);
    expect(await activityOf(projectId)).toEqual(activity);
    expect(await objectsOf(projectId)).toEqual(objects);
  });

  it('refuses more than PROJECT_FILE_MAX_MB with 413 and accepts a file just under it', async () => {
    expect(server.deps.config.projectFileMaxMb).toBe(1);
    expect(loadConfig({}).projectFileMaxMb).toBe(50);
    expect(() => loadConfig({ PROJECT_FILE_MAX_MB: '0' })).toThrow(/PROJECT_FILE_MAX_MB/);
    const rows = await fileRows();
    const objects = await objectsOf(projectId);
    const tooLarge = await sendLarge(server.url, 'PUT', filesUrl(projectId, 'huge.pdf'), bytes.pdf(MB), {
      Cookie: owner.client.cookieHeader(),
      'Content-Type': 'application/pdf',
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large (maximum 1 MB).' } });
    expect(await fileRows()).toEqual(rows);
    expect(await objectsOf(projectId)).toEqual(objects);

    const justUnder = bytes.pdf(MB - 200);
    expect(justUnder.length).toBeLessThanOrEqual(MB);
    const file = await upload(owner.client, projectId, 'big but fine.pdf', justUnder);
    expect(file.fileSize).toBe(justUnder.length);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const rows = await fileRows();
    const activity = await activityOf(projectId);
    const objects = await objectsOf(projectId);
    const png = tinyPng();
    for (const path of [
      `/api/projects/${projectId}/files`,
      `/api/projects/${projectId}/files?name=`,
      `/api/projects/${projectId}/files?name=${encodeURIComponent('   ')}`,
      `/api/projects/${projectId}/files?name=${'a'.repeat(201)}.png`,
      `/api/projects/${projectId}/files?name=..`,
      `/api/projects/${projectId}/files?name=${encodeURIComponent('folder/')}`,
      `/api/projects/${projectId}/files?name=bad%00name.png`,
      '/api/projects/not-a-uuid/files?name=a.png',
    ]) {
      const response = await owner.client.put(path, png);
      expect(response.status, path).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    const empty = await owner.client.put(filesUrl(projectId, 'empty.pdf'), Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: 'The upload is empty.' } });
    expect(await fileRows()).toEqual(rows);
    expect(await activityOf(projectId)).toEqual(activity);
    expect(await objectsOf(projectId)).toEqual(objects);
  });

  it('removes the stored object when the row cannot be written (the project went away meanwhile)', async () => {
    const doomed = await insertProjectRow(server.db, owner.company.id);
    const stored: string[] = [];
    // The project is deleted right after the object is written, as a concurrent request could.
    const storage: Storage = {
      ...server.deps.storage,
      put: async (bucket, path, body, options) => {
        await server.deps.storage.put(bucket, path, body, options);
        stored.push(path);
        await server.db.delete(projects).where(eq(projects.id, doomed.id));
      },
    };
    const files = createProjectFilesService({ db: server.db, storage, logger: { warn: () => undefined } });
    const actor: Actor = { userId: owner.me.id, email: owner.email, role: 'contractor', sessionId: 'test', impersonatedBy: null };
    const tenant: Tenant = { companyId: owner.company.id, role: 'owner' };
    await expect(files.upload(actor, tenant, doomed.id, 'gone.png', tinyPng())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(stored).toHaveLength(1);
    expect(await server.deps.storage.get('project-files', stored[0] ?? '')).toBeNull();
    expect(await server.db.select().from(projectFiles).where(eq(projectFiles.projectId, doomed.id))).toEqual([]);
  });
});

describe('GET /api/projects/:id/files', () => {
  it('lists the files newest first, each with a working signed URL', async () => {
    const project = (await insertProjectRow(server.db, owner.company.id)).id;
    const first = await upload(owner.client, project, 'first.pdf', bytes.pdf());
    const second = await upload(colleague.client, project, 'second.png', tinyPng());
    const third = await upload(owner.client, project, 'third.gif', tinyGif());
    const response = await colleague.client.get<ProjectFileList>(`/api/projects/${project}/files`);
    expect(response.status).toBe(200);
    const { files } = projectFileListSchema.parse(response.body);
    expect(files.map((f) => f.id)).toEqual([third.id, second.id, first.id]);
    for (const file of files) expect((await download(file.url)).status).toBe(200);
    expect((await owner.client.get<ProjectFileList>(`/api/projects/${foreignProjectId}/files`)).status).toBe(404);
  });
});

describe('DELETE /api/project-files/:id', () => {
  it('deletes the row with a file_deleted activity, then the object', async () => {
    // The member's own upload: theirs to delete (see who may delete below).
    const file = await upload(colleague.client, projectId, 'to delete.pdf', bytes.pdf());
    const path = `projects/${projectId}/${file.id}.pdf`;
    expect(await server.deps.storage.get('project-files', path)).not.toBeNull();
    const response = await colleague.client.delete(`/api/project-files/${file.id}`);
    expect(response.status).toBe(204);
    expect(await server.db.select().from(projectFiles).where(eq(projectFiles.id, file.id))).toEqual([]);
    expect((await activityOf(projectId)).at(-1)).toMatchObject({ kind: 'file_deleted', body: 'to delete.pdf', actorId: colleague.me.id });
    expect(await server.deps.storage.get('project-files', path)).toBeNull();
    expect((await download(file.url)).status).toBe(404);
    expect((await colleague.client.delete(`/api/project-files/${file.id}`)).status).toBe(404);
  });

  it('deletes a file once when several ask at the same time', async () => {
    const file = await upload(colleague.client, projectId, 'twice.pdf', bytes.pdf());
    const answers = await Promise.all([owner, colleague, owner].map((who) => who.client.delete(`/api/project-files/${file.id}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404, 404]);
    expect((await activityOf(projectId)).filter((a) => a.kind === 'file_deleted' && a.body === 'twice.pdf')).toHaveLength(1);
    expect((await colleague.client.delete('/api/project-files/not-a-uuid')).status).toBe(400);
  });
});

describe('who may delete a file', () => {
  it("lets a member delete the files they uploaded, never a colleague's; owners and managers anyone's; a refusal removes nothing", async () => {
    const manager = await signedInUser(server, { company: owner.company, role: 'manager' });
    const file = await upload(owner.client, projectId, 'signed contract.pdf', bytes.pdf());
    const rows = await fileRows();
    const activity = await activityOf(projectId);
    const refused = await colleague.client.delete(`/api/project-files/${file.id}`);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'Only company owners and managers, or the person who uploaded this file, can delete it.' },
    });
    expect(await fileRows()).toEqual(rows);
    expect(await activityOf(projectId)).toEqual(activity);
    expect((await download(file.url)).status).toBe(200);
    expect((await manager.client.delete(`/api/project-files/${file.id}`)).status).toBe(204);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to another company's user on every file endpoint and changes nothing", async () => {
    const file = await upload(owner.client, projectId, 'private.pdf', bytes.pdf());
    const rows = await fileRows();
    const activity = await activityOf(projectId);
    const objects = await objectsOf(projectId);
    expect(objects).toContain(`${file.id}.pdf`);

    const attempts = [
      await outsider.client.get(`/api/projects/${projectId}/files`),
      await outsider.client.put(filesUrl(projectId, 'planted.png'), tinyPng()),
      await outsider.client.delete(`/api/project-files/${file.id}`),
      await owner.client.put(filesUrl(foreignProjectId, 'planted.png'), tinyPng()),
      await owner.client.get(`/api/projects/${MISSING}/files`),
      await owner.client.put(filesUrl(MISSING, 'nowhere.png'), tinyPng()),
      await owner.client.delete(`/api/project-files/${MISSING}`),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect(await fileRows()).toEqual(rows);
    expect(await activityOf(projectId)).toEqual(activity);
    expect(await objectsOf(projectId)).toEqual(objects);
    expect(await objectsOf(foreignProjectId)).toEqual([]);
    expect(await objectsOf(MISSING)).toEqual([]);
    expect(await activityOf(foreignProjectId)).toEqual([]);
    expect((await download(file.url)).status).toBe(200);

    const anonymous = server.client();
    expect((await anonymous.get(`/api/projects/${projectId}/files`)).status).toBe(401);
    expect((await anonymous.put(filesUrl(projectId, 'a.png'), tinyPng())).status).toBe(401);
    expect((await anonymous.delete(`/api/project-files/${file.id}`)).status).toBe(401);
  });
});
