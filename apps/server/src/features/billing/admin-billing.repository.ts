import { sql, type SQL } from 'drizzle-orm';
import type { BillingStatus } from '@ridgeline/shared/domain/billing';
import { planPriceCents } from '@ridgeline/shared/domain/billing';
import { PLAN_IDS } from '@ridgeline/shared/domain/plans';
import type { Db, DbTx } from '../../infra/db/client';
import { billingAudit } from '../../infra/db/schema/index';

// The platform admin's billing view across companies: one statement for a page of companies (each
// with its active files, failed payments, credit balance and owner) and one for the totals of every
// company the filter matches.

export type AdminBillingFilter = { q?: string | undefined; status?: BillingStatus | undefined };

export type AdminBillingRow = {
  id: string;
  name: string;
  plan: string;
  billingStatus: string;
  trialEndsAt: Date | null;
  graceEndsAt: Date | null;
  createdAt: Date;
  activeFiles: number;
  failedPayments: number;
  creditBalance: number;
  owner: { userId: string; name: string; email: string } | null;
};

export type AdminBillingTotals = { mrrCents: number; paying: number; trialing: number; readOnly: number; failedPayments: number; credits: number };

type SqlRow = {
  id: string;
  name: string;
  plan: string;
  billing_status: string;
  trial_ends_at: string | Date | null;
  grace_ends_at: string | Date | null;
  created_at: string | Date;
  active_files: string | number;
  failed_payments: string | number;
  credit_balance: string | number;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
};

type SqlTotals = {
  total: string | number;
  mrr_cents: string | number;
  paying: string | number;
  trialing: string | number;
  read_only: string | number;
  failed_payments: string | number;
  credits: string | number;
};

/** `%term%` with LIKE's wildcards escaped, so a search for "50%" means those characters. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/**
 * The companies with the facts the admin reads. Active files are the claim files neither closed nor
 * archived (is_active); failed payments are the invoices whose payment failed; the balance is the sum
 * of the ledger; the owner is the earliest owner member. A search matches the company's name or any
 * owner's e-mail address.
 */
function companiesWith(where: SQL): SQL {
  return sql`
    select c.id, c.name, c.plan, c.billing_status, c.trial_ends_at, c.grace_ends_at, c.created_at,
      (select count(*) from projects p where p.company_id = c.id and p.is_active) as active_files,
      (select count(*) from invoices i where i.company_id = c.id and i.status = 'failed') as failed_payments,
      (select coalesce(sum(e.credits), 0) from credit_entries e where e.company_id = c.id) as credit_balance,
      o.user_id as owner_id, o.name as owner_name, o.email as owner_email
    from companies c
    left join lateral (
      select u.id as user_id, u.name, u.email
      from members m join "user" u on u.id = m.user_id
      where m.company_id = c.id and m.role = 'owner'
      order by m.created_at, m.id
      limit 1
    ) o on true
    where ${where}`;
}

function filterSql(filter: AdminBillingFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.status) conditions.push(sql`c.billing_status = ${filter.status}`);
  if (filter.q) {
    const term = likeTerm(filter.q);
    conditions.push(sql`(c.name ilike ${term} or exists (
      select 1 from members om join "user" ou on ou.id = om.user_id
      where om.company_id = c.id and om.role = 'owner' and ou.email ilike ${term}))`);
  }
  return sql.join(conditions, sql` and `);
}

function present(row: SqlRow): AdminBillingRow {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    billingStatus: row.billing_status,
    trialEndsAt: toDate(row.trial_ends_at),
    graceEndsAt: toDate(row.grace_ends_at),
    createdAt: new Date(row.created_at),
    activeFiles: Number(row.active_files),
    failedPayments: Number(row.failed_payments),
    creditBalance: Number(row.credit_balance),
    owner: row.owner_id ? { userId: row.owner_id, name: row.owner_name ?? '', email: row.owner_email ?? '' } : null,
  };
}

/** A page of the companies the filter matches, newest first. */
export async function listAdminBillingCompanies(db: Db | DbTx, filter: AdminBillingFilter, page: number, pageSize: number): Promise<AdminBillingRow[]> {
  const result = await db.execute<SqlRow>(
    sql`${companiesWith(filterSql(filter))} order by c.created_at desc, c.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return result.rows.map(present);
}

/** One company as the admin list shows it, or null. */
export async function findAdminBillingCompany(db: Db | DbTx, companyId: string): Promise<AdminBillingRow | null> {
  const result = await db.execute<SqlRow>(companiesWith(sql`c.id = ${companyId}`));
  const [row] = result.rows;
  return row ? present(row) : null;
}

/** A plan's monthly price in cents, as SQL over `c.plan` (from the one plan definition). */
function planPriceSql(): SQL {
  const cases = PLAN_IDS.map((id) => sql`when ${id} then ${planPriceCents(id)}`);
  return sql`(case c.plan ${sql.join(cases, sql` `)} else 0 end)`;
}

/**
 * Totals over every company the filter matches (not only the page). Read-only follows billingAccess:
 * a trial whose end has passed, a failed payment whose grace period is over, or a canceled
 * subscription. MRR counts the plan price of active and past-due companies that are not read-only;
 * paying counts those companies; trialing counts the trials still running.
 */
export async function adminBillingTotals(db: Db | DbTx, filter: AdminBillingFilter, now: Date): Promise<AdminBillingTotals & { total: number }> {
  const at = now.toISOString();
  const result = await db.execute<SqlTotals>(sql`
    with f as (
      select c.billing_status as status, ${planPriceSql()} as price,
        case
          when c.billing_status = 'trialing' then c.trial_ends_at is not null and c.trial_ends_at <= ${at}::timestamptz
          when c.billing_status = 'past_due' then c.grace_ends_at is null or c.grace_ends_at <= ${at}::timestamptz
          when c.billing_status = 'canceled' then true
          else false
        end as read_only,
        (select count(*) from invoices i where i.company_id = c.id and i.status = 'failed') as failed_payments,
        (select coalesce(sum(e.credits), 0) from credit_entries e where e.company_id = c.id) as credits
      from companies c
      where ${filterSql(filter)}
    )
    select count(*) as total,
      coalesce(sum(price) filter (where status in ('active', 'past_due') and not read_only), 0) as mrr_cents,
      count(*) filter (where status in ('active', 'past_due') and not read_only) as paying,
      count(*) filter (where status = 'trialing' and not read_only) as trialing,
      count(*) filter (where read_only) as read_only,
      coalesce(sum(failed_payments), 0) as failed_payments,
      coalesce(sum(credits), 0) as credits
    from f`);
  const [row] = result.rows;
  if (!row) throw new Error('totals not computed');
  return {
    total: Number(row.total),
    mrrCents: Number(row.mrr_cents),
    paying: Number(row.paying),
    trialing: Number(row.trialing),
    readOnly: Number(row.read_only),
    failedPayments: Number(row.failed_payments),
    credits: Number(row.credits),
  };
}

/** Records what a platform admin changed on a company's billing, with who and why. */
export async function insertBillingAudit(
  tx: DbTx,
  entry: { companyId: string; actorId: string; action: string; detail: string; reason: string },
): Promise<void> {
  await tx.insert(billingAudit).values(entry);
}
