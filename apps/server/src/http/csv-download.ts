import type { Context } from 'hono';

/** A CSV export's answer: the file the browser saves under its name, never cached. */
export function csvDownload(c: Context, file: { fileName: string; body: string }): Response {
  return c.body(file.body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'Cache-Control': 'no-store',
  });
}
