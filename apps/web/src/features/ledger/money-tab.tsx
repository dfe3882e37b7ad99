import { Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ClaimLedger, LedgerEntry, LedgerStatusSuggestion } from '@ridgeline/shared/contracts/ledger';
import { ledgerIssueText, pendingSupplements, pendingSupplementText, statusDisagreementText, type LedgerState } from '@ridgeline/shared/domain/ledger';
import { Alert, AlertBox } from '../../components/ui/alert';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDateTime, formatDay } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { formatCents } from '../../lib/money';
import { useClaimLedger } from './api/claim-ledger';
import { LedgerEntryForm } from './entry-form';
import { entryTitle, FIGURE_SOURCE_WORDS } from './ledger-words';
import { ReverseEntryButton } from './reverse-dialog';

// The claim file's Money tab: each figure and the balance to the cent, why it does not balance, the
// statuses the entries suggest, the form that adds an entry, and every entry with who and when.

const STATE: Record<LedgerState, { words: string; tone: BadgeTone }> = {
  no_figures: { words: 'No figures yet', tone: 'neutral' },
  balance_due: { words: 'Balance due', tone: 'info' },
  paid_in_full: { words: 'Paid in full', tone: 'success' },
  does_not_balance: { words: 'Does not balance', tone: 'warning' },
};

function Row({ label, detail, amount, strong }: { label: string; detail?: string; amount: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 py-1 ${strong ? 'border-t border-slate-200 pt-2 font-semibold' : ''}`}>
      <dt className="min-w-0 break-words text-slate-800">
        <span>{label}</span>
        {detail && <span className="block text-xs font-normal text-slate-600">{detail}</span>}
      </dt>
      <dd className="shrink-0 text-right tabular-nums text-slate-900">{amount}</dd>
    </div>
  );
}

function Figures({ ledger }: { ledger: ClaimLedger }) {
  const s = ledger.summary;
  const op = s.op.status === 'approved' ? formatCents(s.op.amountCents) : s.op.status === 'not_approved' ? 'Not approved' : 'Not decided';
  return (
    <dl className="grid max-w-2xl" aria-label="Figures">
      <Row label="RCV" detail={FIGURE_SOURCE_WORDS[s.rcv.source]} amount={formatCents(s.rcv.amountCents)} />
      <Row label="ACV" detail={FIGURE_SOURCE_WORDS[s.acv.source]} amount={formatCents(s.acv.amountCents)} />
      <Row
        label="Recoverable depreciation"
        detail={FIGURE_SOURCE_WORDS[s.recoverableDepreciation.source]}
        amount={formatCents(s.recoverableDepreciation.amountCents)}
      />
      <Row
        label="Non-recoverable depreciation"
        detail={FIGURE_SOURCE_WORDS[s.nonRecoverableDepreciation.source]}
        amount={formatCents(s.nonRecoverableDepreciation.amountCents)}
      />
      <Row label="O&P" detail="part of the RCV" amount={op} />
      <Row
        label="Supplements approved"
        detail={`${formatCents(s.supplementsRequestedCents)} requested, ${formatCents(s.supplementsDeniedCents)} denied`}
        amount={formatCents(s.supplementsApprovedCents)}
      />
      <Row label="Insurer approved" detail="RCV + supplements − non-recoverable − deductible" amount={formatCents(s.insurerApprovedCents)} strong />
      <Row label="Deductible" detail={FIGURE_SOURCE_WORDS[s.deductible.source]} amount={formatCents(s.deductible.amountCents)} />
      <Row label="Total due" detail="insurer approved + deductible" amount={formatCents(s.totalDueCents)} strong />
      <Row
        label="Received from the insurer"
        detail={`${formatCents(s.depreciationReleasedCents)} of it depreciation released`}
        amount={formatCents(s.receivedFromInsurerCents)}
      />
      <Row label="Deductible received" amount={formatCents(s.deductibleReceivedCents)} />
      <Row label="Balance due" detail="total due − received" amount={formatCents(s.balanceDueCents)} strong />
      <Row label="Payments expected" detail="not received yet" amount={formatCents(s.expectedOutstandingCents)} />
    </dl>
  );
}

function EntryItem({ entry, entries, projectId, canWrite }: { entry: LedgerEntry; entries: LedgerEntry[]; projectId: string; canWrite: boolean }) {
  const related = entry.relatedId ? entries.find((candidate) => candidate.id === entry.relatedId) : undefined;
  const reversed = entry.reversedById !== null;
  return (
    <li className="flex flex-col gap-2 border-b border-slate-200 py-3 last:border-b-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 break-words">
        <p className={`font-medium text-slate-900 ${reversed ? 'line-through' : ''}`}>{entryTitle(entry)}</p>
        {related && (
          <p className="text-sm text-slate-700">
            {entry.kind === 'reversal' ? 'Reverses' : 'For'}: {entryTitle(related)}
          </p>
        )}
        {(entry.date || entry.reference) && (
          <p className="text-sm text-slate-700">{[entry.date ? formatDay(entry.date) : null, entry.reference].filter(Boolean).join(' · ')}</p>
        )}
        {entry.note && <p className="text-sm whitespace-pre-line text-slate-700">{entry.note}</p>}
        <p className="text-xs text-slate-600">
          {entry.createdByName ?? 'A former user'}, {formatDateTime(entry.createdAt)}
        </p>
        {reversed && <Badge tone="warning">Reversed</Badge>}
      </div>
      {canWrite && !reversed && entry.kind !== 'reversal' && <ReverseEntryButton projectId={projectId} entry={entry} />}
    </li>
  );
}

/** The claim file's Money tab. `onMoveStatus` moves the claim file to a suggested status (the app passes the claim file's own move). */
export function MoneyTab({ projectId, onMoveStatus }: { projectId: string; onMoveStatus?: (suggestion: LedgerStatusSuggestion) => void }) {
  const ledger = useClaimLedger(projectId);
  if (ledger.isPending) return <p role="status">Loading money…</p>;
  if (ledger.isError) return <Alert>{errorText(ledger.error)}</Alert>;
  const data = ledger.data;
  const { summary } = data;
  const state = STATE[summary.state];
  return (
    <div className="grid min-w-0 gap-6">
      <Card aria-labelledby="money-balance-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="money-balance-title">Balance due</CardTitle>
          <Badge tone={state.tone} data-testid="money-state">
            {state.words}
          </Badge>
        </div>
        <p className="mt-2 text-3xl font-semibold tabular-nums text-slate-900" data-testid="money-balance">
          {formatCents(summary.balanceDueCents)}
        </p>
        {summary.issues.length > 0 && (
          <AlertBox tone="warning" className="mt-3">
            <p className="font-semibold">Why it does not balance</p>
            <ul className="mt-1 list-disc pl-5">
              {summary.issues.map((issue) => (
                <li key={`${issue.code}-${issue.label ?? ''}`}>{ledgerIssueText(issue)}</li>
              ))}
            </ul>
          </AlertBox>
        )}
        {pendingSupplements(summary).map((supplement) => (
          <Alert key={supplement.id} tone="warning" className="mt-3" data-testid="pending-supplement">
            {pendingSupplementText(supplement)} Record the insurer's answer when it comes: until then it is neither in the figures nor the balance.
          </Alert>
        ))}
        {data.statusDisagreements.map((disagreement) => (
          <Alert key={disagreement.code} tone="warning" className="mt-3">
            {statusDisagreementText(disagreement)}
          </Alert>
        ))}
        {data.suggestedStatuses.map((suggestion) => (
          <AlertBox key={suggestion.statusId} tone="info" className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <p>The entries suggest the status “{suggestion.name}”.</p>
            {onMoveStatus && (
              <Button variant="secondary" onClick={() => onMoveStatus(suggestion)}>
                Move to {suggestion.name}
              </Button>
            )}
          </AlertBox>
        ))}
        <div className="mt-4">
          <Figures ledger={data} />
        </div>
      </Card>

      {data.canWrite ? (
        <Card aria-labelledby="money-add-title">
          <CardTitle id="money-add-title">Add an entry</CardTitle>
          <CardDescription>Entries are never edited: to correct one, reverse it and add the right one.</CardDescription>
          <div className="mt-3">
            <LedgerEntryForm projectId={projectId} ledger={data} />
          </div>
        </Card>
      ) : (
        <Alert tone="info">Only company owners and managers record money on a claim file.</Alert>
      )}

      <Card aria-labelledby="money-entries-title">
        <CardTitle id="money-entries-title">Entries</CardTitle>
        {data.entries.length === 0 ? (
          <EmptyState icon={<Wallet aria-hidden="true" />} title="No entries yet">
            The figures start from the claim file's latest estimate until the insurer's are entered.
          </EmptyState>
        ) : (
          <ol className="mt-2" aria-label="Entries, oldest first">
            {data.entries.map((entry) => (
              <EntryItem key={entry.id} entry={entry} entries={data.entries} projectId={projectId} canWrite={data.canWrite} />
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
