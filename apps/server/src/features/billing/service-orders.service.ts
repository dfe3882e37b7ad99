import { randomUUID } from 'node:crypto';
import type { AdminServiceOrder, CreateServiceOrderInput, ServiceOrder } from '@ridgeline/shared/contracts/billing';
import { SERVICE_OFFERS, SERVICE_ORDER_STATUSES, type ServiceOrderStatus } from '@ridgeline/shared/domain/billing';
import { SERVICE_TYPES, serviceTypeName, type ServiceType } from '@ridgeline/shared/domain/service-types';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { insertNotification } from '../../data/notifications';
import { insertActivity } from '../../data/project-activity';
import { insertProjectFile } from '../../data/project-files';
import { checkProjectFile, projectFileObjectPath, PROJECT_FILES_BUCKET } from '../../infra/storage/project-files';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { assertCanOrderServices } from './billing.policy';
import { appendCreditEntry } from './credit-ledger.repository';
import {
  findOrderProject,
  findServiceOrder,
  insertServiceOrder,
  listAllServiceOrders,
  listProjectServiceOrders,
  lockOrderProject,
  lockServiceOrder,
  updateServiceOrder,
  type LockedServiceOrder,
  type ServiceOrderRow,
} from './service-orders.repository';

export type ServiceOrdersServiceDeps = { db: Db; storage: Storage; logger: Pick<Logger, 'warn'> };

/** The platform admin's queue shows at most this many orders at once. */
const ADMIN_QUEUE_LIMIT = 200;

const serviceTypeOf = (value: string): ServiceType => SERVICE_TYPES.find((type) => type.value === value)?.value ?? 'xact360';
const statusOf = (value: string): ServiceOrderStatus => SERVICE_ORDER_STATUSES.find((status) => status === value) ?? 'ordered';

function present(row: ServiceOrderRow): ServiceOrder {
  const hasOrderer = row.orderedBy !== null && row.ordererEmail !== null;
  return {
    id: row.id,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    serviceType: serviceTypeOf(row.serviceType),
    serviceName: serviceTypeName(row.serviceType),
    credits: row.credits,
    status: statusOf(row.status),
    notes: row.notes,
    orderedBy: hasOrderer
      ? displayName({ firstName: row.ordererFirstName, lastName: row.ordererLastName, name: row.ordererName, email: row.ordererEmail })
      : null,
    deliveredFile: row.deliveredFileId && row.deliveredFileName ? { id: row.deliveredFileId, fileName: row.deliveredFileName } : null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentAdmin(row: ServiceOrderRow): AdminServiceOrder {
  return { ...present(row), companyId: row.companyId, companyName: row.companyName };
}

/** "Xact360 for 12 Ridge Rd": how the ledger and the timeline name an order. */
const orderLabel = (order: { serviceType: string; projectTitle: string }) => `${serviceTypeName(order.serviceType)} for ${order.projectTitle}`;

const creditsText = (credits: number) => (credits === 1 ? '1 credit' : `${credits} credits`);

/**
 * Service orders on a company's projects (Xact360, Copy-Over, Supplement360, UGO Assisted), paid in
 * credits. Ordering spends the service's price from the balance and cancelling an order not yet
 * started refunds it, each in one transaction with the order's change and its timeline row; the
 * ledger refuses a spend the balance cannot cover, and then nothing is written. The office (platform
 * admins) starts the work, delivers the result as a file on the project, or cancels with a refund.
 */
export function createServiceOrdersService({ db, storage, logger }: ServiceOrdersServiceDeps) {
  async function presentOne(companyId: string | null, id: string): Promise<ServiceOrderRow> {
    const row = await findServiceOrder(db, companyId, id);
    if (!row) throw AppError.notFound('Service order not found');
    return row;
  }

  /** Any member of the company reads a project's orders, newest first; another company's project is not found. */
  async function list(tenant: Tenant, projectId: string): Promise<ServiceOrder[]> {
    if (!(await findOrderProject(db, tenant.companyId, projectId))) throw AppError.notFound('Claim file not found');
    return (await listProjectServiceOrders(db, tenant.companyId, projectId)).map(present);
  }

  /** Owners and managers order a service on an open project of their company, paying its credits at once. */
  async function create(actor: Actor, tenant: Tenant, projectId: string, input: CreateServiceOrderInput): Promise<ServiceOrder> {
    assertCanOrderServices(tenant);
    const credits = SERVICE_OFFERS[input.serviceType].credits;
    const id = await db.transaction(async (tx) => {
      const project = await lockOrderProject(tx, tenant.companyId, projectId);
      if (!project) throw AppError.notFound('Claim file not found');
      if (project.archivedAt !== null) throw AppError.conflict('This claim file is archived. Restore it before ordering a service.');
      const orderId = await insertServiceOrder(tx, {
        companyId: tenant.companyId,
        projectId,
        serviceType: input.serviceType,
        credits,
        notes: input.notes,
        orderedBy: actor.userId,
      });
      const label = orderLabel({ serviceType: input.serviceType, projectTitle: project.title });
      await appendCreditEntry(tx, {
        companyId: tenant.companyId,
        kind: 'spend',
        credits: -credits,
        reason: label,
        actorId: actor.userId,
        serviceOrderId: orderId,
      });
      await insertActivity(tx, {
        companyId: tenant.companyId,
        projectId,
        actorId: actor.userId,
        kind: 'service_ordered',
        body: `${serviceTypeName(input.serviceType)} (${creditsText(credits)})`,
      });
      return orderId;
    });
    return present(await presentOne(tenant.companyId, id));
  }

  /**
   * Cancels an order that is still waiting (ordered, or in progress for the office) with the reason,
   * refunding its credits and writing the timeline row, in the caller's transaction.
   */
  async function cancelLocked(tx: DbTx, actor: Actor, order: LockedServiceOrder, reason: string): Promise<void> {
    await updateServiceOrder(tx, order.id, { status: 'cancelled', cancelReason: reason });
    const label = orderLabel(order);
    await appendCreditEntry(tx, {
      companyId: order.companyId,
      kind: 'refund',
      credits: order.credits,
      reason: `Refund: ${label} canceled`,
      actorId: actor.userId,
      serviceOrderId: order.id,
    });
    await insertActivity(tx, {
      companyId: order.companyId,
      projectId: order.projectId,
      actorId: actor.userId,
      kind: 'service_cancelled',
      body: `${serviceTypeName(order.serviceType)} (${creditsText(order.credits)} refunded): ${reason}`,
    });
  }

  /** Owners and managers cancel their company's order while it is only ordered; once the work has started it stays. */
  async function cancel(actor: Actor, tenant: Tenant, orderId: string, reason: string): Promise<ServiceOrder> {
    assertCanOrderServices(tenant);
    await db.transaction(async (tx) => {
      const order = await lockServiceOrder(tx, tenant.companyId, orderId);
      if (!order) throw AppError.notFound('Service order not found');
      if (order.status !== 'ordered')
        throw new AppError('SERVICE_ORDER_CLOSED', 'The work on this order has started or ended, so it can no longer be canceled.');
      await cancelLocked(tx, actor, order, reason);
    });
    return present(await presentOne(tenant.companyId, orderId));
  }

  /** The platform admin's queue across companies, by status when given. */
  async function adminList(status: ServiceOrderStatus | undefined): Promise<AdminServiceOrder[]> {
    return (await listAllServiceOrders(db, status, ADMIN_QUEUE_LIMIT)).map(presentAdmin);
  }

  /** The office starts the work on an order; only an order still waiting can start. */
  async function adminStart(orderId: string): Promise<AdminServiceOrder> {
    await db.transaction(async (tx) => {
      const order = await lockServiceOrder(tx, null, orderId);
      if (!order) throw AppError.notFound('Service order not found');
      if (order.status !== 'ordered') throw new AppError('SERVICE_ORDER_CLOSED', 'Only an order waiting to start can be started.');
      await updateServiceOrder(tx, order.id, { status: 'in_progress' });
    });
    return presentAdmin(await presentOne(null, orderId));
  }

  /** The office cancels an order not yet delivered (ordered or in progress), refunding its credits. */
  async function adminCancel(actor: Actor, orderId: string, reason: string): Promise<AdminServiceOrder> {
    await db.transaction(async (tx) => {
      const order = await lockServiceOrder(tx, null, orderId);
      if (!order) throw AppError.notFound('Service order not found');
      if (order.status !== 'ordered' && order.status !== 'in_progress')
        throw new AppError('SERVICE_ORDER_CLOSED', 'A delivered or canceled order can no longer be canceled.');
      await cancelLocked(tx, actor, order, reason);
    });
    return presentAdmin(await presentOne(null, orderId));
  }

  /**
   * The company an order's delivery goes to, read before its file is: the file spends that company's
   * upload quotas and storage. An unknown order is 404 and a closed one 409, with nothing read.
   */
  async function deliveryCompany(orderId: string): Promise<string> {
    const order = await presentOne(null, orderId);
    if (order.status !== 'ordered' && order.status !== 'in_progress')
      throw new AppError('SERVICE_ORDER_CLOSED', 'This order is already delivered or canceled.');
    return order.companyId;
  }

  /**
   * The office delivers an order (ordered or in progress): the file goes through the project files'
   * checks into their bucket, then, in one transaction, the file's row on the order's project, the
   * order delivered with it, the timeline row and the orderer's inbox notification. A second delivery
   * is refused (409) and its object removed again.
   */
  async function adminDeliver(actor: Actor, orderId: string, name: string, body: Buffer): Promise<AdminServiceOrder> {
    const before = await presentOne(null, orderId);
    if (before.status !== 'ordered' && before.status !== 'in_progress')
      throw new AppError('SERVICE_ORDER_CLOSED', 'This order is already delivered or canceled.');
    const { fileName, ext, mimeType } = await checkProjectFile(name, body);
    const fileId = randomUUID();
    const objectPath = projectFileObjectPath(before.projectId, fileId, ext);
    await storage.put(PROJECT_FILES_BUCKET, objectPath, body, { contentType: mimeType });
    try {
      await db.transaction(async (tx) => {
        const order = await lockServiceOrder(tx, null, orderId);
        if (!order) throw AppError.notFound('Service order not found');
        if (order.status !== 'ordered' && order.status !== 'in_progress')
          throw new AppError('SERVICE_ORDER_CLOSED', 'This order is already delivered or canceled.');
        await insertProjectFile(tx, {
          id: fileId,
          companyId: order.companyId,
          projectId: order.projectId,
          objectPath,
          fileName,
          mimeType,
          fileSize: body.length,
          uploadedBy: actor.userId,
        });
        await updateServiceOrder(tx, order.id, { status: 'delivered', deliveredFileId: fileId });
        await insertActivity(tx, {
          companyId: order.companyId,
          projectId: order.projectId,
          actorId: actor.userId,
          kind: 'service_delivered',
          body: `${serviceTypeName(order.serviceType)}: ${fileName}`,
        });
        if (order.orderedBy) {
          await insertNotification(tx, {
            companyId: order.companyId,
            profileId: order.orderedBy,
            kind: 'document_ready',
            title: `${serviceTypeName(order.serviceType)} delivered for ${order.projectTitle}`,
            body: fileName,
            link: `/projects/${order.projectId}?tab=services`,
          });
        }
      });
    } catch (error) {
      await storage.remove(PROJECT_FILES_BUCKET, objectPath).catch((removeError: unknown) => {
        logger.warn({ err: String(removeError), objectPath }, 'could not remove the object of a failed service order delivery');
      });
      throw error;
    }
    return presentAdmin(await presentOne(null, orderId));
  }

  return { list, create, cancel, adminList, adminStart, adminCancel, deliveryCompany, adminDeliver };
}

export type ServiceOrdersService = ReturnType<typeof createServiceOrdersService>;
