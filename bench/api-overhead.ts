import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { startBenchServer, writeResults } from './support';

// Side by side in one run: GET /api/health through the full Ridgeline stack (request id,
// compression, security headers, error handling, health route) against a bare Hono handler
// doing the same database round trip on the same pool. The ratio is the stack's overhead.
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

export async function benchApiOverhead() {
  const server = await startBenchServer(3301);
  const bare = new Hono();
  bare.get('/api/health', async (c) => {
    await server.deps.database.db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  });
  const bareServer = serve({ fetch: bare.fetch, port: 3302 });
  try {
    const run = (url: string) => autocannon({ url, connections: 20, duration: DURATION });
    await run('http://localhost:3301/api/health'); // warm-up
    const ridgeline = await run('http://localhost:3301/api/health');
    const baseline = await run('http://localhost:3302/api/health');
    const ratio = ridgeline.requests.average / baseline.requests.average;
    const data = {
      date: new Date().toISOString(),
      durationSeconds: DURATION,
      ridgeline: { rps: ridgeline.requests.average, p99ms: ridgeline.latency.p99, errors: ridgeline.errors + ridgeline.non2xx },
      bareHono: { rps: baseline.requests.average, p99ms: baseline.latency.p99, errors: baseline.errors + baseline.non2xx },
      throughputRatio: Number(ratio.toFixed(3)),
    };
    writeResults(
      'api-overhead',
      data,
      `# API overhead: GET /api/health\n\nMeasured side by side in one run (${DURATION} s each, 20 connections, 2 cores).\n\n` +
        `| stack | requests/s | p99 latency (ms) |\n|---|---|---|\n` +
        `| Ridgeline (full middleware) | ${data.ridgeline.rps.toFixed(0)} | ${data.ridgeline.p99ms} |\n` +
        `| bare Hono, same query | ${data.bareHono.rps.toFixed(0)} | ${data.bareHono.p99ms} |\n\n` +
        `Ridgeline keeps **${(ratio * 100).toFixed(0)}%** of the bare throughput.\n`,
    );
    return data;
  } finally {
    bareServer.close();
    await server.stop();
  }
}
