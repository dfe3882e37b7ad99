import { createServer } from 'node:http';
import type { Metrics } from './metrics';

/**
 * GET /metrics on a port of its own (METRICS_PORT), for a scraper on a private network: no token,
 * nothing else served. Resolves once it listens; `close` stops it.
 */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
      () => response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be read\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
