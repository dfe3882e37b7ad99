import { useParams } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';
import { SessionMeasurements } from '../features/estimating/session-measurements';
import { SessionScreen } from '../features/inspections/components/session-screen';
import { useFieldUser } from '../features/inspections/use-field-user';
import { useLocalInspection } from '../offline/inspection-store';

// /field-inspection/:sessionId/measurements: the session's screen (back link, address, sync state)
// around the measurement calculator, which starts from the session's structures and roof slopes.

export default function SessionMeasurementsRoute() {
  useDocumentTitle('Measurements');
  const { sessionId = '' } = useParams();
  const { session, loading } = useLocalInspection(sessionId, useFieldUser()?.userId);
  return (
    <SessionScreen title="Measurements" session={session} loading={loading}>
      {(loaded) => <SessionMeasurements key={loaded.id} session={loaded} />}
    </SessionScreen>
  );
}
