import { FileText, FolderOpen, LayoutGrid, Package } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCompanyDetailsGate } from '../../components/company-details-prompt';
import { QueryThen } from '../../components/query-then';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { hasCoverLetterDraft } from '../../lib/draft-handoff';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useCreateReport } from './api/create-report';
import { useReports } from './api/reports';
import { DocumentWatcher } from './document-watcher';
import { DocumentsList, editReportPath } from './documents-list';
import { PacketDialog } from './packet-dialog';
import { PhotoReportDialog } from './photo-report-dialog';

// The project's documents: a one-click photo report, a claim packet, a report arranged in the editor,
// and every document made from the claim file with where its PDF is.

const PROJECT_DOCUMENTS_PAGE_SIZE = 100;

export function ProjectReports({ projectId }: { projectId: string }) {
  // ?packet=new (the assistant's "Copy into the cover letter") opens the claim packet with the draft waiting for it.
  const [search] = useSearchParams();
  const [dialog, setDialog] = useState<'photo' | 'packet' | null>(() => (search.get('packet') === 'new' && hasCoverLetterDraft(projectId) ? 'packet' : null));
  const reports = useReports({ projectId, pageSize: PROJECT_DOCUMENTS_PAGE_SIZE });
  const createDraft = useCreateReport();
  const navigate = useNavigate();
  // A packet's cover letter prints the letterhead: its details are asked for first when missing.
  const letterhead = useCompanyDetailsGate('a claim packet');

  const arrange = () =>
    createDraft.mutate(
      { kind: 'advanced', projectId },
      {
        onSuccess: (report) => void navigate(editReportPath(report.id)),
        onError: (error) => notify.error('The report could not be started', errorText(error)),
      },
    );

  return (
    <section aria-labelledby="project-reports-heading" className="flex flex-col gap-4">
      <DocumentWatcher />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="project-reports-heading" className="text-lg font-semibold text-slate-900">
          Reports and packets
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('photo')}>
            <FileText aria-hidden="true" className="size-4" />
            Photo report
          </Button>
          <Button variant="secondary" onClick={() => letterhead.run(() => setDialog('packet'))}>
            <Package aria-hidden="true" className="size-4" />
            Claim packet
          </Button>
          <Button variant="secondary" onClick={arrange} disabled={createDraft.isPending}>
            <LayoutGrid aria-hidden="true" className="size-4" />
            {createDraft.isPending ? 'Opening…' : 'Arrange in editor'}
          </Button>
        </div>
      </div>
      <QueryThen query={reports} loadingLabel="Loading the documents" loadingClassName="h-32" failure="The documents could not be read">
        {(data) =>
          data.reports.length === 0 ? (
            <EmptyState icon={<FolderOpen aria-hidden="true" className="size-6" />} title="No documents yet">
              <p>Make a photo report or a claim packet from this claim file's photos.</p>
            </EmptyState>
          ) : (
            <DocumentsList reports={data.reports} label="Documents of this claim file" />
          )
        }
      </QueryThen>
      <PhotoReportDialog source={{ projectId }} open={dialog === 'photo'} onOpenChange={(open) => setDialog(open ? 'photo' : null)} />
      <PacketDialog projectId={projectId} open={dialog === 'packet'} onOpenChange={(open) => setDialog(open ? 'packet' : null)} />
      {letterhead.dialog}
    </section>
  );
}
