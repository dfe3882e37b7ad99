import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { ServiceOrderStatus } from '@ridgeline/shared/domain/billing';
import type { ServiceType } from '@ridgeline/shared/domain/service-types';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, projectFiles, projects, serviceOrders, user } from '../../infra/db/schema/index';

// Service orders: every query on a company's orders filters by company_id; only the platform
// admin's queue (and its actions) reads across companies, by the order's id.

const orderColumns = {
  id: serviceOrders.id,
  companyId: serviceOrders.companyId,
  companyName: companies.name,
  projectId: serviceOrders.projectId,
  projectTitle: projects.title,
  serviceType: serviceOrders.serviceType,
  credits: serviceOrders.credits,
  status: serviceOrders.status,
  notes: serviceOrders.notes,
  orderedBy: serviceOrders.orderedBy,
  ordererFirstName: user.firstName,
  ordererLastName: user.lastName,
  ordererName: user.name,
  ordererEmail: user.email,
  deliveredFileId: serviceOrders.deliveredFileId,
  deliveredFileName: projectFiles.fileName,
  cancelReason: serviceOrders.cancelReason,
  createdAt: serviceOrders.createdAt,
  updatedAt: serviceOrders.updatedAt,
};

export type ServiceOrderRow = {
  id: string;
  companyId: string;
  companyName: string;
  projectId: string;
  projectTitle: string;
  serviceType: string;
  credits: number;
  status: string;
  notes: string;
  orderedBy: string | null;
  ordererFirstName: string | null;
  ordererLastName: string | null;
  ordererName: string | null;
  ordererEmail: string | null;
  deliveredFileId: string | null;
  deliveredFileName: string | null;
  cancelReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function selectOrders(db: Db | DbTx) {
  return db
    .select(orderColumns)
    .from(serviceOrders)
    .innerJoin(projects, eq(projects.id, serviceOrders.projectId))
    .innerJoin(companies, eq(companies.id, serviceOrders.companyId))
    .leftJoin(user, eq(user.id, serviceOrders.orderedBy))
    .leftJoin(projectFiles, eq(projectFiles.id, serviceOrders.deliveredFileId));
}

/** A project of the company with what ordering needs (its title, whether it is archived), or null. */
export async function findOrderProject(
  db: Db | DbTx,
  companyId: string,
  projectId: string,
): Promise<{ id: string; title: string; archivedAt: Date | null } | null> {
  const [row] = await db
    .select({ id: projects.id, title: projects.title, archivedAt: projects.archivedAt })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row ?? null;
}

/** The same, locked against deletion and archiving until the transaction ends. */
export async function lockOrderProject(tx: DbTx, companyId: string, projectId: string): Promise<{ id: string; title: string; archivedAt: Date | null } | null> {
  const [row] = await tx
    .select({ id: projects.id, title: projects.title, archivedAt: projects.archivedAt })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)))
    .for('share');
  return row ?? null;
}

export type NewServiceOrder = { companyId: string; projectId: string; serviceType: ServiceType; credits: number; notes: string; orderedBy: string };

export async function insertServiceOrder(tx: DbTx, order: NewServiceOrder): Promise<string> {
  const [row] = await tx
    .insert(serviceOrders)
    .values({ ...order, status: 'ordered' })
    .returning({ id: serviceOrders.id });
  if (!row) throw new Error('service order not inserted');
  return row.id;
}

/** A project's orders, newest first, only within the company. */
export async function listProjectServiceOrders(db: Db | DbTx, companyId: string, projectId: string): Promise<ServiceOrderRow[]> {
  return selectOrders(db)
    .where(and(eq(serviceOrders.companyId, companyId), eq(serviceOrders.projectId, projectId)))
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id));
}

/** One order with its names; within the company when one is given (null: the platform admin's look across companies). */
export async function findServiceOrder(db: Db | DbTx, companyId: string | null, id: string): Promise<ServiceOrderRow | null> {
  const where: SQL | undefined = companyId === null ? eq(serviceOrders.id, id) : and(eq(serviceOrders.companyId, companyId), eq(serviceOrders.id, id));
  const [row] = await selectOrders(db).where(where);
  return row ?? null;
}

export type LockedServiceOrder = typeof serviceOrders.$inferSelect & { projectTitle: string };

/**
 * One order locked until the transaction ends (within the company when one is given), so a cancel
 * and a start or a delivery of the same order run one after the other and only one of them applies.
 */
export async function lockServiceOrder(tx: DbTx, companyId: string | null, id: string): Promise<LockedServiceOrder | null> {
  const where: SQL | undefined = companyId === null ? eq(serviceOrders.id, id) : and(eq(serviceOrders.companyId, companyId), eq(serviceOrders.id, id));
  const [row] = await tx
    .select({ order: serviceOrders, projectTitle: projects.title })
    .from(serviceOrders)
    .innerJoin(projects, eq(projects.id, serviceOrders.projectId))
    .where(where)
    .for('update', { of: serviceOrders });
  return row ? { ...row.order, projectTitle: row.projectTitle } : null;
}

export type ServiceOrderPatch = { status: ServiceOrderStatus; cancelReason?: string; deliveredFileId?: string };

export async function updateServiceOrder(tx: DbTx, id: string, patch: ServiceOrderPatch): Promise<void> {
  await tx
    .update(serviceOrders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(serviceOrders.id, id));
}

/** Every company's orders for the platform admin's queue, oldest waiting first, by status when given. */
export async function listAllServiceOrders(db: Db | DbTx, status: ServiceOrderStatus | undefined, limit: number): Promise<ServiceOrderRow[]> {
  return selectOrders(db)
    .where(status === undefined ? undefined : eq(serviceOrders.status, status))
    .orderBy(serviceOrders.createdAt, serviceOrders.id)
    .limit(limit);
}
