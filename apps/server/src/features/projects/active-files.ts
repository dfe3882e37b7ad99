import type { ActiveFiles } from '@ridgeline/shared/contracts/projects';
import { activeFileLimitMessage, effectivePlan, hasFreeActiveSlot, storedPlanId } from '@ridgeline/shared/domain/plans';
import type { DbTx } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { countActiveProjects, lockCompanyPlan } from './projects.repository';

// Billing by active files: a project is active until it is closed or archived, and the company's plan
// (a company in its trial, billing status trialing, counts as Professional) caps how many are active at once.

export type CompanyPlan = { plan: string; status: string; trialEndsAt: Date | null };

/** The plan the company's limits follow. */
export function planOf(company: CompanyPlan) {
  return effectivePlan({ plan: storedPlanId(company.plan), status: company.status, trialEndsAt: company.trialEndsAt });
}

/** "n of limit active files" with the plan it follows. */
export function activeFilesOf(company: CompanyPlan, active: number): ActiveFiles {
  const { plan, trialing } = planOf(company);
  return { active, limit: plan.activeFiles, plan: plan.id, planName: plan.name, trialing };
}

/**
 * Locks the company's row until the transaction ends. Every change that may take an active-file slot
 * starts here, so two requests racing for the last slot run one after the other and one of them loses.
 */
export async function lockCompany(tx: DbTx, companyId: string): Promise<CompanyPlan> {
  const company = await lockCompanyPlan(tx, companyId);
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  return company;
}

/**
 * Refuses (409 ACTIVE_FILE_LIMIT, naming the plan and its limit) when `adding` more active files do not
 * fit the plan. Call it after lockCompany, in the transaction that then writes.
 */
export async function assertRoomFor(tx: DbTx, companyId: string, company: CompanyPlan, adding = 1): Promise<void> {
  if (adding <= 0) return;
  const { plan } = planOf(company);
  const active = await countActiveProjects(tx, companyId);
  if (!hasFreeActiveSlot(active + adding - 1, plan.activeFiles)) throw new AppError('ACTIVE_FILE_LIMIT', activeFileLimitMessage(plan));
}
