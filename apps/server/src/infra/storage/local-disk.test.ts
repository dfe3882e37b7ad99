import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk';
import { verifyObjectSignature } from './signed-url';
import { isSafeObjectPath, ObjectExistsError, type Storage } from './storage';

let root: string;
let storage: Storage;
const secret = 'disk-secret';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ridgeline-disk-'));
  storage = createLocalDiskStorage({ root, secret, publicUrl: 'http://files.test' });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local disk storage', () => {
  it('puts, gets and removes an object with its content type and cache control', async () => {
    await storage.put('project-files', 'a/b/c.txt', Buffer.from('hello'), { contentType: 'text/plain', cacheControl: 'private' });
    const found = await storage.get('project-files', 'a/b/c.txt');
    expect(found?.body.toString()).toBe('hello');
    expect(found).toMatchObject({ contentType: 'text/plain', cacheControl: 'private' });
    await storage.remove('project-files', 'a/b/c.txt');
    expect(await storage.get('project-files', 'a/b/c.txt')).toBeNull();
    await storage.remove('project-files', 'a/b/c.txt');
  });

  it('refuses to overwrite without upsert, and overwrites with it', async () => {
    await storage.put('avatars', 'x.png', Buffer.from('one'), { contentType: 'image/png' });
    await expect(storage.put('avatars', 'x.png', Buffer.from('two'), { contentType: 'image/png' })).rejects.toBeInstanceOf(ObjectExistsError);
    expect((await storage.get('avatars', 'x.png'))?.body.toString()).toBe('one');
    await storage.put('avatars', 'x.png', Buffer.from('two'), { contentType: 'image/png', upsert: true });
    expect((await storage.get('avatars', 'x.png'))?.body.toString()).toBe('two');
  });

  it('refuses unsafe paths before touching the disk', async () => {
    for (const path of ['../escape.txt', 'a/../../escape.txt', '/etc/passwd', 'a\\b', 'a//b', './a', '', 'x'.repeat(513)]) {
      expect(isSafeObjectPath(path), path).toBe(false);
      await expect(storage.put('avatars', path, Buffer.from('x'), { contentType: 'text/plain' }), path).rejects.toThrow(/Unsafe/);
      await expect(storage.get('avatars', path), path).rejects.toThrow(/Unsafe/);
    }
    expect(await readdir(join(root, '..'))).not.toContain('escape.txt');
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
