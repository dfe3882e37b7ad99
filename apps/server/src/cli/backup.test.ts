import type { ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { PhotoList } from '@ridgeline/shared/contracts/photos';
import type { MessagesResponse } from '@ridgeline/shared/contracts/chat';
import type { ProjectList } from '@ridgeline/shared/contracts/projects';
import { loadConfig } from '../config';
import { startServer } from '../server';
import { createUser, insertProjectRow, signedInOwner } from '../test/factories';
import { embeddedEnv, freePort, freshDataDir, launchTs, type Running } from '../test/processes';
import { manifestSchema } from './backup-archive';

// `npm run backup` and `npm run restore` end to end on the embedded database: a seeded instance
// (claim files, uploaded photos, a conversation) is backed up while its server runs, restored into
// a fresh DATA_DIR, and a server on that folder serves every claim file, every photo with the same
// SHA-256 and every message, to the very session that was signed in before. A damaged backup is
// refused before anything is written.

const backupTs = new URL('./backup.ts', import.meta.url).pathname;
const restoreTs = new URL('./restore.ts', import.meta.url).pathname;
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function appConfig(dataDir: string, port: number) {
  return loadConfig({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, SERVE_WEB: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
}

async function finished(running: Running): Promise<{ code: number | null; output: string }> {
  const code = await running.exited;
  return { code, output: running.output() };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe('npm run backup and npm run restore', () => {
  it('restores a seeded instance into a fresh DATA_DIR with every claim file, photo and message', async () => {
    const source = freshDataDir('ridgeline-backup-source-', dirs);
    const port = await freePort();
    const first = await startServer(appConfig(source, port));
    const server = { url: `http://127.0.0.1:${port}`, db: first.deps.database.db };

    const owner = await signedInOwner(server);
    await createUser(server.db, { company: owner.company, role: 'member' });
    const titles = ['Miller hail claim', 'Okafor wind claim', 'Reyes roof leak'];
    for (const title of titles) await insertProjectRow(server.db, owner.company.id, { title });

    const sessionId = randomUUID();
    const inspection = await owner.client.post('/api/inspections', {
      id: sessionId,
      editedAt: new Date().toISOString(),
      fields: { street: '12 Elm Street', city: 'Tulsa', state: 'OK', zip: '74103', homeownerName: 'Pat Miller', structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 8 }] }] },
    });
    expect(inspection.status, inspection.text).toBe(201);
    const uploaded = new Map<string, string>();
    for (const [index, subcategory] of ['front_of_house', 'address'].entries()) {
      const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40 + index * 90, g: 120, b: 200 } } }).jpeg().toBuffer();
      const query = new URLSearchParams({ fileName: `${subcategory}.jpg`, sha256: sha256(bytes), category: 'overview', subcategory, phase: 'overview', structureId: 'house' });
      const photoId = randomUUID();
      const put = await owner.client.put(`/api/inspections/${sessionId}/photos/${photoId}?${query.toString()}`, new Uint8Array(bytes), { headers: { 'Content-Type': 'image/jpeg' } });
      expect(put.status, put.text).toBe(201);
      uploaded.set(photoId, sha256(bytes));
    }

    const colleagues = await owner.client.get<{ colleagues: { id: string }[] }>('/api/chat/colleagues');
    const conversation = await owner.client.post<{ conversation: { id: string } }>('/api/chat/conversations', { memberIds: colleagues.body.colleagues.map((c) => c.id) });
    expect(conversation.status, conversation.text).toBe(201);
    const conversationId = conversation.body.conversation.id;
    const said = ['Tarp is on the north slope', 'Adjuster meets us Tuesday at 9'];
    for (const content of said) {
      const sent = await owner.client.post(`/api/chat/conversations/${conversationId}/messages`, { clientId: randomUUID(), content });
      expect(sent.status, sent.text).toBe(201);
    }

    // Backed up while the server runs (the command reuses its database).
    const backup = join(freshDataDir('ridgeline-backups-', dirs), 'nightly');
    const made = await finished(launchTs(backupTs, ['--out', backup], { env: embeddedEnv(source), children }));
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('3 claim files, 2 photos, 2 messages');
    await first.stop();

    const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')));
    expect(manifest.counts).toMatchObject({ claimFiles: 3, photos: 2, messages: 2, users: 2 });
    // Every uploaded original is in the backup under its own SHA-256.
    for (const hash of uploaded.values()) expect(manifest.storage.some((entry) => entry.sha256 === hash)).toBe(true);

    // A damaged copy is refused before anything is written.
    const damaged = join(freshDataDir('ridgeline-backups-', dirs), 'damaged');
    cpSync(backup, damaged, { recursive: true });
    const firstPhoto = [...uploaded.values()][0];
    const victim = manifest.storage.find((entry) => entry.sha256 === firstPhoto);
    if (!victim) throw new Error('no photo in the backup');
    const victimFile = join(damaged, 'storage', victim.path);
    const bytes = readFileSync(victimFile);
    bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 0xff;
    writeFileSync(victimFile, bytes);
    const untouched = freshDataDir('ridgeline-restore-refused-', dirs);
    const refused = await finished(launchTs(restoreTs, [damaged], { env: embeddedEnv(untouched), children }));
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain('The backup is damaged; nothing was restored');
    expect(refused.output).toContain(victim.path);
    expect(readdirSync(untouched)).toEqual([]);

    const target = freshDataDir('ridgeline-restore-', dirs);
    const restored = await finished(launchTs(restoreTs, [backup], { env: embeddedEnv(target), children }));
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('3 claim files, 2 photos, 2 messages, 2 users, as in the backup');
    // A fresh folder only: a second restore onto it is refused.
    const again = await finished(launchTs(restoreTs, [backup], { env: embeddedEnv(target), children }));
    expect(again.code).toBe(1);
    expect(again.output).toContain('already holds a database or files');

    // The same address, so the session signed in before the backup still opens the restored one:
    // the sessions and the signing secret are in the database.
    const second = await startServer(appConfig(target, port));
    try {
      const claims = await owner.client.get<ProjectList>('/api/projects');
      expect(claims.status, claims.text).toBe(200);
      expect(claims.body.projects.map((p) => p.title).sort()).toEqual([...titles].sort());

      const photos = await owner.client.get<PhotoList>(`/api/inspections/${sessionId}/photos`);
      expect(photos.status, photos.text).toBe(200);
      expect(photos.body.photos.map((p) => p.id).sort()).toEqual([...uploaded.keys()].sort());
      for (const photo of photos.body.photos) {
        const original = await fetch(photo.url, { headers: { Cookie: owner.client.cookieHeader() } });
        expect(original.status).toBe(200);
        expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(uploaded.get(photo.id));
      }

      const messages = await owner.client.get<MessagesResponse>(`/api/chat/conversations/${conversationId}/messages`);
      expect(messages.status, messages.text).toBe(200);
      expect(messages.body.messages.map((m) => m.content)).toEqual(said);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
