import type { ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
// refused before anything is written, and so is one whose manifest was changed with its files (the
// manifest's SHA-256 printed by the backup is asked for) or names a path outside the store.

const backupTs = new URL('./backup.ts', import.meta.url).pathname;
const restoreTs = new URL('./restore.ts', import.meta.url).pathname;
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function appConfig(dataDir: string, port: number) {
  return loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  });
}

async function finished(running: Running): Promise<{ code: number | null; output: string }> {
  const code = await running.exited;
  return { code, output: running.output() };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every folder and file under `root` (itself included) with its permission bits. */
function modes(root: string): { path: string; folder: boolean; mode: number }[] {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true }).map((entry) => join(entry.parentPath, entry.name));
  return [root, ...entries].map((path) => {
    const info = statSync(path);
    return { path, folder: info.isDirectory(), mode: info.mode & 0o777 };
  });
}

/** A manifest rewritten by `change`, with the SHA-256 of what was written. */
function rewriteManifest(folder: string, change: (manifest: ReturnType<typeof manifestSchema.parse>) => void): string {
  const file = join(folder, 'manifest.json');
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  change(manifest);
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  writeFileSync(file, text);
  return sha256(Buffer.from(text));
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
      fields: {
        street: '12 Elm Street',
        city: 'Tulsa',
        state: 'OK',
        zip: '74103',
        homeownerName: 'Pat Miller',
        structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 8 }] }],
      },
    });
    expect(inspection.status, inspection.text).toBe(201);
    const uploaded = new Map<string, string>();
    for (const [index, subcategory] of ['front_of_house', 'address'].entries()) {
      const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40 + index * 90, g: 120, b: 200 } } })
        .jpeg()
        .toBuffer();
      const query = new URLSearchParams({
        fileName: `${subcategory}.jpg`,
        sha256: sha256(bytes),
        category: 'overview',
        subcategory,
        phase: 'overview',
        structureId: 'house',
      });
      const photoId = randomUUID();
      const put = await owner.client.put(`/api/inspections/${sessionId}/photos/${photoId}?${query.toString()}`, new Uint8Array(bytes), {
        headers: { 'Content-Type': 'image/jpeg' },
      });
      expect(put.status, put.text).toBe(201);
      uploaded.set(photoId, sha256(bytes));
    }

    const colleagues = await owner.client.get<{ colleagues: { id: string }[] }>('/api/chat/colleagues');
    const conversation = await owner.client.post<{ conversation: { id: string } }>('/api/chat/conversations', {
      memberIds: colleagues.body.colleagues.map((c) => c.id),
    });
    expect(conversation.status, conversation.text).toBe(201);
    const conversationId = conversation.body.conversation.id;
    const said = ['Tarp is on the north slope', 'Adjuster meets us Tuesday at 9'];
    for (const content of said) {
      const sent = await owner.client.post(`/api/chat/conversations/${conversationId}/messages`, { clientId: randomUUID(), content });
      expect(sent.status, sent.text).toBe(201);
    }

    // Backed up while the server runs (the command reuses its database), into a folder that exists
    // already, readable by everyone: it and all the backup writes become the owner's only.
    const backup = join(freshDataDir('ridgeline-backups-', dirs), 'nightly');
    mkdirSync(backup, { mode: 0o755 });
    const made = await finished(launchTs(backupTs, ['--out', backup], { env: embeddedEnv(source), children }));
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('3 claim files, 2 photos, 2 messages');
    await first.stop();
    const written = modes(backup);
    expect(written.filter((entry) => !entry.folder).length).toBeGreaterThan(4);
    for (const entry of written) expect([entry.path, entry.mode.toString(8)]).toEqual([entry.path, entry.folder ? '700' : '600']);
    // The manifest's SHA-256 is printed, with the restore command that asks for it.
    const manifestSha256 = sha256(readFileSync(join(backup, 'manifest.json')));
    expect(made.output).toContain(`manifest SHA-256: ${manifestSha256}`);
    expect(made.output).toContain(`npm run restore -- ${backup} --sha256 ${manifestSha256}`);

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
    const refused = await finished(launchTs(restoreTs, [damaged, '--sha256', manifestSha256], { env: embeddedEnv(untouched), children }));
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain('The backup is damaged; nothing was restored');
    expect(refused.output).toContain(victim.path);
    expect(readdirSync(untouched)).toEqual([]);

    // The same photo changed together with its SHA-256 and size in the manifest: every sum agrees
    // with its file, but the manifest is not the one the backup printed the SHA-256 of.
    const rewritten = join(freshDataDir('ridgeline-backups-', dirs), 'rewritten');
    cpSync(damaged, rewritten, { recursive: true });
    const changed = readFileSync(join(rewritten, 'storage', victim.path));
    rewriteManifest(rewritten, (copy) => {
      const entry = copy.storage.find((item) => item.path === victim.path);
      if (entry) Object.assign(entry, { sha256: sha256(changed), bytes: changed.length });
    });
    const forged = await finished(launchTs(restoreTs, [rewritten, '--sha256', manifestSha256], { env: embeddedEnv(untouched), children }));
    expect(forged.code, forged.output).toBe(1);
    expect(forged.output).toContain(`is not the manifest of the backup you named: its SHA-256 is`);
    expect(forged.output).toContain('Nothing was restored');
    expect(readdirSync(untouched)).toEqual([]);
    // Without the SHA-256 nothing is read: the command says what it needs.
    const unproved = await finished(launchTs(restoreTs, [backup], { env: embeddedEnv(untouched), children }));
    expect(unproved.code, unproved.output).toBe(1);
    expect(unproved.output).toContain('--sha256 <the manifest SHA-256 the backup printed>');
    expect(readdirSync(untouched)).toEqual([]);

    // A path climbing out of the store is refused, even in a manifest whose SHA-256 is given: nothing
    // is read from outside the backup nor written outside DATA_DIR/storage.
    const climbing = join(freshDataDir('ridgeline-backups-', dirs), 'climbing');
    cpSync(backup, climbing, { recursive: true });
    const escapee = `ridgeline-escaped-${randomUUID()}.txt`;
    const outside = join(dirname(climbing), escapee);
    writeFileSync(outside, 'written outside the store');
    const climbingSha256 = rewriteManifest(climbing, (copy) => {
      copy.storage.push({ path: `../../${escapee}`, bytes: statSync(outside).size, sha256: sha256(readFileSync(outside)) });
    });
    const climbed = await finished(launchTs(restoreTs, [climbing, '--sha256', climbingSha256], { env: embeddedEnv(untouched), children }));
    const landed = join(tmpdir(), escapee);
    try {
      expect(climbed.code, climbed.output).toBe(1);
      expect(climbed.output).toContain('leaves the folder it belongs in');
      expect(readdirSync(untouched)).toEqual([]);
      expect(existsSync(landed)).toBe(false);
    } finally {
      rmSync(landed, { force: true });
    }

    const target = freshDataDir('ridgeline-restore-', dirs);
    const restored = await finished(launchTs(restoreTs, [backup, '--sha256', manifestSha256], { env: embeddedEnv(target), children }));
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('3 claim files, 2 photos, 2 messages, 2 users, as in the backup');
    // A fresh folder only: a second restore onto it is refused.
    const again = await finished(launchTs(restoreTs, [backup, '--sha256', manifestSha256], { env: embeddedEnv(target), children }));
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
