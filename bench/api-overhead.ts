import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { dropDatabase, freshDatabase, processCpuSeconds, signedInOwnerCookie, startChild, startServerChild, stopServerChild, writeResults } from './support';

// Side by side in one run: GET /api/health through the full Ridgeline stack (request id,
// compression, security headers, error handling, health route) against a bare Hono handler
// doing the same database round trip on a pool of the same size. The ratio is the stack's overhead.
// Both servers run in processes of their own, on the server's cores; autocannon runs in this
// process, on the load generator's core (bench/support.ts, coreSplit).
// Two signed-in reads run in the same run and are compared with /api/health:
// - a trivial one, GET /api/settings/maintenance with the session cookie: the disabled-account
//   gate reads the caller's identity (the one query every signed-in request pays) and the route
//   answers from the cached flag, so it measures what being signed in costs;
// - GET /api/me, the identity plus the profile's own query.
// Besides requests/s and p99, each case records the server process's CPU per request (every thread,
// from /proc): it does not move with what else runs on the machine, and its ratio is the throughput
// ratio the servers would reach each on a core of its own.
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = 3301;
const BARE_PORT = 3302;

export async function benchApiOverhead() {
  const databaseUrl = await freshDatabase();
  if (!databaseUrl) throw new Error('the API overhead bench needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server to make its own database on)');
  const server = await startServerChild(PORT, databaseUrl);
  const bare = await startChild('./bare-hono-child.ts', BARE_PORT, databaseUrl);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const cookie = await signedInOwnerCookie(`http://localhost:${PORT}`, 'api', (email) =>
      admin.query('update "user" set email_verified = true where email = $1', [email]),
    );
    const run = (url: string, headers: Record<string, string> = {}) => autocannon({ url, headers, connections: 20, duration: DURATION });
    // Warm-up of both servers (JIT, prepared statements, pool connections).
    await run(`http://localhost:${PORT}/api/health`);
    await run(`http://localhost:${PORT}/api/me`, { cookie });
    await run(`http://localhost:${BARE_PORT}/api/health`);
    // Rounds, the four cases taking turns at going first; each ratio is taken within its round (the
    // machine's load alike on both sides) and the median round is reported.
    const cases = [
      { key: 'ridgeline', url: `http://localhost:${PORT}/api/health`, headers: {}, pid: server.pid },
      { key: 'bareHono', url: `http://localhost:${BARE_PORT}/api/health`, headers: {}, pid: bare.pid },
      { key: 'signedInTrivial', url: `http://localhost:${PORT}/api/settings/maintenance`, headers: { cookie }, pid: server.pid },
      { key: 'signedInMe', url: `http://localhost:${PORT}/api/me`, headers: { cookie }, pid: server.pid },
    ] as const;
    type Measure = { rps: number; p99ms: number; errors: number; cpuUsPerRequest: number };
    const rounds: Record<(typeof cases)[number]['key'], Measure>[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const measured: Partial<Record<(typeof cases)[number]['key'], Measure>> = {};
      for (let i = 0; i < cases.length; i += 1) {
        const one = cases[(i + round) % cases.length] ?? cases[0];
        const cpuBefore = processCpuSeconds(one.pid) ?? 0;
        const result = await run(one.url, one.headers);
        const cpuUsPerRequest = (((processCpuSeconds(one.pid) ?? 0) - cpuBefore) / Math.max(1, result.requests.total)) * 1e6;
        measured[one.key] = {
          rps: result.requests.average,
          p99ms: result.latency.p99,
          errors: result.errors + result.non2xx,
          cpuUsPerRequest: Number(cpuUsPerRequest.toFixed(1)),
        };
      }
      const { ridgeline, bareHono, signedInTrivial, signedInMe } = measured;
      if (!ridgeline || !bareHono || !signedInTrivial || !signedInMe) throw new Error('a case was not measured');
      rounds.push({ ridgeline, bareHono, signedInTrivial, signedInMe });
    }
    const middle = <T>(values: T[], by: (value: T) => number): T => {
      const sorted = [...values].sort((a, b) => by(a) - by(b));
      const found = sorted[Math.floor(sorted.length / 2)];
      if (found === undefined) throw new Error('no rounds measured');
      return found;
    };
    const ratioOf = (r: (typeof rounds)[number]) => ({
      throughput: r.ridgeline.rps / r.bareHono.rps,
      trivial: r.signedInTrivial.rps / r.ridgeline.rps,
      me: r.signedInMe.rps / r.ridgeline.rps,
      cpu: r.bareHono.cpuUsPerRequest / r.ridgeline.cpuUsPerRequest,
      cpuMe: r.ridgeline.cpuUsPerRequest / r.signedInMe.cpuUsPerRequest,
    });
    const ratio = middle(rounds.map(ratioOf), (r) => r.throughput).throughput;
    const trivialRatio = middle(rounds.map(ratioOf), (r) => r.trivial).trivial;
    const signedInRatio = middle(rounds.map(ratioOf), (r) => r.me).me;
    const cpuRatio = middle(rounds.map(ratioOf), (r) => r.cpu).cpu;
    const cpuMeRatio = middle(rounds.map(ratioOf), (r) => r.cpuMe).cpuMe;
    const med = (key: (typeof cases)[number]['key']) => ({
      rps: middle(
        rounds.map((r) => r[key].rps),
        (v) => v,
      ),
      p99ms: middle(
        rounds.map((r) => r[key].p99ms),
        (v) => v,
      ),
      errors: rounds.reduce((sum, r) => sum + r[key].errors, 0),
      cpuUsPerRequest: middle(
        rounds.map((r) => r[key].cpuUsPerRequest),
        (v) => v,
      ),
    });
    const data = {
      durationSeconds: DURATION,
      rounds,
      ridgeline: med('ridgeline'),
      bareHono: med('bareHono'),
      signedInTrivial: med('signedInTrivial'),
      signedInMe: med('signedInMe'),
      throughputRatio: Number(ratio.toFixed(3)),
      signedInTrivialToHealthRatio: Number(trivialRatio.toFixed(3)),
      signedInMeToHealthRatio: Number(signedInRatio.toFixed(3)),
      cpuPerRequestBareToHealthRatio: Number(cpuRatio.toFixed(3)),
      cpuPerRequestHealthToMeRatio: Number(cpuMeRatio.toFixed(3)),
    };
    const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
    writeResults(
      'api-overhead',
      data,
      `# API overhead: GET /api/health and signed-in reads (\`npm run bench:overhead\`)\n\n` +
        `Measured side by side in one run: ${ROUNDS} rounds of ${DURATION} s per case, 20 connections, each server in its own process; medians.\n\n` +
        `| stack | requests/s | p99 latency (ms) | server CPU per request (µs) |\n|---|---|---|---|\n` +
        `| Ridgeline GET /api/health (full middleware) | ${data.ridgeline.rps.toFixed(0)} | ${data.ridgeline.p99ms} | ${data.ridgeline.cpuUsPerRequest} |\n` +
        `| bare Hono, same query | ${data.bareHono.rps.toFixed(0)} | ${data.bareHono.p99ms} | ${data.bareHono.cpuUsPerRequest} |\n` +
        `| Ridgeline GET /api/settings/maintenance, signed in (the identity query) | ${data.signedInTrivial.rps.toFixed(0)} | ${data.signedInTrivial.p99ms} | ${data.signedInTrivial.cpuUsPerRequest} |\n` +
        `| Ridgeline GET /api/me, signed in (the identity query, the profile presented from its row) | ${data.signedInMe.rps.toFixed(0)} | ${data.signedInMe.p99ms} | ${data.signedInMe.cpuUsPerRequest} |\n\n` +
        `| ratio | median round | goal | |\n|---|---|---|---|\n` +
        `| /api/health / bare Hono | ${pct(ratio)} | at least 70% | ${ratio >= 0.7 ? 'met' : 'missed'} |\n` +
        `| signed-in read with one query (GET /api/me) / /api/health | ${pct(signedInRatio)} | at least 60% | ${signedInRatio >= 0.6 ? 'met' : 'missed'} |\n` +
        `| GET /api/settings/maintenance / /api/health | ${pct(trivialRatio)} | - | |\n` +
        `| CPU per request: bare Hono / /api/health (the throughput ratio on a core each) | ${pct(cpuRatio)} | at least 70% | ${cpuRatio >= 0.7 ? 'met' : 'missed'} |\n` +
        `| CPU per request: /api/health / GET /api/me | ${pct(cpuMeRatio)} | at least 60% | ${cpuMeRatio >= 0.6 ? 'met' : 'missed'} |\n`,
    );
    return data;
  } finally {
    await admin.end();
    await stopServerChild(bare);
    await stopServerChild(server);
    await dropDatabase(databaseUrl);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchApiOverhead();
  process.exit(0);
}
