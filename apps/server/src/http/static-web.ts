import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { Context } from 'hono';

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

async function fileIfExists(path: string): Promise<Buffer | null> {
  try {
    if (!(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
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
    const direct = requested !== '/' ? await fileIfExists(join(distDir, requested)) : null;
    if (direct) {
      const ext = extname(requested);
      c.header('Content-Type', TYPES[ext] ?? 'application/octet-stream');
      const hashed = requested.startsWith('/assets/');
      c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      return c.body(new Uint8Array(direct));
    }
    if (extname(requested) && requested !== '/') return c.text('Not found', 404);
    const landing = LANDING_PATHS.has(requested) ? await fileIfExists(join(distDir, 'landing.html')) : null;
    const index = landing ?? (await fileIfExists(join(distDir, 'index.html')));
    if (!index) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Content-Type', TYPES['.html'] ?? 'text/html');
    c.header('Cache-Control', 'no-cache');
    return c.body(new Uint8Array(index));
  };
}
