import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { acceptsGzip } from './middleware/compress';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

type StaticFile = { bytes: Buffer; key: string };

async function fileIfExists(path: string): Promise<StaticFile | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return { bytes: await readFile(path), key: `${info.size}:${info.mtimeMs}` };
  } catch {
    return null;
  }
}

/** Types worth gzipping (text); images and fonts are compressed already. */
const GZIP_TYPES = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/**
 * Each text file of the build gzipped once, at the best level, and kept (the build's files are few
 * and a new build changes size or time): a request for it costs no compression, and files of every
 * size go compressed, the first load's many small scripts included.
 */
const gzipped = new Map<string, { key: string; bytes: Buffer }>();

function gzipOf(path: string, file: StaticFile): Buffer {
  const cached = gzipped.get(path);
  if (cached?.key === file.key) return cached.bytes;
  const bytes = gzipSync(file.bytes, { level: constants.Z_BEST_COMPRESSION });
  gzipped.set(path, { key: file.key, bytes });
  return bytes;
}

/** The file's answer: gzipped when the client takes gzip and it is smaller so. */
function sendFile(c: Context, path: string, file: StaticFile, ext: string): Response {
  c.header('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  if (!GZIP_TYPES.has(ext)) return c.body(new Uint8Array(file.bytes));
  c.header('Vary', 'Accept-Encoding');
  if (!acceptsGzip(c.req.header('accept-encoding'))) return c.body(new Uint8Array(file.bytes));
  const compressed = gzipOf(path, file);
  if (compressed.byteLength >= file.bytes.byteLength) return c.body(new Uint8Array(file.bytes));
  c.header('Content-Encoding', 'gzip');
  return c.body(new Uint8Array(compressed));
}

/** The landing page's paths: the build pre-renders it to landing.html (no JavaScript needed to read it). */
const LANDING_PATHS = new Set(['/', '/landing']);

/**
 * Serves the built web app: hashed assets cached for a year, the pre-rendered landing.html for the
 * landing page's paths, everything else falls back to index.html (the app shell).
 */
export function serveWebApp(distDir: string) {
  return async (c: Context) => {
    const requested = normalize(decodeURIComponent(c.req.path)).replace(/^(\.\.[/\\])+/, '');
    const directPath = join(distDir, requested);
    const direct = requested !== '/' ? await fileIfExists(directPath) : null;
    if (direct) {
      const hashed = requested.startsWith('/assets/');
      c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      return sendFile(c, directPath, direct, extname(requested));
    }
    if (extname(requested) && requested !== '/') return c.text('Not found', 404);
    const landingPath = join(distDir, 'landing.html');
    const indexPath = join(distDir, 'index.html');
    const landing = LANDING_PATHS.has(requested) ? await fileIfExists(landingPath) : null;
    const index = landing ?? (await fileIfExists(indexPath));
    if (!index) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return sendFile(c, landing ? landingPath : indexPath, index, '.html');
  };
}
