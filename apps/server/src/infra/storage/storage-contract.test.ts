import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server';
import { createLocalDiskStorage } from './local-disk';
import { createS3Client, createS3Storage } from './s3';
import { verifyObjectSignature } from './signed-url';
import { isSafeObjectPath, ObjectExistsError, type Storage } from './storage';

// The one storage contract, run against both drivers: local disk in a temp directory, and S3 on a
// real S3-protocol server started here (s3rver, test/s3-server.ts) through the official SDK.

const secret = 'disk-secret';
const publicUrl = 'http://files.test';
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Driver = { storage: Storage; close: () => Promise<void> };

const drivers: [name: string, start: () => Promise<Driver>][] = [
  [
    'local disk',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'ridgeline-disk-'));
      return { storage: createLocalDiskStorage({ root, secret, publicUrl }), close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const s3 = await startTestS3Server();
      const client = createS3Client(s3.settings);
      return {
        storage: createS3Storage({ client, bucket: s3.settings.bucket, secret, publicUrl }),
        close: async () => {
          client.destroy();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(drivers)('the storage contract on %s', (_name, start) => {
  let driver: Driver;
  let storage: Storage;
  beforeAll(async () => {
    driver = await start();
    storage = driver.storage;
  });
  afterAll(() => driver.close());

  it('puts, gets and removes an object with its content type and cache control', async () => {
    await storage.put('project-files', 'a/b/c.txt', Buffer.from('hello'), { contentType: 'text/plain', cacheControl: 'private' });
    const found = await storage.get('project-files', 'a/b/c.txt');
    expect(found?.body.toString()).toBe('hello');
    expect(found).toMatchObject({ contentType: 'text/plain', cacheControl: 'private' });
    await storage.remove('project-files', 'a/b/c.txt');
    expect(await storage.get('project-files', 'a/b/c.txt')).toBeNull();
    await storage.remove('project-files', 'a/b/c.txt');
  });

  it('keeps no cache rule when none is given, and answers null for a missing object', async () => {
    await storage.put('documents', 'r/report.pdf', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
    const found = await storage.get('documents', 'r/report.pdf');
    expect(found?.contentType).toBe('application/pdf');
    expect(found?.cacheControl).toBeUndefined();
    expect(await storage.get('documents', 'r/missing.pdf')).toBeNull();
  });

  it('keeps each bucket apart under the same path', async () => {
    await storage.put('chat-attachments', 'same/name.txt', Buffer.from('chat'), { contentType: 'text/plain' });
    await storage.put('feedback-screenshots', 'same/name.txt', Buffer.from('feedback'), { contentType: 'text/plain' });
    expect((await storage.get('chat-attachments', 'same/name.txt'))?.body.toString()).toBe('chat');
    expect((await storage.get('feedback-screenshots', 'same/name.txt'))?.body.toString()).toBe('feedback');
    expect(await storage.get('avatars', 'same/name.txt')).toBeNull();
  });

  it('refuses to overwrite without upsert, and overwrites with it', async () => {
    await storage.put('avatars', 'x.png', Buffer.from('one'), { contentType: 'image/png' });
    await expect(storage.put('avatars', 'x.png', Buffer.from('two'), { contentType: 'image/png' })).rejects.toBeInstanceOf(ObjectExistsError);
    expect((await storage.get('avatars', 'x.png'))?.body.toString()).toBe('one');
    await storage.put('avatars', 'x.png', Buffer.from('two'), { contentType: 'image/png', upsert: true });
    expect((await storage.get('avatars', 'x.png'))?.body.toString()).toBe('two');
  });

  it('lets exactly one of several simultaneous writes of a new path land, without upsert', async () => {
    const bodies = ['first', 'second', 'third', 'fourth'].map((text) => Buffer.from(text));
    const results = await Promise.allSettled(bodies.map((body) => storage.put('chat-attachments', 'race/one.txt', body, { contentType: 'text/plain' })));
    const landed = results.filter((result) => result.status === 'fulfilled');
    expect(landed).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ObjectExistsError);
    const winner = bodies[results.findIndex((result) => result.status === 'fulfilled')];
    expect((await storage.get('chat-attachments', 'race/one.txt'))?.body.toString()).toBe(winner?.toString());
  });

  it('streams an upload from a readable, several parts long, byte for byte', async () => {
    // 11 MB: more than two of S3's 5 MB parts, so the S3 driver sends a multipart upload.
    const bytes = Buffer.alloc(11 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const chunks = function* () {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) yield bytes.subarray(offset, offset + 64 * 1024);
    };
    await storage.put('project-files', 'big/scan.pdf', Readable.from(chunks()), { contentType: 'application/pdf' });
    const found = await storage.get('project-files', 'big/scan.pdf');
    expect(found?.body.length).toBe(bytes.length);
    expect(sha(found?.body ?? Buffer.alloc(0))).toBe(sha(bytes));
    await expect(storage.put('project-files', 'big/scan.pdf', Readable.from(chunks()), { contentType: 'application/pdf' })).rejects.toBeInstanceOf(
      ObjectExistsError,
    );
  });

  it('leaves nothing behind when a streamed upload breaks, so the path can be written afterwards', async () => {
    const broken = async function* () {
      // More than one 5 MB part before the failure: the S3 driver has begun a multipart upload.
      for (let sent = 0; sent < 6 * 1024 * 1024; sent += 512 * 1024) yield Buffer.alloc(512 * 1024, 1);
      throw new Error('connection lost');
    };
    await expect(storage.put('project-files', 'broken/upload.bin', Readable.from(broken()), { contentType: 'application/octet-stream' })).rejects.toThrow(
      /connection lost/,
    );
    expect(await storage.get('project-files', 'broken/upload.bin')).toBeNull();
    await storage.put('project-files', 'broken/upload.bin', Buffer.from('whole'), { contentType: 'application/octet-stream' });
    expect((await storage.get('project-files', 'broken/upload.bin'))?.body.toString()).toBe('whole');
  });

  it('leaves nothing behind when a stream written with upsert is destroyed part way (a render that fails)', async () => {
    // As the render job writes a PDF: a PassThrough handed to put, written as the document is drawn.
    const pdf = new PassThrough();
    pdf.on('error', () => undefined);
    const storing = storage.put('documents', 'co/report/1.pdf', pdf, { contentType: 'application/pdf', upsert: true });
    for (let i = 0; i < 12; i++) {
      if (!pdf.write(Buffer.alloc(512 * 1024, 2))) await new Promise((resolve) => pdf.once('drain', resolve));
    }
    pdf.destroy(new Error('drawing it took longer than 10 minutes, so it was stopped.'));
    await expect(storing).rejects.toThrow();
    expect(await storage.get('documents', 'co/report/1.pdf')).toBeNull();
  });

  it('refuses unsafe paths before touching the store', async () => {
    for (const path of ['../escape.txt', 'a/../../escape.txt', '/etc/passwd', 'a\\b', 'a//b', './a', '', 'x'.repeat(513)]) {
      expect(isSafeObjectPath(path), path).toBe(false);
      await expect(storage.put('avatars', path, Buffer.from('x'), { contentType: 'text/plain' }), path).rejects.toThrow(/Unsafe/);
      await expect(storage.get('avatars', path), path).rejects.toThrow(/Unsafe/);
      await expect(storage.remove('avatars', path), path).rejects.toThrow(/Unsafe/);
    }
  });

  it('gives public URLs for avatars and signed, expiring URLs otherwise', () => {
    expect(storage.url('avatars', 'u/me photo.png')).toBe('http://files.test/api/storage/avatars/u/me%20photo.png');
    const signed = new URL(storage.url('project-files', 'p/doc.pdf', 60));
    const expires = Number(signed.searchParams.get('expires'));
    expect(expires).toBeGreaterThan(Date.now() / 1000 + 50);
    expect(expires).toBeLessThanOrEqual(Date.now() / 1000 + 60);
    expect(verifyObjectSignature(secret, 'project-files', 'p/doc.pdf', expires, signed.searchParams.get('sig') ?? '')).toBe(true);
  });
});

describe('the local disk driver', () => {
  it('keeps every object under its root', async () => {
    const root = await mkdtemp(join(tmpdir(), 'ridgeline-disk-'));
    const storage = createLocalDiskStorage({ root, secret, publicUrl });
    await storage.put('avatars', 'u/a.png', Buffer.from('png'), { contentType: 'image/png' });
    await expect(storage.put('avatars', '../escape.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/Unsafe/);
    expect(await readdir(root, { recursive: true })).toEqual(expect.arrayContaining(['avatars/u/a.png', 'avatars/u/a.png.meta.json']));
    expect(await readdir(join(root, '..'))).not.toContain('escape.txt');
    await rm(root, { recursive: true, force: true });
  });
});

describe('the S3 driver', () => {
  let s3: TestS3Server;
  let client: S3Client;
  afterAll(async () => {
    client.destroy();
    await s3.close();
  });

  it('stores each product bucket as a key prefix of the one S3 bucket, with the same paths as on disk', async () => {
    s3 = await startTestS3Server();
    client = createS3Client(s3.settings);
    const storage = createS3Storage({ client, bucket: s3.settings.bucket, secret, publicUrl });
    await storage.put('project-files', 'session-1/roof/general/p1_1700000000000.jpg', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    await storage.put('avatars', 'users/u1/a.png', Buffer.from('png'), { contentType: 'image/png' });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    expect(listed.Contents?.map((object) => object.Key).sort()).toEqual([
      'avatars/users/u1/a.png',
      'project-files/session-1/roof/general/p1_1700000000000.jpg',
    ]);
  });

  it('on a server that ignores conditional writes, still refuses to overwrite an object that is there', async () => {
    // s3rver as it is (no If-None-Match on writes): the driver's HEAD check refuses the overwrite.
    // Two writes racing for a new path could both land there; S3 and MinIO apply the condition.
    const bare = await startTestS3Server({ conditionalWrites: false });
    const bareClient = createS3Client(bare.settings);
    try {
      const storage = createS3Storage({ client: bareClient, bucket: bare.settings.bucket, secret, publicUrl });
      await storage.put('chat-attachments', 'c/u/1-a.txt', Buffer.from('one'), { contentType: 'text/plain' });
      await expect(storage.put('chat-attachments', 'c/u/1-a.txt', Buffer.from('two'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(ObjectExistsError);
      expect((await storage.get('chat-attachments', 'c/u/1-a.txt'))?.body.toString()).toBe('one');
    } finally {
      bareClient.destroy();
      await bare.close();
    }
  });
});
