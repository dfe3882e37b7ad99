import type pg from 'pg';
import { DEFAULT_PIPELINE } from '@ridgeline/shared/domain/pipeline';
import { LOSS_TYPE_VALUES } from '@ridgeline/shared/domain/loss-types';

// The data bench:analytics reads, seeded with generate_series straight into its scratch database.

/**
 * Claim files for the given companies (which have the default pipeline): `perCompany` each, claim file
 * j opened over the last two years, a status along the pipeline, every other one the company's member's
 * (the owner's in a company without one, as all the others), a carrier of five (one in six none) and a loss type, RCV $5,000 to $55,000; the
 * stays up to the current status (Denied only when it is the current one), 1 to 7 days each; a field
 * session on 4 in 5 with 4 photos; ledgers from Approved on: the approved RCV, a supplement asked
 * (approved from Build scheduled on), the ACV check from Completed on, and on every tenth claim file a
 * payment entered twice and reversed.
 */
export async function seedClaimFiles(pool: pg.Pool, companyIds: string[], perCompany: number): Promise<void> {
  const mine = 'p.company_id = any($1::uuid[])';
  await pool.query(
    `insert into carriers (company_id, name) select c, n from unnest($1::uuid[]) c cross join unnest(array['State Farm', 'Allstate', 'USAA', 'Liberty Mutual', 'Farmers']) n`,
    [companyIds],
  );
  await pool.query('alter table projects disable trigger projects_status_history');
  await pool.query(
    `with co as (select id, (row_number() over (order by id))::int as n from companies where id = any($1::uuid[])),
          ca as (select company_id, id, (row_number() over (partition by company_id order by name) - 1)::int as k from carriers where company_id = any($1::uuid[])),
          people as (select company_id, min(user_id) filter (where role = 'owner') as owner_id, min(user_id) filter (where role = 'member') as member_id from members where company_id = any($1::uuid[]) group by company_id),
          rows as (select co.id as company_id, j, ((co.n * 1000 + j)::bigint * 2654435761 % 2147483629)::int as h from co cross join generate_series(0, $2::int - 1) j)
     insert into projects (company_id, title, homeowner_name, street, carrier_id, loss_type, rcv_cents, assignee_id, status_id, is_active, created_at, updated_at)
     select r.company_id, 'Bench claim ' || r.j, 'Homeowner ' || r.j, r.j || ' Ridge Rd', ca.id,
       ($3::text[])[1 + r.h % array_length($3::text[], 1)], 500000 + (r.h % 5000000), case when r.j % 2 = 0 then coalesce(pe.member_id, pe.owner_id) else pe.owner_id end,
       st.id, not st.is_closed, now() - make_interval(days => r.h % 730), now()
     from rows r join people pe on pe.company_id = r.company_id join project_statuses st on st.company_id = r.company_id and st.position = r.j % 12
     left join ca on ca.company_id = r.company_id and ca.k = r.j % 6`,
    [companyIds, perCompany, [...LOSS_TYPE_VALUES]],
  );
  await pool.query(
    `insert into project_status_history (company_id, project_id, status_id, entered_at, left_at)
    select p.company_id, p.id, s.id, p.created_at + make_interval(days => k * (1 + abs(hashtext(p.id::text)) % 7)),
      case when k < cur.position then p.created_at + make_interval(days => (k + 1) * (1 + abs(hashtext(p.id::text)) % 7)) end
    from projects p join project_statuses cur on cur.id = p.status_id
    cross join generate_series(0, 11) k
    join project_statuses s on s.company_id = p.company_id and s.position = k
    where ${mine} and k <= cur.position and (s.key <> 'denied' or cur.key = 'denied')`,
    [companyIds],
  );
  await pool.query('alter table projects enable trigger projects_status_history');
  await pool.query(
    `insert into inspection_sessions (id, company_id, project_id, inspector_id, created_by, status, created_at, updated_at)
    select gen_random_uuid(), p.company_id, p.id, p.assignee_id, p.assignee_id, 'completed', p.created_at + interval '1 day', p.created_at + interval '1 day'
    from projects p where ${mine} and abs(hashtext(p.id::text)) % 5 <> 0`,
    [companyIds],
  );
  await pool.query(
    `insert into inspection_photos (id, company_id, session_id, project_id, file_path, file_name, file_size, mime_type, sha256, category, received_at, uploaded_by)
    select gen_random_uuid(), s.company_id, s.id, s.project_id, 'bench/' || s.id || '/' || n || '.jpg', n || '.jpg', 250000, 'image/jpeg', md5(s.id::text || n), 'roof',
      s.created_at + make_interval(mins => n * 3), s.inspector_id
    from inspection_sessions s cross join generate_series(1, 4) n where s.company_id = any($1::uuid[])`,
    [companyIds],
  );
  await pool.query(
    `with files as (
      select p.id, p.company_id, p.rcv_cents, p.created_at, s.position, md5(p.id::text || 'supplement')::uuid as supplement_id, md5(p.id::text || 'twice')::uuid as twice_id
      from projects p join project_statuses s on s.id = p.status_id where ${mine} and s.position >= 4
    )
    insert into claim_ledger_entries (id, company_id, project_id, kind, figure, payment_type, amount_cents, label, on_date, related_id, note, created_at)
    select gen_random_uuid(), company_id, id, 'figure', 'rcv', null::text, rcv_cents + 10000, null::text, null::date, null::uuid, null::text, created_at + interval '10 days' from files
    union all select supplement_id, company_id, id, 'supplement_requested', null, null, 120000, 'Drip edge', null, null, null, created_at + interval '11 days' from files
    union all select gen_random_uuid(), company_id, id, 'supplement_approved', null, null, 90000, null, null, supplement_id, null, created_at + interval '15 days' from files where position >= 7
    union all select gen_random_uuid(), company_id, id, 'payment_received', null, 'acv_check', rcv_cents / 2, null, (created_at + interval '20 days')::date, null, null, created_at + interval '20 days' from files where position >= 8
    union all select twice_id, company_id, id, 'payment_received', null, 'other', 50000, null, (created_at + interval '21 days')::date, null, null, created_at + interval '21 days' from files where position >= 8 and abs(hashtext(id::text)) % 10 = 0
    union all select gen_random_uuid(), company_id, id, 'reversal', null, null, null, null, null, twice_id, 'Entered twice', created_at + interval '22 days' from files where position >= 8 and abs(hashtext(id::text)) % 10 = 0`,
    [companyIds],
  );
}

/** `count` bench companies with an owner and a member each and the default pipeline. */
export async function seedSmallCompanies(pool: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into companies (name, plan, trial_ends_at) select 'Bench Roofing ' || n, 'enterprise', null from generate_series(1, $1::int) n returning id`,
    [count],
  );
  const ids = rows.map((row) => row.id);
  await pool.query(
    `insert into "user" (id, name, email, first_name, last_name, email_verified)
    select c || '-' || r, 'Bench ' || r, c || '-' || r || '@example.com', 'Bench', r, true from unnest($1::uuid[]) c cross join unnest(array['owner', 'member']) r`,
    [ids],
  );
  await pool.query(
    `insert into members (company_id, user_id, role) select c, c || '-' || r, r from unnest($1::uuid[]) c cross join unnest(array['owner', 'member']) r`,
    [ids],
  );
  await pool.query(
    `insert into project_statuses (company_id, key, name, position, is_closed)
     select c, d.key, d.name, d.position - 1, d.is_closed from unnest($1::uuid[]) c
     cross join unnest($2::text[], $3::text[], $4::boolean[]) with ordinality as d(key, name, is_closed, position)`,
    [ids, DEFAULT_PIPELINE.map((s) => s.key), DEFAULT_PIPELINE.map((s) => s.name), DEFAULT_PIPELINE.map((s) => s.isClosed)],
  );
  return ids;
}
