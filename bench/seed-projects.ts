import pg from 'pg';
import { LOSS_TYPE_VALUES } from '@ridgeline/shared/domain/loss-types';
import { DEFAULT_PIPELINE } from '@ridgeline/shared/domain/pipeline';

// The data set of `npm run bench:api`: 100,000 projects across 1,000 companies (100 each, the
// benchmark's own company included), seeded with generate_series in a dedicated database,
// rl_bench_projects, created once and reused by every later run. Nothing else is created or dropped.

export const BENCH_PROJECTS_DATABASE = 'rl_bench_projects';
export const SEED = { companies: 1_000, projects: 100_000 } as const;
const SEEDED_KEY = 'bench_projects_seeded';

/** The PostgreSQL server the benchmarks use (BENCH_DATABASE_URL, else TEST_DATABASE_URL). */
export function benchServerUrl(): string {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('bench:api needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  return base;
}

/** The URL of rl_bench_projects on the benchmark server, creating the (empty) database when it is missing. */
export async function ensureBenchProjectsDatabase(): Promise<string> {
  const base = benchServerUrl();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_PROJECTS_DATABASE]);
    if (!rowCount) await admin.query(`create database ${BENCH_PROJECTS_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${BENCH_PROJECTS_DATABASE}`;
  return url.toString();
}

const FIRST_NAMES = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'David',
  'Jennifer',
  'William',
  'Elizabeth',
  'Carlos',
  'Susan',
  'Thomas',
  'Jessica',
  'Daniel',
  'Sarah',
  'Kevin',
  'Karen',
  'Brian',
  'Nancy',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
];
const STREETS = ['Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Hickory', 'Willow', 'Birch', 'Magnolia', 'Sycamore'];
const CITIES = [
  ['Dallas', 'TX'],
  ['Denver', 'CO'],
  ['Oklahoma City', 'OK'],
  ['Omaha', 'NE'],
  ['Wichita', 'KS'],
  ['Tulsa', 'OK'],
  ['Fort Worth', 'TX'],
  ['Colorado Springs', 'CO'],
] as const;
const CARRIERS = ['State Farm', 'Allstate', 'USAA', 'Liberty Mutual', 'Farmers'];

/**
 * Seeds the data set once: 999 companies besides the benchmark's own (each with the default
 * pipeline and five carriers), then 100 projects per company: statuses round the pipeline (the
 * last, Closed, frees the slot), one in six without a carrier, one in seventeen archived, creation
 * spread over three years. The benchmark company's projects are assigned to its user every other
 * one. Runs in one transaction, so a data set is either complete or absent; true when it seeded.
 */
export async function seedBenchProjects(pool: pg.Pool, bench: { companyId: string; userId: string }): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(731002)');
    const done = await client.query('select 1 from app_settings where key = $1', [SEEDED_KEY]);
    if (done.rowCount) {
      await client.query('rollback');
      return false;
    }
    const others = SEED.companies - 1;
    await client.query(
      `insert into companies (name, plan, trial_ends_at, created_at)
       select 'Seed Roofing ' || n, 'enterprise', null, now() - make_interval(mins => n) from generate_series(1, $1::int) n`,
      [others],
    );
    await client.query(
      `insert into project_statuses (company_id, key, name, position, is_closed)
       select c.id, d.key, d.name, d.position - 1, d.is_closed
       from companies c
       cross join unnest($1::text[], $2::text[], $3::boolean[]) with ordinality as d(key, name, is_closed, position)
       on conflict do nothing`,
      [DEFAULT_PIPELINE.map((s) => s.key), DEFAULT_PIPELINE.map((s) => s.name), DEFAULT_PIPELINE.map((s) => s.isClosed)],
    );
    await client.query(`insert into carriers (company_id, name) select c.id, n from companies c cross join unnest($1::text[]) n on conflict do nothing`, [
      CARRIERS,
    ]);
    // Row g of the data set is project j of company n (g = n + j * companies), h a scramble of it:
    // names, streets, cities and loss types vary within every company (h), creation dates over the
    // whole set (g), statuses and carriers round each company's own projects (j).
    await client.query(
      `with co as (select id, (row_number() over (order by id = $1::uuid desc, created_at, id) - 1)::int as n from companies),
            ca as (select company_id, id, (row_number() over (partition by company_id order by name) - 1)::int as k from carriers),
            rows as (select co.id as company_id, co.n + j * $3::int as g, ((co.n + j * $3::int)::bigint * 2654435761 % 2147483629)::int as h, j from co cross join generate_series(0, $4::int - 1) j where co.n < $3::int)
       insert into projects (company_id, title, homeowner_name, street, city, state, zip, claim_number, carrier_id,
                             loss_type, date_of_loss, rcv_cents, assignee_id, status_id, is_active, archived_at, closed_at,
                             created_at, updated_at)
       select r.company_id,
              ($5::text[])[1 + h % 20] || ' ' || ($6::text[])[1 + (h / 20) % 25] || ' roof',
              ($5::text[])[1 + h % 20] || ' ' || ($6::text[])[1 + (h / 20) % 25],
              (100 + h % 9000)::text || ' ' || ($7::text[])[1 + (h / 500) % 10] || ' St',
              ($8::text[])[1 + (h / 5000) % 8], ($9::text[])[1 + (h / 5000) % 8],
              lpad((h % 99999)::text, 5, '0'),
              'CLM-' || lpad(g::text, 7, '0'),
              ca.id,
              ($10::text[])[1 + (h / 40000) % array_length($10::text[], 1)],
              date '2023-01-01' + (h % 1000)::int,
              (h % 5000000) * 10,
              case when r.company_id = $1::uuid and j % 2 = 0 then $2::text end,
              st.id,
              not st.is_closed and j % 17 <> 16,
              case when j % 17 = 16 then timestamptz '2026-01-01' end,
              case when st.is_closed then timestamptz '2026-01-01' end,
              timestamptz '2023-01-01' + make_interval(mins => g * 15),
              timestamptz '2023-01-01' + make_interval(mins => g * 15) + make_interval(days => g % 30)
       from rows r
       join project_statuses st on st.company_id = r.company_id and st.position = j % $11::int
       left join ca on ca.company_id = r.company_id and ca.k = j % 6`,
      [
        bench.companyId,
        bench.userId,
        SEED.companies,
        SEED.projects / SEED.companies,
        FIRST_NAMES,
        LAST_NAMES,
        STREETS,
        CITIES.map(([city]) => city),
        CITIES.map(([, state]) => state),
        [...LOSS_TYPE_VALUES],
        DEFAULT_PIPELINE.length,
      ],
    );
    await client.query(`insert into app_settings (key, value) values ($1, $2)`, [SEEDED_KEY, JSON.stringify({ at: new Date().toISOString(), ...SEED })]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  await pool.query('analyze companies, project_statuses, carriers, projects');
  return true;
}
