import { CloudOff } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { recordedDamage } from '@ridgeline/shared/domain/estimate';
import { photoShotLabel } from '@ridgeline/shared/domain/field-capture';
import { buttonVariants } from '../components/ui/button-variants';
import { BIG_ACTION } from '../components/sticky-actions';
import { Alert } from '../components/ui/alert';
import { EmptyState } from '../components/ui/empty-state';
import { Skeleton } from '../components/ui/skeleton';
import { useDocumentTitle } from '../components/use-document-title';
import { EstimateEditor } from '../features/estimating/estimate-editor';
import { usePhotos } from '../features/inspections/api/photo-list';
import { SessionScreen } from '../features/inspections/components/session-screen';
import { useFieldUser } from '../features/inspections/use-field-user';
import { errorText } from '../lib/error-text';
import { useOnline } from '../lib/session/session-provider';
import { useLocalInspection } from '../offline/inspection-store';
import { paths } from '../lib/paths';

// /field-inspection/:sessionId/estimate: the session's estimate step. The estimate lives on the
// server (its totals and supplement list are computed there), so it opens once the session has
// reached the server and there is a signal. The session's photos say where the damage beyond the
// roof was photographed (gutters, siding, windows, screens, the A/C, vents), which the formula lines
// price, each line with its photos.

function SessionEstimate({ sessionId, firstStructureId }: { sessionId: string; firstStructureId: string | null }) {
  const photos = usePhotos({ kind: 'session', id: sessionId });
  const byId = useMemo(
    () => new Map((photos.data?.photos ?? []).map((p) => [p.id, { thumbUrl: p.thumbSmallUrl, label: `${photoShotLabel(p)} photo ${p.fileName}` }])),
    [photos.data],
  );
  if (photos.isPending) return <Skeleton className="h-64" aria-label="Loading the estimate" />;
  return (
    <>
      {photos.isError && <Alert tone="warning">The photos could not be read ({errorText(photos.error)}): damage beyond the roof is not priced.</Alert>}
      <EstimateEditor
        sessionId={sessionId}
        measurementsPath={paths.fieldInspection(sessionId, 'measurements')}
        damage={recordedDamage(photos.data?.photos ?? [], firstStructureId)}
        photos={byId}
        nextStep={
          <Link to={paths.fieldInspection(sessionId, 'convert')} className={buttonVariants({ size: 'lg', className: BIG_ACTION })}>
            Convert to claim file
          </Link>
        }
      />
    </>
  );
}

export default function SessionEstimateRoute() {
  useDocumentTitle('Estimate');
  const { sessionId = '' } = useParams();
  const { session, loading } = useLocalInspection(sessionId, useFieldUser()?.userId);
  const online = useOnline();
  return (
    <SessionScreen title="Estimate" session={session} loading={loading} wide>
      {(loaded) =>
        loaded.pendingCreate || !online ? (
          <EmptyState icon={<CloudOff aria-hidden="true" className="size-6" />} title="The estimate needs the server">
            <p>
              {loaded.pendingCreate
                ? 'This inspection is only on this device so far. The estimate opens once it has reached the server.'
                : 'You are offline. The estimate opens when you are back online.'}
            </p>
          </EmptyState>
        ) : (
          <SessionEstimate key={loaded.id} sessionId={loaded.id} firstStructureId={loaded.structures[0]?.id ?? null} />
        )
      }
    </SessionScreen>
  );
}
