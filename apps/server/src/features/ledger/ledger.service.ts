import type { ClaimLedger, CreateLedgerEntry, LedgerEntry, LedgerStatusSuggestion } from '@ridgeline/shared/contracts/ledger';
import { LEDGER_ENTRIES_MAX, RECEIVED_DAYS_AHEAD_ALLOWED, daysAfter, effectiveLedgerEntries, statusDisagreements } from '@ridgeline/shared/domain/ledger';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { ledgerStatusKeys } from '@ridgeline/shared/domain/status-progress';
import { latestEstimateTotals, ledgerEntryInput, reconcileClaimLedger } from '../../data/claim-ledger';
import type { EventPublisher } from '../../infra/events/event-bus';
import { AppError } from '../../lib/app-error';
import {
  findAuthorNames,
  findLedgerProject,
  insertLedgerEntry,
  listLedgerEntries,
  listPipelineStatuses,
  lockLedgerProject,
  type LedgerEntryRow,
  type LedgerProjectRow,
  type NewLedgerEntry,
} from './ledger.repository';
import { assertCanWriteLedger, mayWriteLedger } from './ledger.policy';

export type LedgerServiceDeps = { db: Db; events: EventPublisher };

function presentEntry(row: LedgerEntryRow, reversedBy: Map<string, string>): LedgerEntry {
  const input = ledgerEntryInput(row);
  return {
    id: row.id,
    kind: input.kind,
    figure: input.figure,
    paymentType: input.paymentType,
    amountCents: row.amountCents,
    label: row.label,
    date: row.onDate,
    reference: row.reference,
    relatedId: row.relatedId,
    note: row.note,
    reversedById: reversedBy.get(row.id) ?? null,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The money ledger of a claim file: read by everyone in the company, written by owners and
 * managers, one entry at a time (the claim file's row is locked while an entry is checked and
 * added). An entry is never changed: a correction reverses it and adds a new one.
 */
export function createLedgerService({ db, events }: LedgerServiceDeps) {
  async function projectOrNotFound(tenant: Tenant, projectId: string, tx?: DbTx): Promise<LedgerProjectRow> {
    const row = tx ? await lockLedgerProject(tx, tenant.companyId, projectId) : await findLedgerProject(db, tenant.companyId, projectId);
    if (!row) throw AppError.notFound('Claim file not found');
    return row;
  }

  async function read(tenant: Tenant, projectId: string): Promise<ClaimLedger> {
    const project = await projectOrNotFound(tenant, projectId);
    const [rows, estimate, statuses] = await Promise.all([
      listLedgerEntries(db, tenant.companyId, projectId),
      latestEstimateTotals(db, tenant.companyId, projectId),
      listPipelineStatuses(db, tenant.companyId),
    ]);
    const inputs = rows.map(ledgerEntryInput);
    const summary = reconcileClaimLedger(inputs, project, estimate);
    // The status the ledger points to furthest along (ledgerStatusKeys, the rule the server's moves
    // follow, decision 042): the first of the company's own pipeline that is shown, open and ahead of
    // the claim file. Once the server has moved the file there, nothing is left to offer.
    const current = statuses.find((status) => status.id === project.statusId);
    const ahead = ledgerStatusKeys(inputs, summary)
      .map((key) => statuses.find((candidate) => candidate.key === key && !candidate.isHidden && !candidate.isClosed))
      .find((status) => status !== undefined && current !== undefined && status.position > current.position);
    const suggestedStatuses: LedgerStatusSuggestion[] = ahead ? [{ statusId: ahead.id, key: ahead.key, name: ahead.name }] : [];
    const disagreements = current ? statusDisagreements(current, inputs, summary) : [];
    const reversedBy = new Map(rows.flatMap((row) => (row.kind === 'reversal' && row.relatedId ? [[row.relatedId, row.id] as const] : [])));
    return {
      entries: rows.map((row) => presentEntry(row, reversedBy)),
      summary,
      suggestedStatuses,
      statusDisagreements: disagreements,
      canWrite: mayWriteLedger(tenant),
    };
  }

  /** The rules an entry's reference must meet, checked against the ledger as it stands. */
  function relatedFor(input: CreateLedgerEntry, rows: LedgerEntryRow[]): string | null {
    const inputs = rows.map(ledgerEntryInput);
    const live = effectiveLedgerEntries(inputs);
    const find = (id: string) => rows.find((row) => row.id === id);
    switch (input.kind) {
      case 'supplement_approved':
      case 'supplement_denied': {
        const request = find(input.supplementId);
        if (!request || request.kind !== 'supplement_requested')
          throw new AppError('LEDGER_REFERENCE_INVALID', 'Choose a supplement requested on this claim file.');
        if (!live.some((entry) => entry.id === request.id)) throw new AppError('LEDGER_REFERENCE_INVALID', 'This supplement request was reversed.');
        const decided = live.some((entry) => (entry.kind === 'supplement_approved' || entry.kind === 'supplement_denied') && entry.relatedId === request.id);
        if (decided) throw new AppError('LEDGER_SUPPLEMENT_DECIDED');
        return request.id;
      }
      case 'payment_received': {
        if (!input.expectedId) return null;
        const expected = find(input.expectedId);
        if (!expected || expected.kind !== 'payment_expected' || !live.some((entry) => entry.id === expected.id)) {
          throw new AppError('LEDGER_REFERENCE_INVALID', 'Choose a payment expected on this claim file.');
        }
        if (live.some((entry) => entry.kind === 'payment_received' && entry.relatedId === expected.id)) throw new AppError('LEDGER_PAYMENT_SETTLED');
        return expected.id;
      }
      case 'reversal': {
        const target = find(input.reversesId);
        if (!target) throw new AppError('LEDGER_REFERENCE_INVALID', 'Choose an entry of this claim file to reverse.');
        if (target.kind === 'reversal' || rows.some((row) => row.kind === 'reversal' && row.relatedId === target.id))
          throw new AppError('LEDGER_ALREADY_REVERSED');
        return target.id;
      }
      default:
        return null;
    }
  }

  function valuesOf(input: CreateLedgerEntry): Pick<NewLedgerEntry, 'figure' | 'paymentType' | 'amountCents' | 'label' | 'onDate' | 'reference'> {
    const none = { figure: null, paymentType: null, amountCents: null, label: null, onDate: null, reference: null };
    switch (input.kind) {
      case 'figure':
        return { ...none, figure: input.figure, amountCents: input.amountCents };
      case 'supplement_requested':
        return { ...none, label: input.label, amountCents: input.amountCents };
      case 'supplement_approved':
        return { ...none, amountCents: input.amountCents };
      case 'supplement_denied':
      case 'reversal':
        return none;
      case 'payment_expected':
        return { ...none, paymentType: input.paymentType, amountCents: input.amountCents, onDate: input.date ?? null };
      case 'payment_received':
        return { ...none, paymentType: input.paymentType, amountCents: input.amountCents, onDate: input.date, reference: input.reference };
    }
  }

  /** Adds one entry to the claim file's ledger and answers the ledger as it now stands. */
  async function append(actor: Actor, tenant: Tenant, projectId: string, input: CreateLedgerEntry): Promise<ClaimLedger> {
    // Another company's claim file is missing (404) before the role is read (403).
    await projectOrNotFound(tenant, projectId);
    assertCanWriteLedger(tenant);
    // A check dated in the future is expected, not received: the two stay apart everywhere.
    if (input.kind === 'payment_received' && daysAfter(input.date, new Date().toISOString().slice(0, 10)) > RECEIVED_DAYS_AHEAD_ALLOWED) {
      throw new AppError('LEDGER_RECEIVED_IN_FUTURE');
    }
    await db.transaction(async (tx) => {
      await projectOrNotFound(tenant, projectId, tx);
      const rows = await listLedgerEntries(tx, tenant.companyId, projectId);
      if (rows.length >= LEDGER_ENTRIES_MAX) throw new AppError('LEDGER_FULL');
      const relatedId = relatedFor(input, rows);
      const author = await findAuthorNames(tx, actor.userId);
      await insertLedgerEntry(tx, {
        companyId: tenant.companyId,
        projectId,
        kind: input.kind,
        ...valuesOf(input),
        relatedId,
        note: input.note,
        createdBy: actor.userId,
        createdByName: author ? displayName(author) : actor.email,
      });
    });
    // The claim file's status follows its ledger on the server (decision 042).
    await events.publish('ledger-changed', { companyId: tenant.companyId, projectId, actorId: actor.userId });
    return read(tenant, projectId);
  }

  return { read, append };
}
