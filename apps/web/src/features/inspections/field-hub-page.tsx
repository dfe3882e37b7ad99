import { Camera, CheckCircle2, CloudDownload, CloudOff, RefreshCw } from 'lucide-react';
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
import { isReadyForOffline, useOfflineReadiness, type OfflineReadiness } from '../../offline/offline-readiness';
import { isUnsynced } from './components/session-screen';
import { LocalSessionRow } from './components/session-row';
import { useFieldUser } from './use-field-user';
import { paths } from '../../lib/paths';
import { TitledSection } from '../../components/titled-section';

// /field-inspection: the field hub. Start an inspection (the offline screen when there is no
// signal), resume the ones in progress on this device, see what is still waiting to sync, and whether
// the phone is ready for offline (every field screen opens with no signal), or what is still downloading.

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "Ready for offline", or what is still downloading before the phone is. */
function OfflineReadinessCard({ readiness }: { readiness: OfflineReadiness }) {
  const ready = isReadyForOffline(readiness);
  const { screens, copy } = readiness;
  const Icon = ready ? CheckCircle2 : copy === 'unavailable' ? CloudOff : CloudDownload;
  return (
    <Card aria-labelledby="offline-ready-heading" className="flex flex-col gap-2" data-offline-ready={ready ? 'true' : 'false'}>
      <CardTitle id="offline-ready-heading" className="flex items-center gap-2">
        <Icon aria-hidden="true" className={ready ? 'size-5 text-green-700' : 'size-5'} />
        {ready ? 'Ready for offline' : copy === 'unavailable' ? 'Not kept for offline use' : 'Getting ready for offline'}
      </CardTitle>
      <div role="status" aria-live="polite" className="flex flex-col gap-1 text-base text-slate-900">
        {ready ? (
          <p>Every field screen opens on this phone with no signal.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            <li>
              {copy === 'saved'
                ? 'The app is saved on this phone.'
                : copy === 'saving'
                  ? 'Saving the app on this phone…'
                  : 'This browser does not keep the app for use with no signal: stay online while you work, or open Ridgeline in Chrome or Safari.'}
            </li>
            <li>
              {screens.total === 0 ? 'Field screens: downloading…' : `Field screens: ${screens.loaded} of ${screens.total} downloaded`}
              {screens.failed > 0 && ` (${screens.failed} to try again with a signal)`}
            </li>
          </ul>
        )}
      </div>
    </Card>
  );
}

export default function FieldHubPage() {
  useDocumentTitle('Field Inspection');
  const online = useOnline();
  const user = useFieldUser();
  const userId = user?.userId;
  const sessions = useLocalInspections(userId);
  const uploads = useUploadSummary();
  const readiness = useOfflineReadiness();

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
      <Link to={paths.newInspection({}, !online)} className={buttonVariants({ size: 'lg', className: 'min-h-16 w-full text-lg' })}>
        <Camera aria-hidden="true" className="size-6" />
        Start new inspection
      </Link>
      {!online && (
        <p className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          Offline: new inspections and photos are kept on this device and sync when you are back online.
        </p>
      )}

      <OfflineReadinessCard readiness={readiness} />

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
            {uploads.failed > 0 && (
              <li className="font-semibold text-red-800">{plural(uploads.failed, 'photo failed to upload', 'photos failed to upload')}</li>
            )}
          </ul>
        )}
      </Card>

      <TitledSection id="in-progress-heading" title="In progress" className="flex flex-col gap-2">
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
                <LocalSessionRow key={session.id} session={session} />
              ))}
            </ul>
          </CardDiv>
        )}
      </TitledSection>
      <Link to={paths.fieldInspections} className={buttonVariants({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
        All inspections
      </Link>
    </div>
  );
}
