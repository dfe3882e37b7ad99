import { and, asc, desc, eq } from 'drizzle-orm';
import {
  insurerApproved,
  reconcileLedger,
  type InsurerApproved,
  type LedgerEntryInput,
  type LedgerEntryKind,
  type LedgerFigure,
  type LedgerPaymentType,
  type LedgerSummary,
} from '@ridgeline/shared/domain/ledger';
import { PROPOSAL_APPROVED_SOURCES, proposalApprovedFigure, type ProposalApprovedSource, type ProposalStatus } from '@ridgeline/shared/domain/documents';
import type { Db, DbTx } from '../infra/db/client';
import { claimLedgerEntries, estimates, projects } from '../infra/db/schema/index';

// The claim file's money ledger as the documents read it: the proposal and its share page, the
// cover letter, the claim summary and the assistant's facts state what the insurer pays from here
// (insurerApproved, the one rule in packages/shared), never from our estimate. The ledger feature
// writes the entries; this is the read several features share. Every statement filters by company_id.

/** A stored ledger row as the reconciliation reads it (the table's checks keep kind, figure and type known). */
export function ledgerEntryInput(row: {
  id: string;
  kind: LedgerEntryKind;
  figure: LedgerFigure | null;
  paymentType: LedgerPaymentType | null;
  amountCents: LedgerEntryInput['amountCents'];
  label: string | null;
  relatedId: string | null;
}): LedgerEntryInput {
  return {
    id: row.id,
    kind: row.kind,
    figure: row.figure,
    paymentType: row.paymentType,
    amountCents: row.amountCents,
    label: row.label,
    relatedId: row.relatedId,
  };
}

/** The columns of a ledger row that ledgerEntryInput reads. */
export const ledgerEntryInputColumns = {
  id: claimLedgerEntries.id,
  kind: claimLedgerEntries.kind,
  figure: claimLedgerEntries.figure,
  paymentType: claimLedgerEntries.paymentType,
  amountCents: claimLedgerEntries.amountCents,
  label: claimLedgerEntries.label,
  relatedId: claimLedgerEntries.relatedId,
};

/** The totals of the claim file's latest estimate (the newest version written), or null with none. */
export async function latestEstimateTotals(db: Db | DbTx, companyId: string, projectId: string) {
  const [row] = await db
    .select({ rcvCents: estimates.rcvCents, acvCents: estimates.acvCents, depreciationCents: estimates.depreciationCents })
    .from(estimates)
    .where(and(eq(estimates.companyId, companyId), eq(estimates.projectId, projectId)))
    .orderBy(desc(estimates.createdAt), desc(estimates.version))
    .limit(1);
  return row ?? null;
}

type ClaimFileFigures = { deductibleCents: number | null; rcvCents: number | null; acvCents: number | null; depreciationCents: number | null };

/**
 * The ledger reconciled from the latest estimate's totals when the claim file has one, else from the
 * figures typed on the claim file, with the claim file's deductible: the Money tab and every reader
 * of the ledger start from the same point.
 */
export function reconcileClaimLedger(
  entries: readonly LedgerEntryInput[],
  project: ClaimFileFigures,
  estimate: Awaited<ReturnType<typeof latestEstimateTotals>>,
): LedgerSummary {
  return reconcileLedger(entries, {
    figuresFrom: estimate ? 'estimate' : 'claim_file',
    rcvCents: estimate ? estimate.rcvCents : project.rcvCents,
    acvCents: estimate ? estimate.acvCents : project.acvCents,
    depreciationCents: estimate ? estimate.depreciationCents : project.depreciationCents,
    deductibleCents: project.deductibleCents,
  });
}

export type ClaimLedgerRead = {
  entries: (LedgerEntryInput & { onDate: string | null })[];
  summary: LedgerSummary;
  /** What the insurer has approved (RCV plus approved supplements), or null while the ledger has no approved RCV. */
  insurer: InsurerApproved | null;
};

/** The claim file's ledger reconciled as the Money tab shows it, or null when the company has no such claim file. */
export async function readClaimLedger(db: Db | DbTx, companyId: string, projectId: string): Promise<ClaimLedgerRead | null> {
  const [project] = await db
    .select({
      deductibleCents: projects.deductibleCents,
      rcvCents: projects.rcvCents,
      acvCents: projects.acvCents,
      depreciationCents: projects.depreciationCents,
    })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  if (!project) return null;
  const [rows, estimate] = await Promise.all([
    db
      .select({ ...ledgerEntryInputColumns, onDate: claimLedgerEntries.onDate })
      .from(claimLedgerEntries)
      .where(and(eq(claimLedgerEntries.companyId, companyId), eq(claimLedgerEntries.projectId, projectId)))
      .orderBy(asc(claimLedgerEntries.createdAt), asc(claimLedgerEntries.id)),
    latestEstimateTotals(db, companyId, projectId),
  ]);
  const entries = rows.map((row) => ({ ...ledgerEntryInput(row), onDate: row.onDate }));
  const summary = reconcileClaimLedger(entries, project, estimate);
  return { entries, summary, insurer: insurerApproved(summary) };
}

/** What the insurer has approved on the claim file's ledger, or null (none yet, or no such claim file). */
export async function readInsurerApproved(db: Db | DbTx, companyId: string, projectId: string): Promise<InsurerApproved | null> {
  return (await readClaimLedger(db, companyId, projectId))?.insurer ?? null;
}

type StoredProposal = { projectId: string; status: string; approvedCents: number | null; approvedSource: string };

/** A proposal row's approved amount now (proposalApprovedFigure), given what the insurer has approved. */
export function proposalApprovedNow(proposal: Omit<StoredProposal, 'projectId'>, insurer: InsurerApproved | null) {
  const source = (PROPOSAL_APPROVED_SOURCES as readonly string[]).includes(proposal.approvedSource)
    ? (proposal.approvedSource as ProposalApprovedSource)
    : 'estimate';
  const status: ProposalStatus = proposal.status === 'signed' ? 'signed' : proposal.status === 'sent' ? 'sent' : 'draft';
  return proposalApprovedFigure({ status, approvedCents: proposal.approvedCents, approvedSource: source }, insurer);
}

/** The same, reading the proposal's claim file's ledger. */
export async function readProposalApproved(db: Db | DbTx, companyId: string, proposal: StoredProposal) {
  return proposalApprovedNow(proposal, await readInsurerApproved(db, companyId, proposal.projectId));
}
