import { describe, expect, it } from 'vitest';
import { signObject, verifyObjectSignature } from './signed-url';

const secret = 'storage-secret';
const now = Date.UTC(2030, 0, 1);
const expires = Math.floor(now / 1000) + 600;

function sigOf(query: string): string {
  return new URLSearchParams(query).get('sig') ?? '';
}

describe('signed URLs', () => {
  it('verifies its own signature until it expires', () => {
    const query = signObject(secret, 'project-files', 'p/a.pdf', expires);
    expect(query).toMatch(/^expires=\d+&sig=[\w-]+$/);
    expect(verifyObjectSignature(secret, 'project-files', 'p/a.pdf', expires, sigOf(query), now)).toBe(true);
    expect(verifyObjectSignature(secret, 'project-files', 'p/a.pdf', expires, sigOf(query), (expires + 1) * 1000)).toBe(false);
  });

  it('refuses another secret, bucket, path, expiry or a tampered signature', () => {
    const sig = sigOf(signObject(secret, 'project-files', 'p/a.pdf', expires));
    expect(verifyObjectSignature('other', 'project-files', 'p/a.pdf', expires, sig, now)).toBe(false);
    expect(verifyObjectSignature(secret, 'chat-attachments', 'p/a.pdf', expires, sig, now)).toBe(false);
    expect(verifyObjectSignature(secret, 'project-files', 'p/b.pdf', expires, sig, now)).toBe(false);
    expect(verifyObjectSignature(secret, 'project-files', 'p/a.pdf', expires + 1, sig, now)).toBe(false);
    expect(verifyObjectSignature(secret, 'project-files', 'p/a.pdf', expires, `${sig}x`, now)).toBe(false);
    expect(verifyObjectSignature(secret, 'project-files', 'p/a.pdf', expires, '', now)).toBe(false);
  });

  it('refuses a non-integer expiry', () => {
    const sig = sigOf(signObject(secret, 'project-files', 'p/a.pdf', expires));
    expect(verifyObjectSignature(secret, 'project-files', 'p/a.pdf', Number.NaN, sig, now)).toBe(false);
    expect(verifyObjectSignature(secret, 'project-files', 'p/a.pdf', expires + 0.5, sig, now)).toBe(false);
  });
});
