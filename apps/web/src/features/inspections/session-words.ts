import type { InspectionSession } from '@ridgeline/shared/contracts/inspections';
import { CAPTURE_PHASES, STRUCTURE_KINDS, type CapturePhase, type StructureKind } from '@ridgeline/shared/domain/field-capture';
import { buildShotList, phaseChosen, testSquareLabel, type PhaseShotList } from '@ridgeline/shared/domain/shot-list';
import { formatDateTime } from '../../lib/dates';
import { paths } from '../../lib/paths';

// Words and small rules the session screens share: the address line, the steps of a session and
// how far along each one is.

/** "12 Hail Rd, Plano, TX 75024", or 'No address yet'. */
export function sessionAddress(session: Pick<InspectionSession, 'street' | 'city' | 'state' | 'zip'>): string {
  const cityLine = [session.city, [session.state, session.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const line = [session.street.trim(), cityLine].filter(Boolean).join(', ');
  return line || 'No address yet';
}

export function structureKindLabel(kind: StructureKind): string {
  return STRUCTURE_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

export function statusLabel(status: InspectionSession['status']): string {
  return status === 'completed' ? 'Completed' : 'In progress';
}

/** "5 min ago"-free: a plain local date and time, readable in the field. */
export function formatWhen(iso: string): string {
  return formatDateTime(iso);
}

export type SessionStep = {
  key: string;
  label: string;
  /** What the step holds so far, in a few words. */
  detail: string;
  done: boolean;
  /** Nothing is required of it (a phase with no required shot, such as the close-ups): never "to do", not counted in the progress. */
  optional?: boolean;
  /** The path of the step's screen. */
  to: string;
};

type StepSession = Pick<
  InspectionSession,
  'id' | 'street' | 'homeownerName' | 'structures' | 'photosByPhase' | 'carrierId' | 'carrierName' | 'claimNumber' | 'policyNumber'
>;

const photoWords = (count: number) => (count === 0 ? 'No photos yet' : `${count} photo${count === 1 ? '' : 's'}`);

/**
 * The steps of a session in walking order: details, areas, each capture phase, insurance. With the
 * phases' shot lists (the server's photos and the queued ones), a phase with required shots is done
 * when every one has a photo ("3 of 4 required shots · 5 photos"), one without when it has a photo;
 * without them (the server's photos unknown) a phase shows its photo count (uploaded plus still
 * queued on this device) and is done with one. `offline` points at the screens that never wait on the network.
 */
export function sessionSteps(
  session: StepSession,
  queuedByPhase: Partial<Record<CapturePhase, number>>,
  offline: boolean,
  shotLists: readonly PhaseShotList[] | null = null,
): SessionStep[] {
  const areasChosen = session.structures.reduce((sum, s) => sum + s.areas.length, 0);
  const slopes = session.structures.reduce((sum, s) => sum + s.slopes.length, 0);
  const steps: SessionStep[] = [
    {
      key: 'details',
      label: 'Property and loss',
      detail: session.street.trim() ? [session.street, session.homeownerName].filter(Boolean).join(' · ') : 'Address missing',
      done: session.street.trim() !== '',
      to: paths.newInspection({ session: session.id }, offline),
    },
    {
      key: 'areas',
      label: 'Areas to inspect',
      detail: areasChosen === 0 ? 'None chosen yet' : `${areasChosen} area${areasChosen === 1 ? '' : 's'}, ${slopes} roof slope${slopes === 1 ? '' : 's'}`,
      done: areasChosen > 0,
      to: paths.fieldInspection(session.id, offline ? 'areas-offline' : 'areas'),
    },
  ];
  // Only the phases the areas chosen call for are steps (an interior nobody chose is not "to do"); a
  // phase with no required shot is optional.
  const expected = buildShotList(session.structures, []);
  for (const phase of CAPTURE_PHASES) {
    if (!phaseChosen(phase.value, session.structures)) continue;
    const list = shotLists?.find((l) => l.phase === phase.value);
    const count = list ? list.photoCount : (session.photosByPhase[phase.value] ?? 0) + (queuedByPhase[phase.value] ?? 0);
    const required = list && list.required > 0 ? list : null;
    const optional = (expected.find((l) => l.phase === phase.value)?.required ?? 0) === 0;
    steps.push({
      key: `phase-${phase.value}`,
      label: `${phase.label} photos`,
      detail: required
        ? `${required.requiredCaptured} of ${required.required} required shots · ${count} photo${count === 1 ? '' : 's'}`
        : optional
          ? `Optional · ${photoWords(count)}`
          : photoWords(count),
      done: required ? required.complete : count > 0,
      ...(optional ? { optional: true } : {}),
      to: paths.fieldPhase(session.id, phase.value, offline),
    });
  }
  const carrier = session.carrierName ?? (session.carrierId ? 'Carrier chosen' : null);
  steps.push({
    key: 'insurance',
    label: 'Insurance details',
    detail: [carrier, session.claimNumber ? `Claim ${session.claimNumber}` : null].filter(Boolean).join(' · ') || 'Not entered yet',
    done: Boolean(carrier || session.claimNumber || session.policyNumber),
    to: paths.fieldInspection(session.id, 'insurance-details'),
  });
  return steps;
}

/** What the server holds of a session's numbers; undefined while unknown (no signal, still reading, not on the server yet). */
export type SessionNumbers = { measured: boolean | undefined; estimateVersions: number | undefined };

/**
 * The steps after the walk, in order: measurements, analysis, estimate, convert to a claim file.
 * Analysis is done once every roof slope's test square is counted (the recommendation can be made);
 * the claim file step once the session is on one.
 */
export function closingSteps(session: Pick<InspectionSession, 'id' | 'projectId' | 'structures'>, numbers: SessionNumbers): SessionStep[] {
  const slopes = session.structures.filter((s) => s.areas.includes('roof')).flatMap((s) => s.slopes);
  const counted = slopes.length > 0 && slopes.every((s) => s.testSquareHits !== null);
  const versions = numbers.estimateVersions;
  return [
    {
      key: 'measurements',
      label: 'Measurements',
      detail: numbers.measured === undefined ? 'Facets and lines of the roof' : numbers.measured ? 'Roof measured' : 'Not measured yet',
      done: numbers.measured === true,
      to: paths.fieldInspection(session.id, 'measurements'),
    },
    {
      key: 'analysis',
      label: 'Analysis',
      detail: slopes.length === 0 ? 'No roof slope yet' : `Test squares ${slopes.map((s) => testSquareLabel(s.direction, s.testSquareHits)).join(', ')}`,
      done: counted,
      to: paths.fieldInspection(session.id, 'analysis'),
    },
    {
      key: 'estimate',
      label: 'Estimate',
      detail: versions === undefined ? 'Line items and totals' : versions === 0 ? 'Not started yet' : `${versions} version${versions === 1 ? '' : 's'}`,
      done: versions !== undefined && versions > 0,
      to: paths.fieldInspection(session.id, 'estimate'),
    },
    {
      key: 'convert',
      label: 'Convert to claim file',
      detail: session.projectId ? 'On a claim file' : 'Not converted yet',
      done: session.projectId !== null,
      to: paths.fieldInspection(session.id, 'convert'),
    },
  ];
}

/**
 * What is still missing before the inspection is complete: every step that is not optional and not
 * done, but the claim file (converting is the office's step, before or after completing).
 */
export function missingSteps(steps: readonly SessionStep[]): SessionStep[] {
  return steps.filter((step) => !step.done && !step.optional && step.key !== 'convert');
}
