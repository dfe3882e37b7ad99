import { Download } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { CreditEntry } from '@ridgeline/shared/contracts/billing';
import { CREDIT_ENTRY_KINDS, type CreditEntryKind } from '@ridgeline/shared/domain/billing';
import { CardListRow } from '../../components/card-list';
import { TableOrCards } from '../../components/table-or-cards';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { TableCell, TableRow } from '../../components/ui/table';
import { downloadFrom } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { creditEntriesCsvHref, useCreditEntries, type CreditLedgerFilters } from './api/credit-entries';
import { CREDIT_ENTRY_KIND_LABELS } from '@ridgeline/shared/domain/billing';
import { entryTime, signedCredits } from './billing-words';
import { paths } from '../../lib/paths';
import { NoMatches } from '../../components/no-matches';
import { FilterSelect } from '../../components/filter-select';
import { usePagedFilters } from '../../lib/use-paged-filters';

/** Rows per page of the ledger. */
export const LEDGER_PAGE_SIZE = 25;

const NO_FILTERS: CreditLedgerFilters = { kind: undefined, from: undefined, to: undefined };

const KIND_TONES: Record<CreditEntryKind, BadgeTone> = { purchase: 'success', spend: 'info', refund: 'warning', adjustment: 'neutral' };

function KindBadge({ kind }: { kind: CreditEntryKind }) {
  return <Badge tone={KIND_TONES[kind]}>{CREDIT_ENTRY_KIND_LABELS[kind]}</Badge>;
}

function ProjectLink({ entry }: { entry: CreditEntry }) {
  if (!entry.projectId) return <>—</>;
  return (
    <Link to={paths.project(entry.projectId)} className="inline-flex min-h-11 items-center text-blue-800 underline-offset-2 hover:underline">
      Open claim file
    </Link>
  );
}

/** The rows: a table on wider screens, cards on a phone. */
function LedgerRows({ entries }: { entries: CreditEntry[] }) {
  return (
    <TableOrCards
      label="Credit ledger"
      testId="credit-ledger"
      headers={['Date', 'Kind', 'Credits', 'Balance', 'Reason', 'By', 'Claim file']}
      rows={entries.map((entry) => (
        <TableRow key={entry.id}>
          <TableCell className="px-3 py-3 whitespace-nowrap">{entryTime(entry.createdAt)}</TableCell>
          <TableCell className="px-3 py-3">
            <KindBadge kind={entry.kind} />
          </TableCell>
          <TableCell className="px-3 py-3 font-semibold tabular-nums">{signedCredits(entry.credits)}</TableCell>
          <TableCell className="px-3 py-3 tabular-nums">{entry.balanceAfter}</TableCell>
          <TableCell className="px-3 py-3">{entry.reason}</TableCell>
          <TableCell className="px-3 py-3">{entry.actorName ?? '—'}</TableCell>
          <TableCell className="px-3 py-3">
            <ProjectLink entry={entry} />
          </TableCell>
        </TableRow>
      ))}
      cards={entries.map((entry) => (
        <CardListRow
          key={entry.id}
          title={`${signedCredits(entry.credits)} · ${entry.reason}`}
          detail={[entryTime(entry.createdAt), `Balance ${entry.balanceAfter}`, entry.actorName].filter(Boolean).join(' · ')}
        >
          <div className="flex items-center gap-3">
            <KindBadge kind={entry.kind} />
            {entry.projectId && <ProjectLink entry={entry} />}
          </div>
        </CardListRow>
      ))}
    />
  );
}

const isFiltered = (filters: CreditLedgerFilters) => Boolean(filters.kind ?? filters.from ?? filters.to);

/** "Showing 26–50 of 61" */
const showingText = (page: number, pageSize: number, total: number) => `Showing ${(page - 1) * pageSize + 1}–${Math.min(total, page * pageSize)} of ${total}`;

/** The ledger of /credits: every change of the balance, newest first, filtered by kind and days, paged, exported as CSV. */
export function CreditLedger() {
  const id = useId();
  const { filters, filter: change, page, setPage } = usePagedFilters<CreditLedgerFilters>(NO_FILTERS);
  const entries = useCreditEntries({ ...filters, page, pageSize: LEDGER_PAGE_SIZE });

  const clear = () => change(NO_FILTERS);
  const data = entries.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Card aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id={`${id}-title`}>Ledger</CardTitle>
          <CardDescription>Every purchase, spend, refund and adjustment, with who made it and why.</CardDescription>
        </div>
        <Button variant="secondary" onClick={() => downloadFrom(creditEntriesCsvHref(filters))}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </Button>
      </div>

      <div role="search" aria-label="Filter the ledger" className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-4 md:items-end">
        <Field id={`${id}-kind`} label="Kind">
          <FilterSelect
            value={filters.kind ?? ''}
            onChange={(kind) => change({ kind: kind || undefined })}
            all="All kinds"
            values={CREDIT_ENTRY_KINDS}
            labels={CREDIT_ENTRY_KIND_LABELS}
          />
        </Field>
        <Field id={`${id}-from`} label="From">
          <Input type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => change({ from: event.target.value || undefined })} />
        </Field>
        <Field id={`${id}-to`} label="To">
          <Input type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => change({ to: event.target.value || undefined })} />
        </Field>
        {isFiltered(filters) && (
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        )}
      </div>

      {entries.isPending && <p role="status">Loading the ledger…</p>}
      {entries.isError && <Alert>{errorText(entries.error)}</Alert>}

      {data &&
        data.total === 0 &&
        (isFiltered(filters) ? (
          <NoMatches title="No entries match these filters" onClear={clear}>
            <p>Try another kind or other days, or clear the filters to see the whole ledger.</p>
          </NoMatches>
        ) : (
          <EmptyState title="No credit activity yet">
            <p>Buy a pack above, then order services such as Xact360 from a claim file. Every change of the balance shows here.</p>
          </EmptyState>
        ))}

      {data && data.total > 0 && (
        <>
          <LedgerRows entries={data.entries} />
          <nav aria-label="Ledger pages" className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm text-slate-700">
              {data.entries.length > 0 ? showingText(data.page, data.pageSize, data.total) : `Page ${data.page} is empty`}
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button variant="secondary" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
    </Card>
  );
}
