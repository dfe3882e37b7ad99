import { CloudOff } from 'lucide-react';
import { useId } from 'react';
import type { InspectionStatus } from '@ridgeline/shared/contracts/inspections';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { usePagedFilters } from '../../lib/use-paged-filters';
import { useOnline } from '../../lib/session/session-provider';
import { useLocalInspections, type LocalInspection } from '../../offline/inspection-store';
import { useInspectionList } from './api/inspection-list';
import { LocalSessionRow, SessionRow } from './components/session-row';
import { useFieldUser } from './use-field-user';

// /field-inspections: every inspection of the company from the server, newest activity first, with
// the ones still only on this device on top. With no signal it lists what this device holds.

const PAGE_SIZE = 25;

function matches(session: LocalInspection, q: string, status: InspectionStatus | ''): boolean {
  if (status && session.status !== status) return false;
  const term = q.trim().toLowerCase();
  if (!term) return true;
  return [session.street, session.city, session.homeownerName, session.claimNumber].some((value) => value?.toLowerCase().includes(term));
}

export default function InspectionsListPage() {
  useDocumentTitle('Field Inspections');
  const id = useId();
  const online = useOnline();
  const user = useFieldUser();
  const local = useLocalInspections(user?.userId);
  const { filters, filter, page, setPage } = usePagedFilters<{ q: string; status: InspectionStatus | '' }>({ q: '', status: '' });
  const { q, status } = filters;
  const list = useInspectionList({ q: q.trim() || undefined, status: status || undefined, page, pageSize: PAGE_SIZE }, online);

  const localOnly = (local ?? []).filter((s) => (online ? s.pendingCreate : true)).filter((s) => matches(s, q, status));
  const localIds = new Set(localOnly.map((s) => s.id));
  const serverRows = online ? (list.data?.sessions ?? []).filter((s) => !localIds.has(s.id)) : [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const loading = online ? list.isPending : local === undefined;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader title="Field Inspections">Every inspection of your company: status, address, inspector, photos and last activity.</PageHeader>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Field id={`${id}-q`} label="Search">
          <Input
            type="search"
            className="min-h-12 text-base"
            placeholder="Street, city, homeowner or claim number"
            value={q}
            onChange={(event) => filter({ q: event.target.value })}
          />
        </Field>
        <Field id={`${id}-status`} label="Status">
          <NativeSelect className="min-h-12 text-base" value={status} onChange={(event) => filter({ status: event.target.value as InspectionStatus | '' })}>
            <option value="">All</option>
            <option value="in_progress">In progress</option>
            <option value="completed">Completed</option>
          </NativeSelect>
        </Field>
      </div>
      {!online && (
        <Alert tone="info" className="flex items-center gap-2">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          Offline: showing the inspections on this device.
        </Alert>
      )}
      {online && list.isError && <Alert>{errorText(list.error)}</Alert>}
      {loading ? (
        <Skeleton className="h-40" aria-label="Loading inspections" />
      ) : localOnly.length + serverRows.length === 0 ? (
        <EmptyState title={q || status ? 'No inspection matches' : 'No inspections yet'}>
          <p>{q || status ? 'Try another search or status.' : 'Start one from Field Inspection.'}</p>
        </EmptyState>
      ) : (
        <CardDiv className="p-0">
          <ul aria-label="Inspections" className="divide-y divide-slate-200">
            {localOnly.map((session) => (
              <LocalSessionRow key={session.id} session={session} />
            ))}
            {serverRows.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        </CardDiv>
      )}
      {online && pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <Button variant="secondary" size="lg" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-700">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="lg" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
