import { Camera, CloudOff, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button-variants';
import { Card, CardDescription, CardDiv, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';
import { useOnline } from '../../lib/session/session-provider';
import { syncInspections, useLocalInspections } from '../../offline/inspection-store';
import { useUploadSummary } from '../../offline/upload-queue';
import { isUnsynced } from './components/session-screen';
import { SessionRow } from './components/session-row';
import { useFieldUser } from './use-field-user';

// /field-inspection: the field hub. Start an inspection (the offline screen when there is no
// signal), resume the ones in progress on this device, and see what is still waiting to sync.

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export default function FieldHubPage() {
  useDocumentTitle('Field Inspection');
  const online = useOnline();
  const user = useFieldUser();
  const userId = user?.userId;
  const sessions = useLocalInspections(userId);
  const uploads = useUploadSummary();

  // Fresh copies of this user's sessions in progress when the hub opens with a signal.
  useEffect(() => {
    if (userId && online) syncInspections(userId).catch(() => undefined);
  }, [userId, online]);

  const inProgress = (sessions ?? []).filter((s) => s.status === 'in_progress');
  const notOnServer = (sessions ?? []).filter((s) => s.pendingCreate).length;
  const withChanges = (sessions ?? []).filter((s) => !s.pendingCreate && isUnsynced(s)).length;
  const photosWaiting = uploads.pending + uploads.uploading;
  const nothingWaiting = notOnServer === 0 && withChanges === 0 && photosWaiting === 0 && uploads.failed === 0;

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <PageHeader title="Field Inspection">Start an inspection, pick up one in progress, and see what is waiting to sync.</PageHeader>
      <Link to={online ? '/field-inspection/new' : '/field-inspection/new-offline'} className={buttonVariants({ size: 'lg', className: 'min-h-16 w-full text-lg' })}>
        <Camera aria-hidden="true" className="size-6" />
        Start new inspection
      </Link>
      {!online && (
        <p className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          Offline: new inspections and photos are kept on this device and sync when you are back online.
        </p>
      )}

      <Card aria-labelledby="sync-heading" className="flex flex-col gap-2">
        <CardTitle id="sync-heading" className="flex items-center gap-2">
          <RefreshCw aria-hidden="true" className="size-5" />
          Waiting to sync
        </CardTitle>
        {nothingWaiting ? (
          <CardDescription>Everything on this device is synced.</CardDescription>
        ) : (
          <ul className="flex flex-col gap-1 text-base text-slate-900">
            {notOnServer > 0 && <li>{plural(notOnServer, 'inspection not on the server yet', 'inspections not on the server yet')}</li>}
            {withChanges > 0 && <li>{plural(withChanges, 'inspection with changes to send', 'inspections with changes to send')}</li>}
            {photosWaiting > 0 && <li>{plural(photosWaiting, 'photo waiting to upload', 'photos waiting to upload')}</li>}
            {uploads.failed > 0 && <li className="font-semibold text-red-800">{plural(uploads.failed, 'photo failed to upload', 'photos failed to upload')}</li>}
          </ul>
        )}
      </Card>

      <section aria-labelledby="in-progress-heading" className="flex flex-col gap-2">
        <h2 id="in-progress-heading" className="text-lg font-semibold text-slate-900">
          In progress
        </h2>
        {sessions === undefined ? (
          <Skeleton className="h-24" aria-label="Loading inspections" />
        ) : inProgress.length === 0 ? (
          <EmptyState title="No inspection in progress">
            <p>Start one above; it is kept on this device until it is done.</p>
          </EmptyState>
        ) : (
          <CardDiv className="p-0">
            <ul aria-label="Inspections in progress" className="divide-y divide-slate-200">
              {inProgress.map((session) => (
                <SessionRow key={session.id} session={session} syncNote={session.pendingCreate ? 'Not synced yet' : isUnsynced(session) ? 'Changes to sync' : null} />
              ))}
            </ul>
          </CardDiv>
        )}
      </section>
      <Link to="/field-inspections" className={buttonVariants({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
        All inspections
      </Link>
    </div>
  );
}
