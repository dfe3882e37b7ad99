import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { compressReads } from './middleware/compress';
import { serveWebApp } from './static-web';

const dist = mkdtempSync(join(tmpdir(), 'ridgeline-dist-'));
mkdirSync(join(dist, 'assets'));
const script = `export const greeting = ${JSON.stringify('Roof '.repeat(200))};\n`;
writeFileSync(join(dist, 'assets', 'small-abc123.js'), script);
writeFileSync(join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(3000, 7));
writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Ridgeline</title>${'<meta name="x" content="y">'.repeat(40)}`);

const app = new Hono();
app.use(compressReads);
app.get('*', serveWebApp(dist));

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const gzip = { 'accept-encoding': 'gzip, deflate, br' };

describe('the built web app', () => {
  it('sends a small script gzipped (under the API threshold too), cached for a year, varying by encoding', async () => {
    const response = await app.request('/assets/small-abc123.js', { headers: gzip });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = Buffer.from(await response.arrayBuffer());
    expect(gunzipSync(body).toString('utf8')).toBe(script);
    expect(body.length).toBeLessThan(Buffer.byteLength(script) / 5);
  });

  it('sends the same file as it is to a client without gzip, and images as they are', async () => {
    const plain = await app.request('/assets/small-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    const image = await app.request('/assets/logo-abc123.png', { headers: gzip });
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await image.arrayBuffer()).length).toBe(3000);
  });

  it('falls back to the app shell, gzipped, and serves a rebuilt file as it now is', async () => {
    const shell = await app.request('/dashboard', { headers: gzip });
    expect(shell.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await shell.arrayBuffer())).toString('utf8')).toContain('<title>Ridgeline</title>');

    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Rebuilt</title>'.padEnd(2000, ' '));
    const rebuilt = await app.request('/projects', { headers: gzip });
    expect(gunzipSync(Buffer.from(await rebuilt.arrayBuffer())).toString('utf8')).toContain('<title>Rebuilt</title>');
  });
});
