import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEFAULT_PIPELINE } from '@ridgeline/shared/domain/pipeline';
import { LOSS_TYPE_VALUES } from '@ridgeline/shared/domain/loss-types';
import type { Actor, Tenant } from '../apps/server/src/http/context';
import { openDatabase, runMigrations } from '../apps/server/src/infra/db/client';
import { createAnalyticsService } from '../apps/server/src/features/analytics/analytics.service';
import { createLogger } from '../apps/server/src/lib/logger';
import { dropDatabase, freshDatabase, median, percentile, writeResults } from './support';

// `npm run bench:analytics`: the analytics page's statements per company view, over 100,000 claim
// files of 1,000 companies (100 each) with their statuses' history (about 6 stays each), field
// sessions (4 in 5 claim files), photos (4 per session), and ledgers (figures, supplements, payments
// and reversals), seeded with generate_series into a scratch database that is dropped afterwards.
// Each view is the service's `view` (every statement the endpoint runs, one after the other on one
// connection, rows shaped into the contract), measured one at a time for a sample of companies: the
// owner's company view over the default range (the last 365 days), and a member's own view. Side by
// side in the same run, the lean baseline: one indexed count of the company's claim files opened in
// the range. The goal: the view's p95 under 300 ms.
// The machine's 2 cores: this process (Node, shaping rows) runs on one while PostgreSQL's one backend
// answers on the other; nothing runs in parallel, so the latency is one view's own.

const COMPANIES = 1_000;
const PER_COMPANY = 100;
const SAMPLE = Number(process.env.BENCH_ANALYTICS_SAMPLE ?? 200);
const GOAL_P95_MS = 300;

const url = await freshDatabase();
if (!url) throw new Error('bench:analytics needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
const database = openDatabase(url, createLogger('silent'), 2);

type Timing = { p50: number; p95: number; p99: number; max: number; median: number };
const timing = (values: number[]): Timing => {
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(percentile(values, 0.5)), p95: round(percentile(values, 0.95)), p99: round(percentile(values, 0.99)), max: round(Math.max(...values)), median: round(median(values)) };
};

try {
  await runMigrations(database);
  const { pool } = database;
  const seedStart = performance.now();
  await pool.query('alter table projects disable trigger projects_status_history');
  await pool.query(`insert into companies (name, plan, trial_ends_at) select 'Bench Roofing ' || n, 'enterprise', null from generate_series(1, $1::int) n`, [COMPANIES]);
  // An owner and a member per company.
  await pool.query(`insert into "user" (id, name, email, first_name, last_name, email_verified)
    select c.id || '-' || r, 'Bench ' || r, c.id || '-' || r || '@example.com', 'Bench', r, true from companies c cross join unnest(array['owner', 'member']) r`);
  await pool.query(`insert into members (company_id, user_id, role) select c.id, c.id || '-' || r, r from companies c cross join unnest(array['owner', 'member']) r`);
  await pool.query(
    `insert into project_statuses (company_id, key, name, position, is_closed)
     select c.id, d.key, d.name, d.position - 1, d.is_closed from companies c
     cross join unnest($1::text[], $2::text[], $3::boolean[]) with ordinality as d(key, name, is_closed, position)`,
    [DEFAULT_PIPELINE.map((s) => s.key), DEFAULT_PIPELINE.map((s) => s.name), DEFAULT_PIPELINE.map((s) => s.isClosed)],
  );
  await pool.query(`insert into carriers (company_id, name) select c.id, n from companies c cross join unnest(array['State Farm', 'Allstate', 'USAA', 'Liberty Mutual', 'Farmers']) n`);
  // Claim file j of company n: opened over the last two years, a status along the pipeline, every
  // other one the member's, a carrier (one in six none) and a loss type, RCV $5,000 to $55,000.
  await pool.query(
    `with co as (select id, (row_number() over (order by id))::int as n from companies),
          ca as (select company_id, id, (row_number() over (partition by company_id order by name) - 1)::int as k from carriers),
          rows as (select co.id as company_id, j, ((co.n * 1000 + j)::bigint * 2654435761 % 2147483629)::int as h from co cross join generate_series(0, $1::int - 1) j)
     insert into projects (company_id, title, homeowner_name, street, carrier_id, loss_type, rcv_cents, assignee_id, status_id, is_active, created_at, updated_at)
     select r.company_id, 'Bench claim ' || r.j, 'Homeowner ' || r.j, r.j || ' Ridge Rd', ca.id,
       ($2::text[])[1 + r.h % array_length($2::text[], 1)], 500000 + (r.h % 5000000), r.company_id || '-' || (case when r.j % 2 = 0 then 'member' else 'owner' end),
       st.id, not st.is_closed, now() - make_interval(days => r.h % 730), now()
     from rows r join project_statuses st on st.company_id = r.company_id and st.position = r.j % 12
     left join ca on ca.company_id = r.company_id and ca.k = r.j % 6`,
    [PER_COMPANY, [...LOSS_TYPE_VALUES]],
  );
  // Stays: every status up to the current one (Denied only when it is the current one), 1 to 7 days each.
  await pool.query(`insert into project_status_history (company_id, project_id, status_id, entered_at, left_at)
    select p.company_id, p.id, s.id, p.created_at + make_interval(days => k * (1 + abs(hashtext(p.id::text)) % 7)),
      case when k < cur.position then p.created_at + make_interval(days => (k + 1) * (1 + abs(hashtext(p.id::text)) % 7)) end
    from projects p join project_statuses cur on cur.id = p.status_id
    cross join generate_series(0, 11) k
    join project_statuses s on s.company_id = p.company_id and s.position = k
    where k <= cur.position and (s.key <> 'denied' or cur.key = 'denied')`);
  await pool.query('alter table projects enable trigger projects_status_history');
  await pool.query(`insert into inspection_sessions (id, company_id, project_id, inspector_id, created_by, status, created_at, updated_at)
    select gen_random_uuid(), p.company_id, p.id, p.assignee_id, p.assignee_id, 'completed', p.created_at + interval '1 day', p.created_at + interval '1 day'
    from projects p where abs(hashtext(p.id::text)) % 5 <> 0`);
  await pool.query(`insert into inspection_photos (id, company_id, session_id, project_id, file_path, file_name, file_size, mime_type, sha256, category, received_at, uploaded_by)
    select gen_random_uuid(), s.company_id, s.id, s.project_id, 'bench/' || s.id || '/' || n || '.jpg', n || '.jpg', 250000, 'image/jpeg', md5(s.id::text || n), 'roof',
      s.created_at + make_interval(mins => n * 3), s.inspector_id
    from inspection_sessions s cross join generate_series(1, 4) n`);
  // Ledgers from Approved on: the approved RCV, a supplement asked (approved from Build scheduled on),
  // the ACV check from Completed on, and on every tenth claim file a payment entered twice and reversed.
  await pool.query(`with files as (
      select p.id, p.company_id, p.rcv_cents, p.created_at, s.position, md5(p.id::text || 'supplement')::uuid as supplement_id, md5(p.id::text || 'twice')::uuid as twice_id
      from projects p join project_statuses s on s.id = p.status_id where s.position >= 4
    )
    insert into claim_ledger_entries (id, company_id, project_id, kind, figure, payment_type, amount_cents, label, on_date, related_id, note, created_at)
    select gen_random_uuid(), company_id, id, 'figure', 'rcv', null::text, rcv_cents + 10000, null::text, null::date, null::uuid, null::text, created_at + interval '10 days' from files
    union all select supplement_id, company_id, id, 'supplement_requested', null, null, 120000, 'Drip edge', null, null, null, created_at + interval '11 days' from files
    union all select gen_random_uuid(), company_id, id, 'supplement_approved', null, null, 90000, null, null, supplement_id, null, created_at + interval '15 days' from files where position >= 7
    union all select gen_random_uuid(), company_id, id, 'payment_received', null, 'acv_check', rcv_cents / 2, null, (created_at + interval '20 days')::date, null, null, created_at + interval '20 days' from files where position >= 8
    union all select twice_id, company_id, id, 'payment_received', null, 'other', 50000, null, (created_at + interval '21 days')::date, null, null, created_at + interval '21 days' from files where position >= 8 and abs(hashtext(id::text)) % 10 = 0
    union all select gen_random_uuid(), company_id, id, 'reversal', null, null, null, null, null, twice_id, 'Entered twice', created_at + interval '22 days' from files where position >= 8 and abs(hashtext(id::text)) % 10 = 0`);
  await pool.query('analyze');
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
  const counts = (
    await pool.query<{ projects: string; stays: string; sessions: string; photos: string; entries: string }>(`select
      (select count(*) from projects) as projects, (select count(*) from project_status_history) as stays,
      (select count(*) from inspection_sessions) as sessions, (select count(*) from inspection_photos) as photos,
      (select count(*) from claim_ledger_entries) as entries`)
  ).rows[0];

  const companies = (await pool.query<{ id: string }>('select id from companies order by md5(id::text) limit $1', [SAMPLE])).rows.map((row) => row.id);
  const analytics = createAnalyticsService({ db: database.db, readTimeoutMs: 60_000 });
  const actorOf = (userId: string): Actor => ({ userId, email: `${userId}@example.com`, role: 'contractor', sessionId: 'bench', impersonatedBy: null });

  // Warm-up: the first views of a fresh connection plan their statements and read pages in.
  for (const companyId of companies.slice(0, 10)) await analytics.view(actorOf(`${companyId}-owner`), { companyId, role: 'owner' }, {});

  const companyView: number[] = [];
  const memberView: number[] = [];
  const baseline: number[] = [];
  let claimFilesSeen = 0;
  for (const companyId of companies) {
    const ownerTenant: Tenant = { companyId, role: 'owner' };
    let start = performance.now();
    const view = await analytics.view(actorOf(`${companyId}-owner`), ownerTenant, {});
    companyView.push(performance.now() - start);
    claimFilesSeen += view.pipelineByStatus.reduce((sum, row) => sum + row.claimFiles, 0);

    start = performance.now();
    await analytics.view(actorOf(`${companyId}-member`), { companyId, role: 'member' }, {});
    memberView.push(performance.now() - start);

    start = performance.now();
    await pool.query(`select count(*) from projects where company_id = $1 and created_at >= now() - interval '365 days'`, [companyId]);
    baseline.push(performance.now() - start);
  }

  const results = {
    seed: { companies: COMPANIES, claimFilesPerCompany: PER_COMPANY, seconds: seedSeconds, rows: counts },
    sample: SAMPLE,
    averageClaimFilesInView: Math.round(claimFilesSeen / companies.length),
    cores: cpus().length,
    companyView: timing(companyView),
    memberView: timing(memberView),
    baselineCount: timing(baseline),
    goalP95Ms: GOAL_P95_MS,
    pass: percentile(companyView, 0.95) < GOAL_P95_MS && percentile(memberView, 0.95) < GOAL_P95_MS,
  };
  const row = (name: string, t: Timing) => `| ${name} | ${t.p50} | ${t.p95} | ${t.p99} | ${t.max} |`;
  const markdown = `# Analytics: one company view over 100,000 claim files

\`npm run bench:analytics\` (bench/analytics.ts), ${new Date().toISOString().slice(0, 10)}.

Seeded into a scratch database in ${seedSeconds} s with generate_series: ${COMPANIES.toLocaleString('en-US')} companies of ${PER_COMPANY} claim files
(${Number(counts?.projects).toLocaleString('en-US')} claim files, ${Number(counts?.stays).toLocaleString('en-US')} status stays, ${Number(counts?.sessions).toLocaleString('en-US')} field sessions,
${Number(counts?.photos).toLocaleString('en-US')} photos, ${Number(counts?.entries).toLocaleString('en-US')} ledger entries). ${SAMPLE} companies sampled, each view timed alone,
in the same run as the baseline; a view over the default range counts about ${results.averageClaimFilesInView} claim files.

Cores: ${results.cores}. Split: this process (Node: the service, shaping rows) on one, PostgreSQL's single
backend answering the statements on the other; one view at a time, so nothing competes inside the run
(another engineer's test suite shared the machine).

| per view (ms) | p50 | p95 | p99 | max |
|---|---|---|---|---|
${row('company view (owner, every figure)', results.companyView)}
${row("member's own view", results.memberView)}
${row('baseline: one indexed count of the claim files opened in the range', results.baselineCount)}

Goal: p95 under ${GOAL_P95_MS} ms per company view: **${results.pass ? 'met' : 'not met'}**.
`;
  writeResults('analytics', results, markdown);
  if (!results.pass) process.exitCode = 1;
} finally {
  await database.close();
  await dropDatabase(url);
}
