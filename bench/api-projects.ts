import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { projectListQuerySchema, type ProjectList, type ProjectListQuery } from '@ridgeline/shared/contracts/projects';
import type { Me } from '@ridgeline/shared/contracts/team';
import { projectListQuery } from '../apps/server/src/features/projects/projects.repository';
import * as schema from '../apps/server/src/infra/db/schema/index';
import { ensureBenchProjectsDatabase, SEED, seedBenchProjects } from './seed-projects';
import { BENCH_PASSWORD, sessionCookieOf, startServerChild, stopServerChild, writeResults } from './support';

// `npm run bench:api`: the project list of one company, with 100,000 projects across 1,000 companies
// in the database, through the real API with a signed-in session (the real server in a child
// process: GET /api/projects, which runs the list statement (the active-file count inside it) after the identity
// read), side by side in the same run with node-postgres running the list query's very SQL directly
// (`projectListQuery(...).toSQL()`, the builder the service runs). Three cases: the 50 newest, a
// status filter, a text search; 100 concurrent callers on each side. The goal: the API keeps at
// least 0.7x the raw throughput, with a p99 at most twice the raw p99.

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** Rounds per case, the two sides alternating which goes first; the report takes each side's median. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WARMUP = Math.max(1, Math.round(DURATION / 3));
const CALLERS = 100;
/** The server's pool size (infra/db/client.ts openDatabase); the direct callers get the same. */
const POOL_SIZE = 10;
const PORT = Number(process.env.BENCH_API_PORT ?? 3311);
const ORIGIN = `http://localhost:${PORT}`;
const EMAIL = 'bench-projects@example.com';
const GOAL = { throughput: 0.7, p99: 2 } as const;

type Measure = { rps: number; p99ms: number; errors: number };
type Session = { cookie: string; userId: string; companyId: string };

const post = (path: string, body: unknown) =>
  fetch(`${ORIGIN}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify(body) });

/**
 * The benchmark's user: signed up once (with its company, through the real sign-up) and reused by
 * later runs; signed in over HTTP. Returns the Cookie header a browser would send.
 */
async function benchSession(pool: pg.Pool): Promise<Session> {
  const existing = await pool.query('select id from "user" where email = $1', [EMAIL]);
  if (!existing.rowCount) {
    const signUp = await post('/api/auth/sign-up/email', {
      firstName: 'Bench',
      lastName: 'Lister',
      companyName: 'Bench Roofing',
      phone: '+1 555 010 2030',
      email: EMAIL,
      password: BENCH_PASSWORD,
    });
    if (!signUp.ok) throw new Error(`bench sign-up answered ${signUp.status}: ${await signUp.text()}`);
    // The confirmation mail is not part of what is measured: confirm the address directly.
    await pool.query('update "user" set email_verified = true where email = $1', [EMAIL]);
  }
  const signIn = await post('/api/auth/sign-in/email', { email: EMAIL, password: BENCH_PASSWORD });
  if (!signIn.ok) throw new Error(`bench sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = sessionCookieOf(signIn);
  const me = (await (await fetch(`${ORIGIN}/api/me`, { headers: { cookie } })).json()) as Me;
  if (!me.company) throw new Error('the bench user has no company');
  return { cookie, userId: me.id, companyId: me.company.id };
}

/** `callers` concurrent loops running the statement on the pool for `seconds`: throughput and p99. */
async function rawRun(pool: pg.Pool, text: string, values: unknown[], seconds: number): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        try {
          await pool.query({ text, values });
          latencies.push(performance.now() - sent);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)] ?? 0;
  return { rps: latencies.length / elapsed, p99ms: Number(p99.toFixed(1)), errors };
}

async function apiRun(path: string, cookie: string, seconds: number): Promise<Measure> {
  const result: Result = await autocannon({ url: `${ORIGIN}${path}`, headers: { cookie }, connections: CALLERS, duration: seconds });
  return { rps: result.requests.average, p99ms: result.latency.p99, errors: result.errors + result.non2xx };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Each figure's median over the rounds; errors summed. */
function medianOf(rounds: Measure[]): Measure {
  return {
    rps: median(rounds.map((r) => r.rps)),
    p99ms: median(rounds.map((r) => r.p99ms)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

export async function benchApiProjects() {
  const databaseUrl = await ensureBenchProjectsDatabase();
  const child = await startServerChild(PORT, databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  try {
    const session = await benchSession(pool);
    const seedStart = performance.now();
    const seeded = await seedBenchProjects(pool, session);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const counts = await pool.query<{ projects: number; companies: number; mine: number }>(
      'select (select count(*)::int from projects) as projects, (select count(*)::int from companies) as companies, (select count(*)::int from projects where company_id = $1) as mine',
      [session.companyId],
    );
    const status = await pool.query<{ id: string; name: string }>('select id, name from project_statuses where company_id = $1 and position = 1', [
      session.companyId,
    ]);
    const statusRow = status.rows[0];
    if (!statusRow) throw new Error('the bench company has no second status');

    const db = drizzle(pool, { schema });
    const cases: Array<{ name: string; query: ProjectListQuery }> = [
      { name: 'the 50 newest', query: {} },
      { name: `status filter (${statusRow.name})`, query: { statusId: statusRow.id } },
      { name: 'text search "maple"', query: { q: 'maple' } },
    ];

    const results = [];
    for (const { name, query } of cases) {
      const parsed = projectListQuerySchema.parse(query);
      const { sql: text, params } = projectListQuery(db, session.companyId, parsed).toSQL();
      const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
      const path = `/api/projects${search.size ? `?${search}` : ''}`;

      // Both sides answer the same rows before anything is timed.
      const api = await fetch(`${ORIGIN}${path}`, { headers: { cookie: session.cookie } });
      if (!api.ok) throw new Error(`${path} answered ${api.status}: ${await api.text()}`);
      const list = (await api.json()) as ProjectList;
      const raw = await pool.query<{ id: string }>({ text, values: params });
      if (list.projects.map((p) => p.id).join() !== raw.rows.map((r) => r.id).join()) throw new Error(`${name}: the API and the SQL disagree`);

      // Warm-up (JIT, pool connections, plans), then rounds of the two sides back to back, taking
      // turns at going first, so a neighbour's load on the shared cores falls on both alike.
      await rawRun(pool, text, params, WARMUP);
      await apiRun(path, session.cookie, WARMUP);
      const rawRounds: Measure[] = [];
      const apiRounds: Measure[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        if (round % 2 === 0) {
          rawRounds.push(await rawRun(pool, text, params, DURATION));
          apiRounds.push(await apiRun(path, session.cookie, DURATION));
        } else {
          apiRounds.push(await apiRun(path, session.cookie, DURATION));
          rawRounds.push(await rawRun(pool, text, params, DURATION));
        }
      }
      const direct = medianOf(rawRounds);
      const through = medianOf(apiRounds);
      const throughputRatio = Number((through.rps / direct.rps).toFixed(3));
      const p99Ratio = Number((through.p99ms / Math.max(direct.p99ms, 0.1)).toFixed(3));
      results.push({
        name,
        path,
        rows: list.projects.length,
        total: list.total,
        raw: direct,
        api: through,
        rounds: { raw: rawRounds, api: apiRounds },
        throughputRatio,
        p99Ratio,
        meetsGoal: throughputRatio >= GOAL.throughput && p99Ratio <= GOAL.p99 && through.errors === 0 && direct.errors === 0,
      });
    }

    // The floor of any signed-in call on this machine now: the identity read and a cached answer.
    await apiRun('/api/settings/maintenance', session.cookie, WARMUP);
    const signedInTrivial = await apiRun('/api/settings/maintenance', session.cookie, DURATION);

    const data = {
      date: new Date().toISOString(),
      durationSeconds: DURATION,
      rounds: ROUNDS,
      callers: CALLERS,
      poolSize: POOL_SIZE,
      dataSet: {
        projects: counts.rows[0]?.projects,
        companies: counts.rows[0]?.companies,
        benchCompanyProjects: counts.rows[0]?.mine,
        seededThisRun: seeded,
        seedSeconds: seeded ? Number(seedSeconds.toFixed(1)) : null,
      },
      goal: GOAL,
      cases: results,
      reference: { signedInTrivial },
    };
    const table = results
      .map(
        (r) =>
          `| ${r.name} | ${r.rows} of ${r.total} | ${r.raw.rps.toFixed(0)} | ${r.raw.p99ms} | ${r.api.rps.toFixed(0)} | ${r.api.p99ms} | ${r.throughputRatio.toFixed(2)}x | ${r.p99Ratio.toFixed(2)}x | ${r.meetsGoal ? 'yes' : '**no**'} |`,
      )
      .join('\n');
    writeResults(
      'api-projects',
      data,
      `# API: the project list at ${SEED.projects.toLocaleString('en-US')} projects\n\n` +
        `${data.dataSet.projects} projects across ${data.dataSet.companies} companies (database \`rl_bench_projects\`, seeded by ` +
        `\`bench/seed-projects.ts\` with \`generate_series\`; the measured company holds ${data.dataSet.benchCompanyProjects}). ` +
        `Each case: ${ROUNDS} rounds of ${DURATION} s per side (medians shown; the sides take turns at going first), ${CALLERS} concurrent callers, side by side in one run: GET /api/projects through the real server ` +
        `(child process, signed-in session cookie: identity read, then the list statement with the active-file count inside it) and node-postgres running the ` +
        `list query's own SQL (\`projectListQuery(...).toSQL()\`) directly, each on a pool of ${POOL_SIZE}. 2 shared cores.\n\n` +
        `| case | rows | raw SQL req/s | raw p99 (ms) | API req/s | API p99 (ms) | throughput API/raw | p99 API/raw | goal met |\n` +
        `|---|---|---|---|---|---|---|---|---|\n${table}\n\n` +
        `Goal: the API keeps at least ${GOAL.throughput}x the raw throughput with a p99 at most ${GOAL.p99}x the raw p99.\n\n` +
        `Reference, same run: a signed-in call that only reads the identity and answers from memory ` +
        `(GET /api/settings/maintenance) does ${signedInTrivial.rps.toFixed(0)} req/s, p99 ${signedInTrivial.p99ms} ms.\n`,
    );
    return data;
  } finally {
    await pool.end();
    await stopServerChild(child);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchApiProjects();
  process.exit(0);
}
