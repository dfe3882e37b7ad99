import { sql, type SQL } from 'drizzle-orm';
import { APPROVED_STATUS_KEYS, DENIED_STATUS_KEYS, FILED_STATUS_KEY, INSPECTED_STATUS_KEY } from '@ridgeline/shared/domain/analytics';
import type { Db, DbTx } from '../../infra/db/client';

// The analytics reads: every figure is one SQL statement over one company (company_id first in each
// index they use: projects_company_created_idx, project_status_history_project_idx,
// claim_ledger_entries_project_idx, inspection_sessions_company_created_idx,
// inspection_photos_company_idx). Claim-file figures count the claim files opened in the range;
// activity figures (inspections, photos, money received) count what happened in the range. Days are
// UTC calendar days; a range's `to` day is included. Every statement stays linear in the company's
// size: what a figure needs per claim file (its first entries, session, payment, latest RCV) is summed
// up once for the whole scope and joined by project id, never a subquery per claim file or per status
// (the plans are checked in analytics.test.ts, the times at 5,000 claim files in bench:analytics).

/** The filters as the service resolved them: the range filled in, a member's own id forced. */
export type AnalyticsFilter = {
  companyId: string;
  from: string;
  to: string;
  memberId: string | null;
  carrierId: string | null;
  lossType: string | null;
};

const keyList = (keys: readonly string[]): SQL =>
  sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );

// A day starts at midnight UTC, whatever the database session's time zone.
const startOf = (f: AnalyticsFilter) => sql`(${f.from}::date::timestamp at time zone 'UTC')`;
const endOf = (f: AnalyticsFilter) => sql`((${f.to}::date + 1)::timestamp at time zone 'UTC')`;

/**
 * The claim files a view counts: opened in the range, assigned to the member, of the carrier and loss
 * type. Not materialized: each use is planned as an indexed read of the company's claim files, so the
 * planner never scans a stored copy of the scope again for every row of another part.
 */
function scopeCte(f: AnalyticsFilter): SQL {
  return sql`scope as not materialized (
    select p.id, p.carrier_id, p.carrier_name, p.loss_type, p.status_id, p.rcv_cents
    from projects p
    where p.company_id = ${f.companyId}
      and p.created_at >= ${startOf(f)} and p.created_at < ${endOf(f)}
      and (${f.memberId}::text is null or p.assignee_id = ${f.memberId})
      and (${f.carrierId}::uuid is null or p.carrier_id = ${f.carrierId})
      and (${f.lossType}::text is null or p.loss_type = ${f.lossType})
  )`;
}

/**
 * A ledger entry that counts: not a reversal, and not reversed by one. `projectIds` is a set of claim
 * files read once (a semi-join on the ledger's project index), never a lookup per claim file; the
 * company's reversed entries are read once too, into a hash the entries are checked against.
 */
function liveLedgerCte(f: AnalyticsFilter, projectIds: SQL): SQL {
  return sql`live as (
    select e.* from claim_ledger_entries e
    where e.company_id = ${f.companyId} and e.project_id in (${projectIds}) and e.kind <> 'reversal'
      and e.id not in (select r.related_id from claim_ledger_entries r where r.company_id = ${f.companyId} and r.kind = 'reversal' and r.related_id is not null)
  )`;
}

export type ApprovalSqlRow = { key: string; label: string | null; approved: string; denied: string };

/**
 * Each claim file in scope that has a history, with the first time it entered the statuses that mark
 * a step: the history read once through the scope (a hash join on the project id), summed up by
 * claim file, for the figures that ask what happened to a claim file. The company's statuses of each
 * step are read once (an array each) rather than joined to every stay.
 */
function firstEntriesCte(f: AnalyticsFilter): SQL {
  const first = (keys: readonly string[]) =>
    sql`min(h.entered_at) filter (where h.status_id = any(array(select s.id from project_statuses s where s.company_id = ${f.companyId} and s.key in (${keyList(keys)}))))`;
  return sql`first_entries as (
    select sc.id as project_id, sc.carrier_id, sc.carrier_name, sc.loss_type,
      ${first([INSPECTED_STATUS_KEY])} as inspected_at,
      ${first([FILED_STATUS_KEY])} as filed_at,
      ${first(APPROVED_STATUS_KEYS)} as approved_at,
      ${first(DENIED_STATUS_KEYS)} as denied_at
    from scope sc
    join project_status_history h on h.company_id = ${f.companyId} and h.project_id = sc.id
    group by sc.id, sc.carrier_id, sc.carrier_name, sc.loss_type
  )`;
}

/**
 * Approved and denied claim files by carrier and by loss type, in one statement over the decided
 * claim files. A claim file that ever entered an approved status counts as approved; one that entered
 * a denied status and never an approved one as denied; the rest are undecided and left out.
 */
export async function approvalRows(db: Db | DbTx, f: AnalyticsFilter): Promise<{ byCarrier: ApprovalSqlRow[]; byLossType: ApprovalSqlRow[] }> {
  const counts = sql`count(*) filter (where d.approved) as approved, count(*) filter (where not d.approved) as denied`;
  const result = await db.execute<ApprovalSqlRow & { dimension: 'carrier' | 'loss_type' }>(sql`with ${scopeCte(f)}, ${firstEntriesCte(f)},
    decided as materialized (
      select e.carrier_id, e.carrier_name, e.loss_type, e.approved_at is not null as approved
      from first_entries e
      where e.approved_at is not null or e.denied_at is not null
    ),
    by_carrier as (
      select coalesce(d.carrier_id::text, 'name:' || lower(d.carrier_name), 'none') as key, d.carrier_id, min(d.carrier_name) as carrier_name, ${counts}
      from decided d group by 1, 2
    )
    select 'carrier' as dimension, b.key, coalesce(c.name, b.carrier_name) as label, b.approved, b.denied
    from by_carrier b left join carriers c on c.id = b.carrier_id and c.company_id = ${f.companyId}
    union all
    select 'loss_type', d.loss_type, null, ${counts} from decided d group by d.loss_type
    order by 1, 3 nulls last, 2`);
  const of = (dimension: 'carrier' | 'loss_type') =>
    result.rows.filter((row) => row.dimension === dimension).map(({ key, label, approved, denied }) => ({ key, label, approved, denied }));
  return { byCarrier: of('carrier'), byLossType: of('loss_type') };
}

export type SupplementSqlRow = { requested: string; requested_cents: string; approved: string; approved_cents: string; denied: string };

/** Supplements on the ledgers of the claim files in scope: requested, approved and denied (live entries only). */
export async function supplementTotals(db: Db | DbTx, f: AnalyticsFilter): Promise<SupplementSqlRow> {
  const result = await db.execute<SupplementSqlRow>(sql`with ${scopeCte(f)}, ${liveLedgerCte(f, sql`select id from scope`)}
    select count(*) filter (where kind = 'supplement_requested') as requested,
      coalesce(sum(amount_cents) filter (where kind = 'supplement_requested'), 0) as requested_cents,
      count(*) filter (where kind = 'supplement_approved') as approved,
      coalesce(sum(amount_cents) filter (where kind = 'supplement_approved'), 0) as approved_cents,
      count(*) filter (where kind = 'supplement_denied') as denied
    from live`);
  const [row] = result.rows;
  return row ?? { requested: '0', requested_cents: '0', approved: '0', approved_cents: '0', denied: '0' };
}

export type CycleSqlRow = {
  filed: string;
  filed_median: string | null;
  filed_p90: string | null;
  approved: string;
  approved_median: string | null;
  approved_p90: string | null;
  paid: string;
  paid_median: string | null;
  paid_p90: string | null;
};

/**
 * Days from the inspection to the claim filed, to approval and to the first payment received, median
 * and 90th percentile (continuous). The inspection is the claim file's first field session, else its
 * first entry into the inspected status; a claim file missing either end, or whose later step came
 * first, is left out of that figure.
 */
export async function cycleTimes(db: Db | DbTx, f: AnalyticsFilter): Promise<CycleSqlRow> {
  const days = (to: string) => sql.raw(`extract(epoch from (${to} - inspected_at)) / 86400.0`);
  const figure = (name: string, to: string) => {
    const where = sql.raw(`where ${to} is not null and inspected_at is not null and ${to} >= inspected_at`);
    return sql`count(*) filter (${where}) as ${sql.raw(name)},
      round((percentile_cont(0.5) within group (order by ${days(to)}) filter (${where}))::numeric, 1) as ${sql.raw(`${name}_median`)},
      round((percentile_cont(0.9) within group (order by ${days(to)}) filter (${where}))::numeric, 1) as ${sql.raw(`${name}_p90`)}`;
  };
  // Each claim file's first entries, first session and first payment are summed up once for the whole
  // scope and joined by project id: a subquery per claim file against the scope's CTE grew with its square.
  const result = await db.execute<CycleSqlRow>(sql`with ${scopeCte(f)}, ${liveLedgerCte(f, sql`select id from scope`)}, ${firstEntriesCte(f)},
    first_session as (
      select i.project_id, min(i.created_at) as at from inspection_sessions i
      where i.company_id = ${f.companyId} and i.project_id in (select id from scope)
      group by i.project_id
    ),
    first_payment as (
      select l.project_id, min(coalesce(l.on_date::timestamp at time zone 'UTC', l.created_at)) as at from live l
      where l.kind = 'payment_received'
      group by l.project_id
    ),
    steps as (
      select coalesce(fs.at, e.inspected_at) as inspected_at, e.filed_at, e.approved_at, fp.at as paid_at
      from scope sc
      left join first_entries e on e.project_id = sc.id
      left join first_session fs on fs.project_id = sc.id
      left join first_payment fp on fp.project_id = sc.id
    )
    select ${figure('filed', 'filed_at')}, ${figure('approved', 'approved_at')}, ${figure('paid', 'paid_at')} from steps`);
  const [row] = result.rows;
  if (!row) throw new Error('An aggregate always returns a row');
  return row;
}

export type StatusValueSqlRow = { status_id: string; name: string; claim_files: string; rcv_cents: string };

/**
 * Claim files in scope and their RCV by current status, every shown status in pipeline order. A claim
 * file's RCV is its ledger's latest live RCV figure, else the claim file's own (the latest figures are
 * picked once for the whole scope and joined by project id). The claim files are counted by status
 * before the statuses are joined, so nothing is read again for each status.
 */
export async function pipelineByStatus(db: Db | DbTx, f: AnalyticsFilter): Promise<StatusValueSqlRow[]> {
  const result = await db.execute<StatusValueSqlRow>(sql`with ${scopeCte(f)}, ${liveLedgerCte(f, sql`select id from scope`)},
    latest_rcv as (
      select distinct on (l.project_id) l.project_id, l.amount_cents from live l
      where l.kind = 'figure' and l.figure = 'rcv'
      order by l.project_id, l.created_at desc, l.id desc
    ),
    by_status as (
      select sc.status_id, count(*) as claim_files, sum(coalesce(r.amount_cents, sc.rcv_cents, 0)) as rcv_cents
      from scope sc left join latest_rcv r on r.project_id = sc.id
      group by sc.status_id
    )
    select s.id as status_id, s.name, coalesce(v.claim_files, 0) as claim_files, coalesce(v.rcv_cents, 0) as rcv_cents
    from project_statuses s left join by_status v on v.status_id = s.id
    where s.company_id = ${f.companyId} and (not s.is_hidden or v.status_id is not null)
    order by s.position, s.id`);
  return result.rows;
}

export type StatusDaysSqlRow = { status_id: string; name: string; stays: string; average_days: string | null; median_days: string | null };

/**
 * Days the claim files in scope spent in each open status: every stay from entering to leaving (a stay
 * still going counts up to `now`), averaged and the median, in pipeline order. Closed statuses are the
 * end of the road and left out. The stays are summed up by status before the statuses are joined, so
 * the history is read in one pass, never once per status.
 */
export async function daysInStatus(db: Db | DbTx, f: AnalyticsFilter, now: Date): Promise<StatusDaysSqlRow[]> {
  const result = await db.execute<StatusDaysSqlRow>(sql`with ${scopeCte(f)},
    stays as (
      select h.status_id, extract(epoch from (coalesce(h.left_at, ${now.toISOString()}::timestamptz) - h.entered_at)) / 86400.0 as days
      from scope sc join project_status_history h on h.company_id = ${f.companyId} and h.project_id = sc.id
    ),
    by_status as (
      select st.status_id, count(*) as stays,
        round(avg(st.days)::numeric, 1) as average_days,
        round((percentile_cont(0.5) within group (order by st.days))::numeric, 1) as median_days
      from stays st group by st.status_id
    )
    select s.id as status_id, s.name, v.stays, v.average_days, v.median_days
    from project_statuses s join by_status v on v.status_id = s.id
    where s.company_id = ${f.companyId} and not s.is_closed
    order by s.position, s.id`);
  return result.rows;
}

export type WeeklySqlRow = {
  week: string;
  member_id: string | null;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  email: string | null;
  inspections: string;
  photos: string;
};

/**
 * Field sessions started and photos received per week (weeks start on Monday) and per member (the
 * session's inspector, else who started it; the photo's uploader), within the range. The carrier and
 * loss type filters read the session's own fields (a photo's through its session).
 */
export async function weeklyActivity(db: Db | DbTx, f: AnalyticsFilter): Promise<WeeklySqlRow[]> {
  const sessionMatches = (alias: string) =>
    sql`(${f.carrierId}::uuid is null or ${sql.raw(alias)}.carrier_id = ${f.carrierId}) and (${f.lossType}::text is null or ${sql.raw(alias)}.loss_type = ${f.lossType})`;
  const result = await db.execute<WeeklySqlRow>(sql`with
    inspections as (
      select date_trunc('week', i.created_at at time zone 'UTC')::date as week, coalesce(i.inspector_id, i.created_by) as member_id, count(*) as n
      from inspection_sessions i
      where i.company_id = ${f.companyId} and i.created_at >= ${startOf(f)} and i.created_at < ${endOf(f)}
        and (${f.memberId}::text is null or coalesce(i.inspector_id, i.created_by) = ${f.memberId}) and ${sessionMatches('i')}
      group by 1, 2
    ),
    photos as (
      select date_trunc('week', ph.received_at at time zone 'UTC')::date as week, ph.uploaded_by as member_id, count(*) as n
      from inspection_photos ph left join inspection_sessions i on i.id = ph.session_id and i.company_id = ph.company_id
      where ph.company_id = ${f.companyId} and ph.deleted_at is null and ph.received_at >= ${startOf(f)} and ph.received_at < ${endOf(f)}
        and (${f.memberId}::text is null or ph.uploaded_by = ${f.memberId})
        and ((${f.carrierId}::uuid is null and ${f.lossType}::text is null) or (i.id is not null and ${sessionMatches('i')}))
      group by 1, 2
    )
    select to_char(coalesce(a.week, b.week), 'YYYY-MM-DD') as week, coalesce(a.member_id, b.member_id) as member_id,
      u.first_name, u.last_name, u.name, u.email, coalesce(a.n, 0) as inspections, coalesce(b.n, 0) as photos
    from inspections a full join photos b on a.week = b.week and a.member_id is not distinct from b.member_id
    left join "user" u on u.id = coalesce(a.member_id, b.member_id)
    order by 1, u.first_name nulls last, u.last_name, 2`);
  return result.rows;
}

export type RevenueSqlRow = { month: string; received_cents: string; payments: string };

/**
 * Money received per month: the live payment_received entries dated in the range (the payment's
 * date, else the day it was recorded) on claim files of the member, carrier and loss type.
 */
export async function revenueByMonth(db: Db | DbTx, f: AnalyticsFilter): Promise<RevenueSqlRow[]> {
  const files = sql`select p.id from projects p where p.company_id = ${f.companyId}
    and (${f.memberId}::text is null or p.assignee_id = ${f.memberId})
    and (${f.carrierId}::uuid is null or p.carrier_id = ${f.carrierId})
    and (${f.lossType}::text is null or p.loss_type = ${f.lossType})`;
  const result = await db.execute<RevenueSqlRow>(sql`with ${liveLedgerCte(f, files)},
    received as (select coalesce(on_date, (created_at at time zone 'UTC')::date) as day, amount_cents from live where kind = 'payment_received')
    select to_char(date_trunc('month', day), 'YYYY-MM-DD') as month, coalesce(sum(amount_cents), 0) as received_cents, count(*) as payments
    from received where day >= ${f.from}::date and day <= ${f.to}::date
    group by 1 order by 1`);
  return result.rows;
}

export type PersonSqlRow = { id: string; first_name: string | null; last_name: string | null; name: string | null; email: string | null };

/** The company's members (the member filter's choices), or only `onlyUserId` when given. */
export async function listMembers(db: Db | DbTx, companyId: string, onlyUserId: string | null): Promise<PersonSqlRow[]> {
  const result = await db.execute<PersonSqlRow>(sql`select u.id, u.first_name, u.last_name, u.name, u.email
    from members m join "user" u on u.id = m.user_id
    where m.company_id = ${companyId} and (${onlyUserId}::text is null or u.id = ${onlyUserId})
    order by u.first_name, u.last_name, u.email`);
  return result.rows;
}

/** Whether the user is a member of the company (a member filter names one of its own). */
export async function isMemberOf(db: Db | DbTx, companyId: string, userId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from members where company_id = ${companyId} and user_id = ${userId}`);
  return result.rows.length > 0;
}

/** The company's carriers directory (the carrier filter's choices). */
export async function listCarriers(db: Db | DbTx, companyId: string): Promise<{ id: string; name: string }[]> {
  const result = await db.execute<{ id: string; name: string }>(sql`select id, name from carriers where company_id = ${companyId} order by lower(name), id`);
  return result.rows;
}
