import { createHash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../infra/storage/local-disk';
import { createS3Client, createS3Storage } from '../infra/storage/s3';
import type { Storage } from '../infra/storage/storage';
import { freshDataDir, killQuietly, launchTs } from '../test/processes';
import { startTestS3Server, type TestS3Server } from '../test/s3-server';

// `npm run storage:migrate` as an operator runs it: a real process on a data directory written by the
// local driver, copying into a real S3-protocol server (s3rver), then the bucket read back.

const entry = new URL('./storage-migrate.ts', import.meta.url).pathname;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const children: ChildProcess[] = [];
const dirs: string[] = [];
let s3: TestS3Server;
let dataDir: string;
let bucket: Storage;
let destroyClient: () => void;

const photo = Buffer.alloc(6 * 1024 * 1024, 0xab); // more than one 5 MB part
const objects = [
  { bucket: 'project-files', path: 'session-1/roof/general/p1_1700000000000.jpg', body: photo, contentType: 'image/jpeg', cacheControl: 'max-age=3600' },
  {
    bucket: 'chat-attachments',
    path: 'conv-1/user-1/1700000000000-scope.pdf',
    body: Buffer.from('%PDF-1.4 scope'),
    contentType: 'application/pdf',
    cacheControl: 'private, max-age=300',
  },
  { bucket: 'avatars', path: 'users/u1/me.png', body: Buffer.from('png-ish'), contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' },
  { bucket: 'documents', path: 'reports/r1/report.pdf', body: Buffer.from('%PDF-1.4 report'), contentType: 'application/pdf', cacheControl: undefined },
] as const;

async function migrate(env: Record<string, string> = s3.env) {
  const run = launchTs(entry, [], { env: { ...process.env, DATA_DIR: dataDir, ...env }, children });
  const code = await run.exited;
  return { code, output: run.output() };
}

beforeAll(async () => {
  s3 = await startTestS3Server();
  dataDir = freshDataDir('ridgeline-migrate-', dirs);
  const local = createLocalDiskStorage({ root: join(dataDir, 'storage'), secret: 's', publicUrl: 'http://x.test' });
  for (const object of objects) {
    await local.put(object.bucket, object.path, object.body, {
      contentType: object.contentType,
      ...(object.cacheControl ? { cacheControl: object.cacheControl } : {}),
    });
  }
  const client = createS3Client(s3.settings);
  destroyClient = () => client.destroy();
  bucket = createS3Storage({ client, bucket: s3.settings.bucket, secret: 's', publicUrl: 'http://x.test' });
});

afterAll(async () => {
  for (const child of children) if (child.pid && child.exitCode === null) killQuietly(child.pid, 'SIGKILL');
  destroyClient();
  await s3.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('npm run storage:migrate', () => {
  it('refuses to run without an S3 bucket configured', async () => {
    const { code, output } = await migrate({ STORAGE_DRIVER: 'local' });
    expect(code).toBe(2);
    expect(output).toContain('Set STORAGE_DRIVER=s3');
  });

  it('copies every object with the same path, bytes, type and cache rule, and verifies each SHA-256', async () => {
    const { code, output } = await migrate();
    expect(output).toContain('4 objects: 4 copied and verified, 0 already there with the same SHA-256, 0 failed.');
    expect(code).toBe(0);
    for (const object of objects) {
      const stored = await bucket.get(object.bucket, object.path);
      expect(sha(stored?.body ?? Buffer.alloc(0)), object.path).toBe(sha(object.body));
      expect(stored?.contentType, object.path).toBe(object.contentType);
      expect(stored?.cacheControl, object.path).toBe(object.cacheControl);
    }
  });

  it('skips what is already there on a second run', async () => {
    const { code, output } = await migrate();
    expect(output).toContain('4 objects: 0 copied and verified, 4 already there with the same SHA-256, 0 failed.');
    expect(code).toBe(0);
  });

  it('fails naming an object the bucket holds with other bytes, and never overwrites it', async () => {
    const taken = objects[1];
    await bucket.put(taken.bucket, taken.path, Buffer.from('another file'), { contentType: 'application/pdf', upsert: true });
    const { code, output } = await migrate();
    expect(code).toBe(1);
    expect(output).toContain(`different object there: ${taken.bucket}/${taken.path}`);
    expect(output).toContain('4 objects: 0 copied and verified, 3 already there with the same SHA-256, 1 failed.');
    expect((await bucket.get(taken.bucket, taken.path))?.body.toString()).toBe('another file');
  });
});
