import { ACTIVITY_KINDS, type ActivityKind } from '@ridgeline/shared/contracts/projects';
import { overdueToday } from '@ridgeline/shared/domain/tasks';
import type { Dashboard } from '@ridgeline/shared/contracts/dashboard';
import { effectivePlan, storedPlanId } from '@ridgeline/shared/domain/plans';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { presentTaskSummary } from '../../data/task-summary';
import { AppError } from '../../lib/app-error';
import {
  countByVisibleStatus,
  findPlanAndActiveCount,
  listOpenTasksOf,
  listRecentActivity,
  listRecentProjects,
  type ActivityRow,
} from './dashboard.repository';
import { dashboardTasksOf } from './dashboard.policy';

export type DashboardServiceDeps = { db: Db; now?: () => Date };

/** How many of each list the dashboard shows. */
export const DASHBOARD_LIMITS = { myTasks: 10, recentProjects: 5, recentActivity: 10 } as const;

const person = (id: string | null, names: { firstName: string | null; lastName: string | null; name: string | null; email: string | null }) =>
  id ? { id, name: displayName(names) } : null;

/** A stored kind the timeline does not know reads as a note. */
const knownKind = (kind: string): ActivityKind => ACTIVITY_KINDS.find((known) => known === kind) ?? 'note';

function presentActivity(row: ActivityRow): Dashboard['recentActivity'][number] {
  return {
    id: row.id,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    kind: knownKind(row.kind),
    actor: person(row.actorId, { firstName: row.actorFirstName, lastName: row.actorLastName, name: row.actorName, email: row.actorEmail }),
    field: row.field,
    oldValue: row.oldValue,
    newValue: row.newValue,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company's claim files at a glance for the signed-in user: every member sees their company's dashboard. */
export function createDashboardService({ db, now = () => new Date() }: DashboardServiceDeps) {
  async function forUser(actor: Actor, tenant: Tenant): Promise<Dashboard> {
    const at = now();
    const today = overdueToday(at);
    // Five independent indexed reads, side by side on the pool.
    const [company, byStatus, taskRows, recentProjects, activityRows] = await Promise.all([
      findPlanAndActiveCount(db, tenant.companyId),
      countByVisibleStatus(db, tenant.companyId),
      listOpenTasksOf(db, tenant.companyId, dashboardTasksOf(actor), today, DASHBOARD_LIMITS.myTasks),
      listRecentProjects(db, tenant.companyId, DASHBOARD_LIMITS.recentProjects),
      listRecentActivity(db, tenant.companyId, DASHBOARD_LIMITS.recentActivity),
    ]);
    if (!company) throw AppError.notFound('Company not found');
    const { plan, trialing } = effectivePlan({ plan: storedPlanId(company.plan), status: company.status, trialEndsAt: company.trialEndsAt }, at);
    return {
      activeFiles: { active: company.active, limit: plan.activeFiles, plan: plan.id, planName: plan.name, trialing },
      byStatus,
      myTasks: taskRows.map((row) => presentTaskSummary(row, today)),
      overdueCount: taskRows[0]?.overdueCount ?? 0,
      recentProjects,
      recentActivity: activityRows.map(presentActivity),
    };
  }

  return { forUser };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
