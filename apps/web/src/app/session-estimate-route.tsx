import { CloudOff } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonVariants } from '../components/ui/button-variants';
import { BIG_ACTION } from '../components/sticky-actions';
import { EmptyState } from '../components/ui/empty-state';
import { useDocumentTitle } from '../components/use-document-title';
import { EstimateEditor } from '../features/estimating/estimate-editor';
import { SessionScreen } from '../features/inspections/components/session-screen';
import { useFieldUser } from '../features/inspections/use-field-user';
import { useOnline } from '../lib/session/session-provider';
import { useLocalInspection } from '../offline/inspection-store';

// /field-inspection/:sessionId/estimate: the session's estimate step. The estimate lives on the
// server (its totals and supplement list are computed there), so it opens once the session has
// reached the server and there is a signal.

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
          <EstimateEditor
            key={loaded.id}
            sessionId={loaded.id}
            measurementsPath={`/field-inspection/${loaded.id}/measurements`}
            nextStep={
              <Link to={`/field-inspection/${loaded.id}/convert`} className={buttonVariants({ size: 'lg', className: BIG_ACTION })}>
                Convert to claim file
              </Link>
            }
          />
        )
      }
    </SessionScreen>
  );
}
