import { Download, Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import type { ReportDetail } from '@ridgeline/shared/contracts/documents';
import { Alert, AlertBox } from '../../../components/ui/alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { useDocumentTitle } from '../../../components/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { isOnItsWay } from '../../../lib/document-status';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useReport } from '../api/report';
import { reportFilePath } from '../api/report-keys';
import { useRenderReport } from '../api/render-report';
import { useSourcePhotos } from '../api/source-photos';
import { AddPhotosDialog } from './add-photos-dialog';
import { addPhotos, addSection, type EditorDraft } from './document-edits';
import { clearStoredDraft, readStoredDraft } from './draft-storage';
import { PagePreview } from './page-preview';
import { SectionsEditor } from './sections-editor';
import { useDraftAutosave, type SaveState } from './use-draft-autosave';
import { formatTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { ProgressBar } from '../../../components/ui/progress-bar';

// /advanced-photo-reports/:id/edit: the editor of an advanced report. Sections on the left (on a
// phone, first), the pages as they will print on the right; every change is saved 1.5 s after the
// last one, and a render makes the PDF from what was saved.

const isUuid = (id: string) => z.uuid().safeParse(id).success;

export function ReportNotFound() {
  useDocumentTitle('Report not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3">
      <h1 className="text-2xl font-bold text-slate-900">Report not found</h1>
      <p className="text-slate-700">This report does not exist, or it belongs to another company.</p>
      <Link to={paths.advancedReports} className={buttonVariants({ variant: 'secondary', className: 'self-start' })}>
        Back to advanced reports
      </Link>
    </div>
  );
}

export default function ReportEditorPage() {
  const { id = '' } = useParams();
  const valid = isUuid(id);
  const report = useReport(valid ? id : undefined);
  const [loads, setLoads] = useState(0);
  const notFound = !valid || (report.error instanceof ApiError && report.error.status === 404);
  useDocumentTitle(notFound ? 'Report not found' : 'Edit Advanced Photo Report');

  if (notFound) return <ReportNotFound />;
  if (report.isError && !report.data) return <Alert>{errorText(report.error)}</Alert>;
  if (!report.data) return <Skeleton className="h-96" aria-label="Loading the report" />;

  const reload = async () => {
    clearStoredDraft(id);
    await report.refetch();
    setLoads((n) => n + 1);
  };
  return <ReportEditor key={`${id}:${loads}`} report={report.data} onReload={() => void reload()} />;
}

function savedWords(state: SaveState): string {
  switch (state.kind) {
    case 'idle':
      return 'All changes saved';
    case 'pending':
      return 'Unsaved changes';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Saved ${formatTime(state.at, { seconds: true })}`;
    case 'failed':
      return 'Not saved';
    case 'conflict':
      return 'Not saved';
  }
}

/** The draft to open: edits kept from before a reload when there are any, else the saved one. */
function opening(report: ReportDetail): { draft: EditorDraft; version: number; dirty: boolean } {
  const stored = readStoredDraft(report.id);
  if (stored && stored.baseVersion <= report.version)
    return { draft: { title: stored.title, document: stored.document }, version: stored.baseVersion, dirty: true };
  if (stored) clearStoredDraft(report.id);
  return { draft: { title: report.title, document: report.document }, version: report.version, dirty: false };
}

function ReportEditor({ report, onReload }: { report: ReportDetail; onReload: () => void }) {
  const id = useId();
  const [initial] = useState(() => opening(report));
  const { draft, change, state, flush } = useDraftAutosave(report.id, initial);
  const source = useSourcePhotos({ projectId: report.projectId, sessionId: report.sessionId });
  const photos = useMemo(() => new Map((source.data ?? []).map((p) => [p.id, p])), [source.data]);
  const render = useRenderReport();
  const [renderError, setRenderError] = useState<string | null>(null);
  // Required photos missing: the report is made only with a reason, which is printed in it.
  const [needsReason, setNeedsReason] = useState(false);
  const [reason, setReason] = useState('');
  const setDocument = (document: EditorDraft['document']) => change({ ...draft, document });

  // A toast when the PDF this page asked for is ready.
  const wasRendering = useRef(false);
  const rendering = isOnItsWay(report);
  useEffect(() => {
    if (wasRendering.current && report.status === 'ready') notify.success('Report ready', report.title);
    if (wasRendering.current && report.status === 'failed') notify.error('The report could not be made', report.error ?? undefined);
    wasRendering.current = rendering;
  }, [rendering, report.status, report.title, report.error]);

  const startRender = async (overrideReason?: string) => {
    setRenderError(null);
    if (!(await flush())) return;
    try {
      await render.mutateAsync({ id: report.id, ...(overrideReason ? { overrideReason } : {}) });
      setNeedsReason(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SHOT_LIST_INCOMPLETE') setNeedsReason(true);
      setRenderError(errorText(error));
    }
  };

  const conflict = state.kind === 'conflict';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-slate-900">Edit Advanced Photo Report</h1>
          <p className="text-slate-700">{report.sourceLabel}</p>
        </div>
        <p role="status" className="text-sm text-slate-700" data-testid="save-state">
          {savedWords(state)}
        </p>
      </div>

      {conflict && (
        <AlertBox role="alert" tone="error" className="flex flex-wrap items-center gap-3">
          <p className="flex-1">{state.message} Your latest changes were not saved.</p>
          <Button variant="secondary" onClick={onReload}>
            Reload draft
          </Button>
        </AlertBox>
      )}
      {state.kind === 'failed' && (
        <AlertBox role="alert" tone="error" className="flex flex-wrap items-center gap-3">
          <p className="flex-1">Your changes could not be saved: {state.message} We will try again.</p>
          <Button variant="secondary" onClick={() => void flush()}>
            Save now
          </Button>
        </AlertBox>
      )}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <Field id={`${id}-title`} label="Report title">
            <Input value={draft.title} maxLength={160} onChange={(e) => change({ ...draft, title: e.target.value })} />
          </Field>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
            <DocumentToggle
              id={`${id}-ann`}
              label="Show annotations"
              checked={draft.document.showAnnotations}
              onChange={(on) => setDocument({ ...draft.document, showAnnotations: on })}
            />
            <DocumentToggle
              id={`${id}-meta`}
              label="Show metadata"
              checked={draft.document.showMetadata}
              onChange={(on) => setDocument({ ...draft.document, showMetadata: on })}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <AddPhotosDialog
              document={draft.document}
              photos={source.data ?? []}
              loading={source.isPending}
              error={source.isError ? errorText(source.error) : null}
              onAdd={(sectionId, added) => setDocument(addPhotos(draft.document, sectionId, added))}
            />
            <Button variant="secondary" onClick={() => setDocument(addSection(draft.document))}>
              <Plus aria-hidden="true" className="size-4" /> Add section
            </Button>
          </div>
          {source.isError && <Alert>The photos could not be read: {errorText(source.error)}</Alert>}
          {draft.document.sections.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-slate-700">No sections yet: add one, then add photos to it.</p>
          ) : (
            <SectionsEditor document={draft.document} photos={photos} showAnnotations={draft.document.showAnnotations} onChange={setDocument} />
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
          <section aria-labelledby={`${id}-pdf`} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
            <h2 id={`${id}-pdf`} className="text-lg font-semibold text-slate-900">
              PDF
            </h2>
            {rendering && (
              <div className="flex flex-col gap-1">
                <p role="status">Rendering… {report.progress}%</p>
                <ProgressBar label="Rendering" now={report.progress} className="h-2 overflow-hidden rounded bg-slate-200" barClassName="h-full bg-blue-800" />
              </div>
            )}
            {report.status === 'failed' && <Alert>The PDF could not be made: {report.error ?? 'the render failed.'}</Alert>}
            {renderError && <Alert>{renderError}</Alert>}
            {needsReason && (
              <div className="flex flex-col gap-2">
                <Field id={`${id}-reason`} label="Why make the report without them?" hint="Printed in the report.">
                  <Textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
                </Field>
                <Button
                  variant="secondary"
                  className="self-start"
                  disabled={!reason.trim() || render.isPending}
                  onClick={() => void startRender(reason.trim())}
                >
                  Render with this reason
                </Button>
              </div>
            )}
            {report.status === 'ready' && (
              <p className="text-sm text-slate-700">
                Ready{report.pageCount ? `, ${report.pageCount} pages` : ''}
                {report.stale ? '. The report changed since: render it again to include the changes.' : '.'}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button disabled={rendering || render.isPending || conflict} onClick={() => void startRender()}>
                {report.status === 'ready' || report.status === 'failed' ? 'Render again' : 'Render PDF'}
              </Button>
              {report.status === 'ready' && (
                <a href={reportFilePath(report.id)} download className={buttonVariants({ variant: 'secondary' })}>
                  <Download aria-hidden="true" className="size-4" /> Download
                </a>
              )}
            </div>
          </section>
          <PagePreview title={draft.title} sourceLabel={report.sourceLabel} document={draft.document} photos={photos} />
        </div>
      </div>
    </div>
  );
}

/** One of the document's on/off settings: a checkbox with its label, a 44 px tall row. */
function DocumentToggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex min-h-11 items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
