import type { z } from 'zod';
import type {
  Adjuster,
  Carrier,
  CarrierDetail,
  createAdjusterSchema,
  createCarrierSchema,
  directoryQuerySchema,
  updateAdjusterSchema,
  updateCarrierSchema,
} from '@ridgeline/shared/contracts/carriers';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { pick } from '../../lib/pick';
import { assertCanChangeEntry, assertCanDeleteEntry } from './carriers.policy';
import {
  deleteAdjuster,
  deleteCarrier,
  findAdjusterDetail,
  findCarrierDetail,
  insertAdjuster,
  insertCarrier,
  listAdjusters,
  listCarrierProjects,
  listCarriers,
  lockOwnCarrier,
  updateAdjuster,
  updateCarrier,
  type AdjusterRow,
  type CarrierRow,
} from './carriers.repository';

export type CarriersServiceDeps = { db: Db };

type DirectoryQuery = z.output<typeof directoryQuerySchema>;
type CreateCarrier = z.output<typeof createCarrierSchema>;
type UpdateCarrier = z.output<typeof updateCarrierSchema>;
type CreateAdjuster = z.output<typeof createAdjusterSchema>;
type UpdateAdjuster = z.output<typeof updateAdjusterSchema>;

/** A carrier's page lists its newest projects, up to this many. */
export const CARRIER_PAGE_PROJECTS = 100;

function presentCarrier(row: CarrierRow): Carrier {
  return pick(row, ['id', 'name', 'claimsPhone', 'claimsEmail', 'portalUrl', 'notes', 'projectCount', 'adjusterCount', 'createdBy']);
}

function presentAdjuster(row: AdjusterRow): Adjuster {
  return {
    ...pick(row, ['id', 'name', 'phone', 'email', 'notes', 'createdBy']),
    carrier: row.carrierId && row.carrierName !== null ? { id: row.carrierId, name: row.carrierName } : null,
  };
}

/**
 * The company's carrier directory: insurance carriers and the adjusters met. Everyone in the company
 * reads it and adds to it; who changes and deletes an entry is carriers.policy.ts's. Every id is
 * looked up within the actor's company first, so another company's ids are not found (404).
 */
export function createCarriersService({ db }: CarriersServiceDeps) {
  async function carrierOrNotFound(tenant: Tenant, id: string): Promise<Carrier> {
    const row = await findCarrierDetail(db, tenant.companyId, id);
    if (!row) throw AppError.notFound('Carrier not found');
    return presentCarrier(row);
  }

  async function adjusterOrNotFound(tenant: Tenant, id: string): Promise<Adjuster> {
    const row = await findAdjusterDetail(db, tenant.companyId, id);
    if (!row) throw AppError.notFound('Adjuster not found');
    return presentAdjuster(row);
  }

  /** An adjuster's carrier must be one of the company's own (400 otherwise: the form offers only those). */
  async function assertOwnCarrier(tx: DbTx, tenant: Tenant, carrierId: string | null | undefined): Promise<void> {
    if (!carrierId) return;
    if (!(await lockOwnCarrier(tx, tenant.companyId, carrierId))) throw AppError.badRequest('Choose a carrier from your directory.');
  }

  async function list(tenant: Tenant, query: DirectoryQuery): Promise<Carrier[]> {
    return (await listCarriers(db, tenant.companyId, query.q)).map(presentCarrier);
  }

  async function detail(tenant: Tenant, id: string): Promise<CarrierDetail> {
    const carrier = await carrierOrNotFound(tenant, id);
    const [adjusterRows, projects] = await Promise.all([
      listAdjusters(db, tenant.companyId, { carrierId: id }),
      listCarrierProjects(db, tenant.companyId, id, CARRIER_PAGE_PROJECTS),
    ]);
    return { carrier, adjusters: adjusterRows.map(presentAdjuster), projects };
  }

  /** Adds a carrier; a name already in the directory, in any case, is a 409 CARRIER_EXISTS. */
  async function create(actor: Actor, tenant: Tenant, input: CreateCarrier): Promise<Carrier> {
    const inserted = await insertCarrier(db, tenant.companyId, {
      createdBy: actor.userId,
      name: input.name,
      claimsPhone: input.claimsPhone ?? null,
      claimsEmail: input.claimsEmail ?? null,
      portalUrl: input.portalUrl ?? null,
      notes: input.notes ?? null,
    });
    if (!inserted) throw new AppError('CARRIER_EXISTS');
    return carrierOrNotFound(tenant, inserted.id);
  }

  async function update(actor: Actor, tenant: Tenant, id: string, patch: UpdateCarrier): Promise<Carrier> {
    assertCanChangeEntry(actor, tenant, await carrierOrNotFound(tenant, id), 'carrier');
    const outcome = await updateCarrier(db, tenant.companyId, id, patch);
    if (outcome === 'missing') throw AppError.notFound('Carrier not found');
    if (outcome === 'duplicate') throw new AppError('CARRIER_EXISTS');
    return carrierOrNotFound(tenant, id);
  }

  /** Removes a carrier; its projects and adjusters stay in the company, without a carrier. */
  async function remove(tenant: Tenant, id: string): Promise<void> {
    assertCanDeleteEntry(tenant, 'carrier');
    if (!(await deleteCarrier(db, tenant.companyId, id))) throw AppError.notFound('Carrier not found');
  }

  async function listAdjustersOf(tenant: Tenant, query: DirectoryQuery): Promise<Adjuster[]> {
    return (await listAdjusters(db, tenant.companyId, { q: query.q, carrierId: query.carrierId })).map(presentAdjuster);
  }

  async function createAdjuster(actor: Actor, tenant: Tenant, input: CreateAdjuster): Promise<Adjuster> {
    const inserted = await db.transaction(async (tx) => {
      await assertOwnCarrier(tx, tenant, input.carrierId);
      return insertAdjuster(tx, tenant.companyId, {
        createdBy: actor.userId,
        name: input.name,
        phone: input.phone ?? null,
        email: input.email ?? null,
        notes: input.notes ?? null,
        carrierId: input.carrierId ?? null,
      });
    });
    return adjusterOrNotFound(tenant, inserted.id);
  }

  async function updateAdjusterOf(actor: Actor, tenant: Tenant, id: string, patch: UpdateAdjuster): Promise<Adjuster> {
    // An unknown adjuster is a 404 before its carrier is checked: another company's id tells nothing.
    assertCanChangeEntry(actor, tenant, await adjusterOrNotFound(tenant, id), 'adjuster');
    await db.transaction(async (tx) => {
      await assertOwnCarrier(tx, tenant, patch.carrierId);
      if (!(await updateAdjuster(tx, tenant.companyId, id, patch))) throw AppError.notFound('Adjuster not found');
    });
    return adjusterOrNotFound(tenant, id);
  }

  /** Removes an adjuster; projects that named them stay, without an adjuster. */
  async function removeAdjuster(tenant: Tenant, id: string): Promise<void> {
    assertCanDeleteEntry(tenant, 'adjuster');
    if (!(await deleteAdjuster(db, tenant.companyId, id))) throw AppError.notFound('Adjuster not found');
  }

  return {
    list,
    detail,
    create,
    update,
    remove,
    listAdjusters: listAdjustersOf,
    createAdjuster,
    updateAdjuster: updateAdjusterOf,
    removeAdjuster,
  };
}

export type CarriersService = ReturnType<typeof createCarriersService>;
