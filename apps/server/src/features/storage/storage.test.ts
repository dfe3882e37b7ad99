import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { signObject } from '../../infra/storage/signed-url';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
const body = Buffer.from('estimate: 42 squares of shingles');

beforeAll(async () => {
  await server.deps.storage.put('project-files', 'p1/estimate.txt', body, { contentType: 'text/plain' });
  await server.deps.storage.put('avatars', 'users/u1/a.png', Buffer.from('png-ish'), { contentType: 'image/png' });
});

const get = (path: string) => server.client().get(path);

/** Sends the path byte for byte (fetch would resolve '..' and '%2E%2E' before sending). */
function rawGet(path: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/storage/:bucket/*path', () => {
  it('serves a private object through its signed URL', async () => {
    const url = server.deps.storage.url('project-files', 'p1/estimate.txt');
    expect(url).toMatch(/\?expires=\d+&sig=/);
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.text).toBe(body.toString());
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a missing, tampered or expired signature with 403', async () => {
    const url = new URL(server.deps.storage.url('project-files', 'p1/estimate.txt'));
    const bare = `${url.origin}${url.pathname}`;
    expect((await get(bare)).status).toBe(403);

    const tampered = new URL(url);
    const sig = tampered.searchParams.get('sig') ?? '';
    tampered.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await get(tampered.toString())).status).toBe(403);

    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await get(longer.toString())).status).toBe(403);

    const otherPath = `${url.origin}/api/storage/project-files/p1/other.txt${url.search}`;
    expect((await get(otherPath)).status).toBe(403);

    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = await get(`${bare}?${signObject(server.deps.storageSecret, 'project-files', 'p1/estimate.txt', past)}`);
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('serves public avatars without a signature', async () => {
    const response = await get('/api/storage/avatars/users/u1/a.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('answers 404 for path traversal, unknown buckets, bad encoding and missing objects', async () => {
    for (const path of [
      '/api/storage/avatars/../../package.json',
      '/api/storage/avatars/users/../../../data/secret',
      '/api/storage/avatars/%2E%2E/%2E%2E/package.json',
      '/api/storage/avatars/users%2F..%2F..%2F..%2Fpackage.json',
      '/api/storage/avatars/..%5C..%5Csecret',
      '/api/storage/avatars/%E0%A4%A',
      '/api/storage/secrets/p1/estimate.txt',
      '/api/storage/avatars/users/u1/missing.png',
    ]) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.text)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('shows images and PDFs inline and makes every other file a download, each answer sandboxed', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    const files: [name: string, contentType: string, bytes: string, disposition: 'inline' | 'attachment'][] = [
      [
        'report.xml',
        'application/xml',
        '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><meta http-equiv="refresh" content="0;url=https://attacker.example/"/></html>',
        'attachment',
      ],
      ['page.xml', 'text/xml; charset=utf-8', '<?xml version="1.0"?><x/>', 'attachment'],
      ['page.html', 'text/html', '<!doctype html><script>alert(1)</script>', 'attachment'],
      ['drawing.svg', 'image/svg+xml', svg, 'attachment'],
      ['drawing-as-xml.xml', 'application/xml', `<?xml version="1.0"?>${svg}`, 'attachment'],
      ['notes.txt', 'text/plain', 'hello', 'attachment'],
      ['clip.mp4', 'video/mp4', 'not really a video', 'attachment'],
      ['estimate.pdf', 'application/pdf', '%PDF-1.4\n%%EOF\n', 'inline'],
      ['roof.jpg', 'image/jpeg', 'jpeg-ish', 'inline'],
      ['roof.png', 'Image/PNG', 'png-ish', 'inline'],
    ];
    for (const [name, contentType, bytes, disposition] of files) {
      await server.deps.storage.put('project-files', `p2/${name}`, Buffer.from(bytes), { contentType });
      const response = await get(server.deps.storage.url('project-files', `p2/${name}`));
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type'), name).toBe(contentType);
      expect(response.headers.get('content-disposition'), name).toBe(disposition);
      expect(response.headers.get('content-security-policy'), name).toMatch(/(^|; )sandbox(;|$)/);
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
    }
    // Public avatars and the refusals under /api/storage are sandboxed too; the app's own pages are not.
    const avatar = await get('/api/storage/avatars/users/u1/a.png');
    expect(avatar.headers.get('content-disposition')).toBe('inline');
    expect(avatar.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
    const refused = await get('/api/storage/project-files/p2/report.xml');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
    const health = await get('/api/health');
    expect(health.headers.get('content-security-policy')).not.toMatch(/sandbox/);
  });

  it('never serves a private object through a path that climbs out of a public bucket', async () => {
    const response = await rawGet('/api/storage/avatars/users/%2E%2E/%2E%2E/project-files/p1/estimate.txt');
    expect([403, 404]).toContain(response.status);
    expect(response.text).not.toContain('squares of shingles');
  });
});
