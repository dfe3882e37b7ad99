import { CAPTURE_PHASES, type CapturePhase } from '@ridgeline/shared/domain/field-capture';
import { adjacentPhases } from '@ridgeline/shared/domain/shot-list';
import { Link, useMatch, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useDocumentTitle } from '../../../components/use-document-title';
import { CaptureScreen, type StepFor } from './capture-screen';
import { isCapturePhase, isUuid, phaseLabel } from './photo-words';
import { SessionNotFound } from './session-not-found';
import { paths, routes } from '../../../lib/paths';

// /field-inspection/:sessionId/:phase and /field-inspection/:sessionId/phase-offline/:phase: guided
// capture of one phase. The offline route is the same screen reading only this device's data; its
// previous and next steps stay on the offline routes.

const INTRO: Record<CapturePhase, string> = {
  overview: 'The front of the house and the address number first, then the street.',
  elevations: 'Each side of every structure, walking front, right, rear, left.',
  roof: 'Every slope, and its test square with the hail hits counted.',
  collateral: 'Dents on gutters, downspouts, vents, AC fins and the mailbox show hail size and direction.',
  interior: 'Ceiling stains and the attic.',
  detail: 'Close-ups of each kind of damage.',
};

function NotAPhase({ sessionId }: { sessionId: string }) {
  useDocumentTitle('Step not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 py-8">
      <EmptyState>
        <h1 className="text-xl font-semibold text-slate-900">This step was not found</h1>
        <p>Capture steps are {CAPTURE_PHASES.map((p) => p.label.toLowerCase()).join(', ')}.</p>
        <Button asChild>
          <Link to={paths.fieldInspection(sessionId)}>Back to the inspection</Link>
        </Button>
      </EmptyState>
    </div>
  );
}

export default function CapturePage() {
  const { sessionId = '', phase } = useParams();
  const offline = useMatch(routes.fieldPhaseOffline) !== null;
  if (!isUuid(sessionId)) return <SessionNotFound />;
  if (!isCapturePhase(phase)) return <NotAPhase sessionId={sessionId} />;
  const phasePath = (p: CapturePhase) => paths.fieldPhase(sessionId, p, offline);
  // The walk of this inspection: the phases its areas call for (an interior nobody chose is stepped over).
  const previousLink: StepFor = (structures) => {
    const { previous } = adjacentPhases(phase, structures);
    return previous
      ? { to: phasePath(previous), label: phaseLabel(previous) }
      : { to: paths.fieldInspection(sessionId, offline ? 'areas-offline' : 'areas'), label: 'Areas' };
  };
  const nextLink: StepFor = (structures) => {
    const { next } = adjacentPhases(phase, structures);
    return next ? { to: phasePath(next), label: phaseLabel(next) } : { to: paths.fieldInspection(sessionId, 'insurance-details'), label: 'Insurance' };
  };
  return (
    <CaptureScreen
      key={`${sessionId}-${phase}`}
      sessionId={sessionId}
      phase={phase}
      title={`${phaseLabel(phase)} photos`}
      intro={INTRO[phase]}
      previous={previousLink}
      next={nextLink}
      localOnly={offline}
    />
  );
}
