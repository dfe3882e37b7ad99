import type { ReportListQuery, ReportSource } from '@ridgeline/shared/contracts/documents';
import { REPORT_KIND_LABELS, REPORT_KINDS, type ReportKind } from '@ridgeline/shared/domain/documents';
import { FileText, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryThen } from '../../components/query-then';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Label } from '../../components/ui/label';
import { useDocumentTitle } from '../../components/use-document-title';
import { useReports } from './api/reports';
import { DocumentWatcher } from './document-watcher';
import { DocumentsList } from './documents-list';
import { PhotoReportDialog } from './photo-report-dialog';
import { SourcePickerDialog } from './source-picker-dialog';
import { FilterSelect } from '../../components/filter-select';
import { usePagedFilters } from '../../lib/use-paged-filters';

// The company's documents, newest first, 25 a page: what each was made from (a claim file or an
// inspection), its kind, pages, who made it and when, where its PDF is, and the download. A new
// photo report starts from a claim file or an inspection chosen here.

export const PHOTO_REPORTS_PAGE_SIZE = 25;

export default function PhotoReportsPage() {
  useDocumentTitle('Photo Reports');
  const { filters, filter, page, setPage } = usePagedFilters<{ kind: ReportKind | '' }>({ kind: '' });
  const { kind } = filters;
  const [picking, setPicking] = useState(false);
  const [source, setSource] = useState<ReportSource | null>(null);
  const filterId = useId();
  const query: ReportListQuery = { page, pageSize: PHOTO_REPORTS_PAGE_SIZE, ...(kind ? { kind } : {}) };
  const reports = useReports(query);
  const total = reports.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PHOTO_REPORTS_PAGE_SIZE));

  return (
    <div className="flex flex-col gap-4">
      <DocumentWatcher />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title="Photo Reports">Every report, packet and proposal your company made, ready to download.</PageHeader>
        <Button onClick={() => setPicking(true)} className="w-full sm:w-auto">
          <Plus aria-hidden="true" className="size-4" />
          New photo report
        </Button>
      </div>
      <div className="flex flex-col gap-1 sm:max-w-xs">
        <Label htmlFor={filterId}>Kind</Label>
        <FilterSelect
          id={filterId}
          value={kind}
          onChange={(value) => filter({ kind: value })}
          all="All kinds"
          values={REPORT_KINDS}
          labels={REPORT_KIND_LABELS}
        />
      </div>
      <QueryThen query={reports} loadingLabel="Loading the reports" loadingClassName="h-40" failure="The reports could not be read">
        {(data) =>
          data.reports.length === 0 ? (
            <EmptyState
              icon={<FileText aria-hidden="true" className="size-6" />}
              title={kind ? `No ${REPORT_KIND_LABELS[kind].toLowerCase()} yet` : 'No reports yet'}
              action={<Button onClick={() => setPicking(true)}>New photo report</Button>}
            >
              <p>A photo report puts a claim file's or an inspection's photos in the order adjusters read.</p>
            </EmptyState>
          ) : (
            <>
              <DocumentsList reports={data.reports} label="Your company's reports" showSource headingLevel="h2" />
              {pages > 1 && (
                <nav aria-label="Pages of reports" className="flex items-center justify-between gap-2">
                  <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
                    Previous
                  </Button>
                  <span className="text-sm text-slate-800">
                    Page {page} of {pages}
                  </span>
                  <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => Math.min(pages, p + 1))}>
                    Next
                  </Button>
                </nav>
              )}
            </>
          )
        }
      </QueryThen>
      <SourcePickerDialog
        open={picking}
        onOpenChange={setPicking}
        onPicked={(picked) => {
          setPicking(false);
          setSource(picked);
        }}
      />
      {source && <PhotoReportDialog source={source} open onOpenChange={(open) => !open && setSource(null)} />}
    </div>
  );
}
