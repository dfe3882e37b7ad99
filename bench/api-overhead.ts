import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { signedInOwnerCookie, startBenchServer, writeResults } from './support';

// Side by side in one run: GET /api/health through the full Ridgeline stack (request id,
// compression, security headers, error handling, health route) against a bare Hono handler
// doing the same database round trip on the same pool. The ratio is the stack's overhead.
// Two signed-in reads run in the same run and are compared with /api/health:
// - a trivial one, GET /api/settings/maintenance with the session cookie: the disabled-account
//   gate reads the caller's identity (the one query every signed-in request pays) and the route
//   answers from the cached flag, so it measures what being signed in costs;
// - GET /api/me, the identity plus the profile's own query.
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PORT = 3301;
const BARE_PORT = 3302;


export async function benchApiOverhead() {
  const server = await startBenchServer(PORT);
  const bare = new Hono();
  bare.get('/api/health', async (c) => {
    await server.deps.database.db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  });
  const bareServer = serve({ fetch: bare.fetch, port: BARE_PORT });
  try {
    const cookie = await signedInOwnerCookie(`http://localhost:${PORT}`, 'api', (email) => server.deps.database.db.execute(sql`update "user" set email_verified = true where email = ${email}`));
    const run = (url: string, headers: Record<string, string> = {}) => autocannon({ url, headers, connections: 20, duration: DURATION });
    // Warm-up of the Ridgeline paths (JIT, prepared statements, pool connections).
    await run(`http://localhost:${PORT}/api/health`);
    await run(`http://localhost:${PORT}/api/me`, { cookie });
    // The Ridgeline runs back to back, so the machine's load is as alike as it can be.
    const ridgeline = await run(`http://localhost:${PORT}/api/health`);
    const trivial = await run(`http://localhost:${PORT}/api/settings/maintenance`, { cookie });
    const signedIn = await run(`http://localhost:${PORT}/api/me`, { cookie });
    const baseline = await run(`http://localhost:${BARE_PORT}/api/health`);
    const ratio = ridgeline.requests.average / baseline.requests.average;
    const trivialRatio = trivial.requests.average / ridgeline.requests.average;
    const signedInRatio = signedIn.requests.average / ridgeline.requests.average;
    const data = {
      date: new Date().toISOString(),
      durationSeconds: DURATION,
      ridgeline: { rps: ridgeline.requests.average, p99ms: ridgeline.latency.p99, errors: ridgeline.errors + ridgeline.non2xx },
      bareHono: { rps: baseline.requests.average, p99ms: baseline.latency.p99, errors: baseline.errors + baseline.non2xx },
      signedInTrivial: { rps: trivial.requests.average, p99ms: trivial.latency.p99, errors: trivial.errors + trivial.non2xx },
      signedInMe: { rps: signedIn.requests.average, p99ms: signedIn.latency.p99, errors: signedIn.errors + signedIn.non2xx },
      throughputRatio: Number(ratio.toFixed(3)),
      signedInTrivialToHealthRatio: Number(trivialRatio.toFixed(3)),
      signedInMeToHealthRatio: Number(signedInRatio.toFixed(3)),
    };
    writeResults(
      'api-overhead',
      data,
      `# API overhead: GET /api/health and signed-in reads\n\nMeasured side by side in one run (${DURATION} s each, 20 connections, 2 cores).\n\n` +
        `| stack | requests/s | p99 latency (ms) |\n|---|---|---|\n` +
        `| Ridgeline GET /api/health (full middleware) | ${data.ridgeline.rps.toFixed(0)} | ${data.ridgeline.p99ms} |\n` +
        `| bare Hono, same query | ${data.bareHono.rps.toFixed(0)} | ${data.bareHono.p99ms} |\n` +
        `| Ridgeline GET /api/settings/maintenance, signed in (identity only) | ${data.signedInTrivial.rps.toFixed(0)} | ${data.signedInTrivial.p99ms} |\n` +
        `| Ridgeline GET /api/me, signed in (identity + profile query) | ${data.signedInMe.rps.toFixed(0)} | ${data.signedInMe.p99ms} |\n\n` +
        `Ridgeline keeps **${(ratio * 100).toFixed(0)}%** of the bare throughput. ` +
        `Being signed in (verified cookie, one indexed identity query) keeps **${(trivialRatio * 100).toFixed(0)}%** ` +
        `of /api/health's rate; GET /api/me, which adds the profile's own query, **${(signedInRatio * 100).toFixed(0)}%**.\n`,
    );
    return data;
  } finally {
    bareServer.close();
    await server.stop();
  }
}
