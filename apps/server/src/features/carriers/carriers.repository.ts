import { and, asc, desc, eq, getTableName, ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbTx } from '../../infra/db/client';
import { presentProjectSummary, selectProjectSummaries } from '../../data/project-summary';
import { adjusters, carriers, projects } from '../../infra/db/schema/index';

// The carrier directory. Every statement filters by company_id: a carrier or adjuster id of another
// company is simply not found.

export type CarrierFields = { name: string; claimsPhone: string | null; claimsEmail: string | null; portalUrl: string | null; notes: string | null };
export type CarrierPatch = Partial<CarrierFields>;
export type AdjusterFields = { name: string; phone: string | null; email: string | null; notes: string | null; carrierId: string | null };
export type AdjusterPatch = Partial<AdjusterFields>;

/** `%term%` with LIKE's wildcards escaped, so a search for "50%" means those characters. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const CARRIER_NAME_UNIQUE = 'carriers_company_name_unique';

/** Whether the error is PostgreSQL's unique violation of the named index (drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint: violated } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505' && violated === constraint) return true;
  }
  return false;
}

/**
 * A column with its table's name. Drizzle leaves columns unqualified in a select from one table, which
 * inside a correlated subquery would name the subquery's own table instead of the outer one.
 */
const qualified = (table: PgTable, column: Column) => sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;

const carrierColumns = {
  id: carriers.id,
  name: carriers.name,
  claimsPhone: carriers.claimsPhone,
  claimsEmail: carriers.claimsEmail,
  portalUrl: carriers.portalUrl,
  notes: carriers.notes,
  createdBy: carriers.createdBy,
  projectCount: sql<number>`(select count(*)::int from ${projects} where ${qualified(projects, projects.companyId)} = ${qualified(carriers, carriers.companyId)} and ${qualified(projects, projects.carrierId)} = ${qualified(carriers, carriers.id)})`,
  adjusterCount: sql<number>`(select count(*)::int from ${adjusters} where ${qualified(adjusters, adjusters.companyId)} = ${qualified(carriers, carriers.companyId)} and ${qualified(adjusters, adjusters.carrierId)} = ${qualified(carriers, carriers.id)})`,
};

export type CarrierRow = { id: string; createdBy: string | null } & CarrierFields & { projectCount: number; adjusterCount: number };

function selectCarriers(db: Db | DbTx, where: SQL | undefined) {
  return db
    .select(carrierColumns)
    .from(carriers)
    .where(where)
    .orderBy(asc(sql`lower(${carriers.name})`), asc(carriers.id));
}

/** The company's carriers by name, with their project and adjuster counts; `q` matches the name in any case. */
export async function listCarriers(db: Db | DbTx, companyId: string, q: string | undefined): Promise<CarrierRow[]> {
  return selectCarriers(db, and(eq(carriers.companyId, companyId), q ? ilike(carriers.name, likeTerm(q)) : undefined));
}

/** One carrier of the company with its counts, as the directory shows it, or null. */
export async function findCarrierDetail(db: Db | DbTx, companyId: string, id: string): Promise<CarrierRow | null> {
  const [row] = await selectCarriers(db, and(eq(carriers.companyId, companyId), eq(carriers.id, id)));
  return row ?? null;
}

/**
 * Whether the carrier id belongs to the company. The row is held (key share) until the transaction
 * ends, so it cannot be deleted between this check and the write that points at it.
 */
export async function lockOwnCarrier(tx: DbTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: carriers.id })
    .from(carriers)
    .where(and(eq(carriers.companyId, companyId), eq(carriers.id, id)))
    .for('key share');
  return row !== undefined;
}

/** Adds a carrier; null when the company already has one of that name in any case (the unique index on lower(name)). */
export async function insertCarrier(db: Db | DbTx, companyId: string, fields: CarrierFields & { createdBy: string }): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(carriers)
    .values({ ...fields, companyId })
    .onConflictDoNothing()
    .returning({ id: carriers.id });
  return row ?? null;
}

/** Applies the patch within the company: 'missing' for an unknown id, 'duplicate' when the new name is taken. */
export async function updateCarrier(db: Db | DbTx, companyId: string, id: string, patch: CarrierPatch): Promise<'updated' | 'missing' | 'duplicate'> {
  try {
    const [row] = await db
      .update(carriers)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(carriers.companyId, companyId), eq(carriers.id, id)))
      .returning({ id: carriers.id });
    return row ? 'updated' : 'missing';
  } catch (error) {
    if (isUniqueViolation(error, CARRIER_NAME_UNIQUE)) return 'duplicate';
    throw error;
  }
}

/** Deletes a carrier of the company (its projects and adjusters stay, their carrier_id set null by the foreign key); false when not found. */
export async function deleteCarrier(db: Db | DbTx, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(carriers)
    .where(and(eq(carriers.companyId, companyId), eq(carriers.id, id)))
    .returning({ id: carriers.id });
  return rows.length > 0;
}

/** The carrier's newest projects, as list rows. */
export async function listCarrierProjects(db: Db | DbTx, companyId: string, carrierId: string, limit: number) {
  const rows = await selectProjectSummaries(db)
    .where(and(eq(projects.companyId, companyId), eq(projects.carrierId, carrierId)))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
  return rows.map(presentProjectSummary);
}

const adjusterColumns = {
  id: adjusters.id,
  name: adjusters.name,
  phone: adjusters.phone,
  email: adjusters.email,
  notes: adjusters.notes,
  createdBy: adjusters.createdBy,
  carrierId: carriers.id,
  carrierName: carriers.name,
};

export type AdjusterRow = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  notes: string | null;
  createdBy: string | null;
  carrierId: string | null;
  carrierName: string | null;
};

function selectAdjusters(db: Db | DbTx, where: SQL | undefined) {
  return db
    .select(adjusterColumns)
    .from(adjusters)
    .leftJoin(carriers, and(eq(carriers.id, adjusters.carrierId), eq(carriers.companyId, adjusters.companyId)))
    .where(where)
    .orderBy(asc(sql`lower(${adjusters.name})`), asc(adjusters.id));
}

/** The company's adjusters by name with their carrier; `q` matches name or e-mail in any case, `carrierId` keeps one carrier's. */
export async function listAdjusters(db: Db | DbTx, companyId: string, filter: { q?: string; carrierId?: string }): Promise<AdjusterRow[]> {
  const term = filter.q ? likeTerm(filter.q) : null;
  return selectAdjusters(
    db,
    and(
      eq(adjusters.companyId, companyId),
      term ? or(ilike(adjusters.name, term), ilike(adjusters.email, term)) : undefined,
      filter.carrierId ? eq(adjusters.carrierId, filter.carrierId) : undefined,
    ),
  );
}

/** One adjuster of the company with its carrier, as the directory shows it, or null. */
export async function findAdjusterDetail(db: Db | DbTx, companyId: string, id: string): Promise<AdjusterRow | null> {
  const [row] = await selectAdjusters(db, and(eq(adjusters.companyId, companyId), eq(adjusters.id, id)));
  return row ?? null;
}

export async function insertAdjuster(db: Db | DbTx, companyId: string, fields: AdjusterFields & { createdBy: string }): Promise<{ id: string }> {
  const [row] = await db
    .insert(adjusters)
    .values({ ...fields, companyId })
    .returning({ id: adjusters.id });
  if (!row) throw new Error('Adjuster insert returned nothing');
  return row;
}

/** Applies the patch within the company; false when not found. */
export async function updateAdjuster(db: Db | DbTx, companyId: string, id: string, patch: AdjusterPatch): Promise<boolean> {
  const rows = await db
    .update(adjusters)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(adjusters.companyId, companyId), eq(adjusters.id, id)))
    .returning({ id: adjusters.id });
  return rows.length > 0;
}

/** Deletes an adjuster of the company (projects keep existing, their adjuster_id set null by the foreign key); false when not found. */
export async function deleteAdjuster(db: Db | DbTx, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(adjusters)
    .where(and(eq(adjusters.companyId, companyId), eq(adjusters.id, id)))
    .returning({ id: adjusters.id });
  return rows.length > 0;
}
