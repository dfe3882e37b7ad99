import { and, asc, eq, sql } from 'drizzle-orm';
import type { LedgerEntryKind, LedgerFigure, LedgerPaymentType } from '@ridgeline/shared/domain/ledger';
import type { Db, DbTx } from '../../infra/db/client';
import { claimLedgerEntries, projectStatuses, projects, user } from '../../infra/db/schema/index';
import { userNameColumns } from '../../data/user-columns';
import { ledgerEntryInputColumns } from '../../data/claim-ledger';

// The claim money ledger. Every statement filters by company_id: another company's claim file or
// entry is simply not found. Rows are only ever inserted (the table's trigger refuses the rest).

const projectColumns = {
  id: projects.id,
  statusId: projects.statusId,
  deductibleCents: projects.deductibleCents,
  rcvCents: projects.rcvCents,
  acvCents: projects.acvCents,
  depreciationCents: projects.depreciationCents,
};
export type LedgerProjectRow = {
  id: string;
  statusId: string;
  deductibleCents: number | null;
  rcvCents: number | null;
  acvCents: number | null;
  depreciationCents: number | null;
};

/** The claim file of the company with the figures typed on it, or null. */
export async function findLedgerProject(db: Db | DbTx, companyId: string, projectId: string): Promise<LedgerProjectRow | null> {
  const [row] = await db
    .select(projectColumns)
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row ?? null;
}

/** The same, locked until the transaction ends: entries of one claim file are written one at a time. */
export async function lockLedgerProject(tx: DbTx, companyId: string, projectId: string): Promise<LedgerProjectRow | null> {
  const [row] = await tx
    .select(projectColumns)
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)))
    .for('update');
  return row ?? null;
}

const entryColumns = {
  ...ledgerEntryInputColumns,
  onDate: claimLedgerEntries.onDate,
  reference: claimLedgerEntries.reference,
  note: claimLedgerEntries.note,
  createdByName: claimLedgerEntries.createdByName,
  createdAt: claimLedgerEntries.createdAt,
};
export type LedgerEntryRow = {
  id: string;
  kind: LedgerEntryKind;
  figure: LedgerFigure | null;
  paymentType: LedgerPaymentType | null;
  amountCents: number | null;
  label: string | null;
  onDate: string | null;
  reference: string | null;
  relatedId: string | null;
  note: string | null;
  createdByName: string | null;
  createdAt: Date;
};

/** The claim file's entries in the order they were written. */
export async function listLedgerEntries(db: Db | DbTx, companyId: string, projectId: string): Promise<LedgerEntryRow[]> {
  return db
    .select(entryColumns)
    .from(claimLedgerEntries)
    .where(and(eq(claimLedgerEntries.companyId, companyId), eq(claimLedgerEntries.projectId, projectId)))
    .orderBy(asc(claimLedgerEntries.createdAt), asc(claimLedgerEntries.id));
}

/** A new entry: the row's facts, whose claim file it is and who writes it (its id and time are the database's). */
export type NewLedgerEntry = Omit<LedgerEntryRow, 'id' | 'createdAt' | 'createdByName'> & {
  companyId: string;
  projectId: string;
  createdBy: string;
  createdByName: string;
};

/**
 * Appends one entry. Its time is the clock's when written (not the transaction's start), taken under
 * the claim file's lock: entries read in the order they were added, which is how the latest figure wins.
 */
export async function insertLedgerEntry(tx: DbTx, values: NewLedgerEntry): Promise<void> {
  await tx.insert(claimLedgerEntries).values({ ...values, createdAt: sql`clock_timestamp()` });
}

/** The names of the account writing an entry (kept on the entry), or null. */
export async function findAuthorNames(db: Db | DbTx, userId: string) {
  const [row] = await db.select(userNameColumns).from(user).where(eq(user.id, userId));
  return row ?? null;
}

/** The company's pipeline statuses, in order. */
export async function listPipelineStatuses(db: Db | DbTx, companyId: string) {
  return db
    .select({
      id: projectStatuses.id,
      key: projectStatuses.key,
      name: projectStatuses.name,
      isHidden: projectStatuses.isHidden,
      isClosed: projectStatuses.isClosed,
      position: projectStatuses.position,
    })
    .from(projectStatuses)
    .where(eq(projectStatuses.companyId, companyId))
    .orderBy(asc(projectStatuses.position));
}
