import { ELEVATIONS, type Elevation } from '@ridgeline/shared/domain/field-capture';
import { adjacentPhases, type Shot } from '@ridgeline/shared/domain/shot-list';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useDocumentTitle } from '../../../components/use-document-title';
import { CaptureScreen, type StepFor, type StepLink } from './capture-screen';
import { isUuid, phaseLabel } from './photo-words';
import { SessionNotFound } from './session-not-found';
import { paths } from '../../../lib/paths';

// /field-inspection/:sessionId/elevation/:elevation: one side of the building with its own
// checklist (that side of every structure that has it), walking front, right, rear, left.

function isElevation(value: string | undefined): value is Elevation {
  return ELEVATIONS.some((e) => e.value === value);
}

function NotASide({ sessionId }: { sessionId: string }) {
  useDocumentTitle('Side not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 py-8">
      <EmptyState>
        <h1 className="text-xl font-semibold text-slate-900">This side was not found</h1>
        <p>The sides are front, right, rear and left.</p>
        <Button asChild>
          <Link to={paths.fieldPhase(sessionId, 'elevations')}>All elevations</Link>
        </Button>
      </EmptyState>
    </div>
  );
}

export default function ElevationPage() {
  const { sessionId = '', elevation } = useParams();
  const valid = isElevation(elevation);
  const filter = useCallback((shot: Shot) => shot.category === 'elevation' && shot.subcategory === elevation, [elevation]);
  if (!isUuid(sessionId)) return <SessionNotFound />;
  if (!valid) return <NotASide sessionId={sessionId} />;
  const index = ELEVATIONS.findIndex((e) => e.value === elevation);
  const side = ELEVATIONS[index];
  const before = ELEVATIONS[index - 1];
  const after = ELEVATIONS[index + 1];
  const previous: StepLink = before
    ? { to: paths.fieldElevation(sessionId, before.value), label: before.label }
    : { to: paths.fieldPhase(sessionId, 'overview'), label: 'Overview' };
  // After the left side: the next phase of this inspection's walk.
  const next: StepFor = after
    ? { to: paths.fieldElevation(sessionId, after.value), label: after.label }
    : (structures) => {
        const phase = adjacentPhases('elevations', structures).next;
        return phase
          ? { to: paths.fieldPhase(sessionId, phase), label: phaseLabel(phase) }
          : { to: paths.fieldInspection(sessionId, 'insurance-details'), label: 'Insurance' };
      };
  return (
    <CaptureScreen
      key={`${sessionId}-${elevation}`}
      sessionId={sessionId}
      phase="elevations"
      title={`${side?.label ?? ''} elevation`}
      intro="Stand back for one wide shot of the whole side, then close-ups of damage to siding, windows, gutters and screens on this side."
      shotFilter={filter}
      previous={previous}
      next={next}
    />
  );
}
