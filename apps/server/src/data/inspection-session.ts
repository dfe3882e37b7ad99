import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LossType } from '@ridgeline/shared/domain/loss-types';
import type { Db, DbTx } from '../infra/db/client';
import { carriers, inspectionSessions, user } from '../infra/db/schema/index';

// An inspection session is written by the sessions feature and read or locked by the features that
// hang work on it (photos, measurements and estimates, the conversion into a claim file). Every
// statement filters by company_id: another company's session is never read or locked.

export type InspectionSessionRow = typeof inspectionSessions.$inferSelect;

/** What measurements, estimates and photos hang on: the session's id and its claim file. */
export type SessionRef = { id: string; projectId: string | null };

/** The company's session (its id and claim file), or null. */
export async function findSessionRef(db: Db | DbTx, companyId: string, id: string): Promise<SessionRef | null> {
  const [row] = await db
    .select({ id: inspectionSessions.id, projectId: inspectionSessions.projectId })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)));
  return row ?? null;
}

/**
 * The company's session, locked (FOR UPDATE) until the transaction ends, so two writes to it (two
 * devices' edits, two conversions into a claim file) run one after the other.
 */
export async function lockSession(tx: DbTx, companyId: string, id: string): Promise<InspectionSessionRow | null> {
  const [row] = await tx
    .select()
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)))
    .for('update');
  return row ?? null;
}

/** An inspection's facts as a document prints them (its carrier from the directory when linked, its inspector's name). */
export type SessionFacts = {
  id: string;
  projectId: string | null;
  street: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  homeownerName: string | null;
  carrierName: string | null;
  policyNumber: string | null;
  claimNumber: string | null;
  adjusterName: string | null;
  dateOfLoss: string | null;
  lossType: LossType | null;
  lossDescription: string | null;
  structures: unknown;
  inspectorName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const inspector = alias(user, 'inspector');

function selectSessions(db: Db | DbTx) {
  return db
    .select({
      id: inspectionSessions.id,
      projectId: inspectionSessions.projectId,
      street: inspectionSessions.street,
      city: inspectionSessions.city,
      state: inspectionSessions.state,
      zip: inspectionSessions.zip,
      homeownerName: inspectionSessions.homeownerName,
      carrierName: sql<string | null>`coalesce(${carriers.name}, ${inspectionSessions.carrierName})`,
      policyNumber: inspectionSessions.policyNumber,
      claimNumber: inspectionSessions.claimNumber,
      adjusterName: inspectionSessions.adjusterName,
      dateOfLoss: inspectionSessions.dateOfLoss,
      lossType: inspectionSessions.lossType,
      lossDescription: inspectionSessions.lossDescription,
      structures: inspectionSessions.structures,
      inspectorName: inspector.name,
      createdAt: inspectionSessions.createdAt,
      updatedAt: inspectionSessions.updatedAt,
    })
    .from(inspectionSessions)
    .leftJoin(carriers, eq(carriers.id, inspectionSessions.carrierId))
    .leftJoin(inspector, eq(inspector.id, inspectionSessions.inspectorId));
}

export async function findSessionFacts(db: Db | DbTx, companyId: string, sessionId: string): Promise<SessionFacts | null> {
  const [row] = await selectSessions(db).where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, sessionId)));
  return row ?? null;
}

/** The inspections converted into a claim file, oldest first. */
export async function listSessionsOfProject(db: Db | DbTx, companyId: string, projectId: string): Promise<SessionFacts[]> {
  return selectSessions(db)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.projectId, projectId)))
    .orderBy(asc(inspectionSessions.createdAt), asc(inspectionSessions.id));
}
