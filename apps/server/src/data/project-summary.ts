import { and, eq, sql } from 'drizzle-orm';
import type { ProjectSummary } from '@ridgeline/shared/contracts/projects';
import { LOSS_TYPE_VALUES, type LossType } from '@ridgeline/shared/domain/loss-types';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Db, DbTx } from '../infra/db/client';
import { adjusters, carriers, projects, user } from '../infra/db/schema/index';

// A project as a row of a list or a card of the board: several features show one (the carrier's
// page, the dashboard), so its columns, joins and presentation are written once here. Callers add
// their own filter, which always starts with the company.

/** What names a project wherever it is shown: its title, the homeowner and the property's address. */
export const projectNameColumns = {
  id: projects.id,
  title: projects.title,
  homeownerName: projects.homeownerName,
  street: projects.street,
  city: projects.city,
  state: projects.state,
  zip: projects.zip,
};

/**
 * The claim file's carrier as documents and the assistant name it: the directory's carrier (joined by
 * the caller), else the name typed in the field that the claim file keeps.
 */
export const projectCarrierNameColumn = sql<string | null>`coalesce(${carriers.name}, ${projects.carrierName})`;

/**
 * The claim file's facts as documents and the assistant state them: its name, carrier, adjuster,
 * policy, claim and loss (the carrier and the adjuster, `adjusters`, joined by the caller).
 */
export const claimFileFactColumns = {
  ...projectNameColumns,
  carrierName: projectCarrierNameColumn,
  adjusterName: adjusters.name,
  policyNumber: projects.policyNumber,
  claimNumber: projects.claimNumber,
  dateOfLoss: projects.dateOfLoss,
  lossType: projects.lossType,
  lossDescription: projects.lossDescription,
};

/** The columns of a summary (the carrier and the assignee, the `user` table, joined by the caller). */
export const projectSummaryColumns = {
  ...projectNameColumns,
  claimNumber: projects.claimNumber,
  carrierId: projects.carrierId,
  carrierName: carriers.name,
  lossType: projects.lossType,
  dateOfLoss: projects.dateOfLoss,
  statusId: projects.statusId,
  assigneeId: projects.assigneeId,
  assigneeFirstName: user.firstName,
  assigneeLastName: user.lastName,
  assigneeName: user.name,
  assigneeEmail: user.email,
  isActive: projects.isActive,
  archivedAt: projects.archivedAt,
  rcvCents: projects.rcvCents,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

/**
 * The summary select with its carrier and assignee joined; chain `.where(...)` (filtered by
 * `projects.companyId`), `.orderBy(...)` and `.limit(...)`. The carrier is joined within the
 * project's own company only.
 */
export function selectProjectSummaries(db: Db | DbTx) {
  return db
    .select(projectSummaryColumns)
    .from(projects)
    .leftJoin(carriers, and(eq(carriers.id, projects.carrierId), eq(carriers.companyId, projects.companyId)))
    .leftJoin(user, eq(user.id, projects.assigneeId));
}

export type ProjectSummaryRow = Awaited<ReturnType<ReturnType<typeof selectProjectSummaries>['execute']>>[number];

/** A stored loss type the list does not know (never written by the service) reads as other. */
function knownLossType(value: string): LossType {
  return LOSS_TYPE_VALUES.find((known) => known === value) ?? 'other';
}

/** A summary row as the shared contract's ProjectSummary. */
export function presentProjectSummary(row: ProjectSummaryRow): ProjectSummary {
  return {
    id: row.id,
    title: row.title,
    homeownerName: row.homeownerName,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    claimNumber: row.claimNumber,
    carrier: row.carrierId && row.carrierName !== null ? { id: row.carrierId, name: row.carrierName } : null,
    lossType: knownLossType(row.lossType),
    dateOfLoss: row.dateOfLoss,
    statusId: row.statusId,
    assignee: row.assigneeId
      ? {
          id: row.assigneeId,
          name: displayName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName, name: row.assigneeName, email: row.assigneeEmail }),
        }
      : null,
    isActive: row.isActive,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    rcvCents: row.rcvCents,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A claim file's facts as a document prints them. */
export type ProjectFacts = {
  id: string;
  title: string;
  homeownerName: string;
  street: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  carrierName: string | null;
  adjusterName: string | null;
  policyNumber: string | null;
  claimNumber: string | null;
  dateOfLoss: string | null;
  lossType: LossType;
  lossDescription: string | null;
  updatedAt: Date;
};

export async function findProjectFacts(db: Db | DbTx, companyId: string, projectId: string): Promise<ProjectFacts | null> {
  const [row] = await db
    .select({
      ...claimFileFactColumns,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .leftJoin(carriers, eq(carriers.id, projects.carrierId))
    .leftJoin(adjusters, eq(adjusters.id, projects.adjusterId))
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row ?? null;
}
