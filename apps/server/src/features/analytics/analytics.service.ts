import type { Analytics, AnalyticsQuery, ApprovalRow, CycleTimeRow } from '@ridgeline/shared/contracts/analytics';
import { analyticsRange, analyticsRangeProblem, approvalPercent } from '@ridgeline/shared/domain/analytics';
import { LOSS_TYPE_VALUES, lossTypeLabel, type LossType } from '@ridgeline/shared/domain/loss-types';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { withStatementTimeout } from '../../infra/db/statement-timeout';
import { AppError } from '../../lib/app-error';
import {
  approvalRows,
  cycleTimes,
  daysInStatus,
  isMemberOf,
  listCarriers,
  listMembers,
  pipelineByStatus,
  revenueByMonth,
  supplementTotals,
  weeklyActivity,
  type AnalyticsFilter,
  type ApprovalSqlRow,
  type CycleSqlRow,
} from './analytics.repository';
import { analyticsScope, memberFilterFor } from './analytics.policy';

/** `readTimeoutMs`: each statement of a view is stopped after it (DATABASE_READ_TIMEOUT_MS). */
export type AnalyticsServiceDeps = { db: Db; readTimeoutMs: number; now?: () => Date };

const int = (value: string | number | null | undefined): number => Number(value ?? 0);
const decimal = (value: string | null): number | null => (value === null ? null : Number(value));

const isLossType = (value: string): value is LossType => (LOSS_TYPE_VALUES as readonly string[]).includes(value);

function presentApproval(row: ApprovalSqlRow, label: string): ApprovalRow {
  const approved = int(row.approved);
  const denied = int(row.denied);
  return { key: row.key, label, approved, denied, percent: approvalPercent(approved, denied) };
}

function presentCycles(row: CycleSqlRow): CycleTimeRow[] {
  return [
    { key: 'filed', label: 'Inspection to claim filed', claimFiles: int(row.filed), medianDays: decimal(row.filed_median), p90Days: decimal(row.filed_p90) },
    {
      key: 'approved',
      label: 'Inspection to approval',
      claimFiles: int(row.approved),
      medianDays: decimal(row.approved_median),
      p90Days: decimal(row.approved_p90),
    },
    { key: 'paid', label: 'Inspection to first payment', claimFiles: int(row.paid), medianDays: decimal(row.paid_median), p90Days: decimal(row.paid_p90) },
  ];
}

/**
 * The office's analytics: one view of the company (owners and managers) or of the member's own work,
 * for a range, a member, a carrier and a loss type. Every figure is computed in SQL by the repository,
 * every statement of a view in one read-only transaction with a statement timeout, one view per user
 * and two per company at a time (statement-timeout.ts).
 */
export function createAnalyticsService({ db, readTimeoutMs, now = () => new Date() }: AnalyticsServiceDeps) {
  async function view(actor: Actor, tenant: Tenant, query: AnalyticsQuery): Promise<Analytics> {
    const { companyId } = tenant;
    const scope = analyticsScope(tenant);
    const memberId = memberFilterFor(actor, tenant, query.memberId);
    const at = now();
    const range = analyticsRange(query, at.toISOString().slice(0, 10));
    // The request checked the ends it named; `from` alone runs to today and is held to the same limit here.
    const problem = analyticsRangeProblem(range);
    if (problem) throw AppError.badRequest(`from: ${problem}`);
    const f: AnalyticsFilter = { companyId, from: range.from, to: range.to, memberId, carrierId: query.carrierId ?? null, lossType: query.lossType ?? null };
    return withStatementTimeout(db, { timeoutMs: readTimeoutMs, kind: 'analytics', userId: actor.userId, companyId }, async (tx) => {
      // A colleague of another company (or no one) is not found, and says nothing about who exists.
      if (memberId !== null && scope === 'company' && !(await isMemberOf(tx, companyId, memberId))) throw AppError.notFound('Member not found');
      return present(await figures(tx, f, at, scope === 'own' ? actor.userId : null), f, scope, query);
    });
  }

  return { view };
}

/** Every statement of a view, one after the other on the read's connection. */
async function figures(tx: DbTx, f: AnalyticsFilter, at: Date, onlyUserId: string | null) {
  return {
    approvals: await approvalRows(tx, f),
    supplements: await supplementTotals(tx, f),
    cycles: await cycleTimes(tx, f),
    pipeline: await pipelineByStatus(tx, f),
    stays: await daysInStatus(tx, f, at),
    weekly: await weeklyActivity(tx, f),
    revenue: await revenueByMonth(tx, f),
    members: await listMembers(tx, f.companyId, onlyUserId),
    carriers: await listCarriers(tx, f.companyId),
  };
}

/** The rows of a view shaped into the contract. */
function present(rows: Awaited<ReturnType<typeof figures>>, f: AnalyticsFilter, scope: Analytics['scope'], query: AnalyticsQuery): Analytics {
  const { approvals, supplements, cycles, pipeline, stays, weekly, revenue, members, carriers } = rows;
  return {
    filters: { from: f.from, to: f.to, memberId: f.memberId, carrierId: f.carrierId, lossType: query.lossType ?? null },
    scope,
    members: members.map((person) => ({
      id: person.id,
      name: displayName({ firstName: person.first_name, lastName: person.last_name, name: person.name, email: person.email }),
    })),
    carriers,
    approvalByCarrier: approvals.byCarrier.map((row) => presentApproval(row, row.label ?? 'No carrier')),
    approvalByLossType: approvals.byLossType.map((row) => presentApproval(row, isLossType(row.key) ? lossTypeLabel(row.key) : 'Other')),
    supplements: {
      requested: int(supplements.requested),
      requestedCents: int(supplements.requested_cents),
      approved: int(supplements.approved),
      approvedCents: int(supplements.approved_cents),
      denied: int(supplements.denied),
    },
    cycleTimes: presentCycles(cycles),
    pipelineByStatus: pipeline.map((row) => ({ statusId: row.status_id, name: row.name, claimFiles: int(row.claim_files), rcvCents: int(row.rcv_cents) })),
    daysInStatus: stays.map((row) => ({
      statusId: row.status_id,
      name: row.name,
      stays: int(row.stays),
      averageDays: decimal(row.average_days),
      medianDays: decimal(row.median_days),
    })),
    weeklyActivity: weekly.map((row) => ({
      week: row.week,
      memberId: row.member_id,
      memberName:
        row.member_id === null
          ? 'Former member'
          : displayName({ firstName: row.first_name, lastName: row.last_name, name: row.name, email: row.email }) || 'Former member',
      inspections: int(row.inspections),
      photos: int(row.photos),
    })),
    revenueByMonth: revenue.map((row) => ({ month: row.month, receivedCents: int(row.received_cents), payments: int(row.payments) })),
  };
}
