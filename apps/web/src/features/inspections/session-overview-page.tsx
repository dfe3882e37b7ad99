import { CheckCircle2, ChevronRight, Circle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { CapturePhase } from '@ridgeline/shared/domain/field-capture';
import { lossTypeLabel } from '@ridgeline/shared/domain/loss-types';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button-variants';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { saveInspectionFields } from '../../offline/inspection-store';
import { useOnline } from '../../lib/session/session-provider';
import { useLocalInspection, type LocalInspection } from '../../offline/inspection-store';
import type { QueuedPhotoView } from '../../offline/upload-queue';
import { activityText } from './activity-words';
import { useInspectionActivity } from './api/inspection-activity';
import { useProjectForInspection } from './api/project-prefill';
import { useSessionEstimates } from './api/session-estimates';
import { useSessionMeasurements } from './api/session-measurements';
import { PhotoGallery } from './gallery/photo-gallery';
import { SessionScreen } from './components/session-screen';
import { BIG_ACTION, StickyActions } from '../../components/sticky-actions';
import { closingSteps, formatWhen, missingSteps, sessionAddress, sessionSteps, statusLabel, type SessionNumbers, type SessionStep } from './session-words';
import { useFieldUser } from './use-field-user';
import { useSessionShotPhotos, useShotList } from './session-shot-photos';
import { formatDay } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { ProgressBar } from '../../components/ui/progress-bar';

// /field-inspection/:sessionId: the session's overview: where it stands in each step (each capture
// phase by its required shots, as the capture screens and the analysis count them, then
// measurements, analysis, estimate and the claim file), links to every step, the timeline when
// online, and the photos.

function queuedByPhase(queued: readonly QueuedPhotoView[]): Partial<Record<CapturePhase, number>> {
  const counts: Partial<Record<CapturePhase, number>> = {};
  // Completed uploads are counted by the server's copy already; failed ones are not on their way.
  for (const photo of queued) {
    if (photo.status !== 'completed' && photo.status !== 'failed' && photo.metadata.phase)
      counts[photo.metadata.phase] = (counts[photo.metadata.phase] ?? 0) + 1;
  }
  return counts;
}

/**
 * The capture phases' shot lists once the server's photos are read (with this device's queued ones),
 * so each phase is done exactly when the analysis finds none of its required shots missing; null
 * while they are not known (no signal, not on the server yet, still reading).
 */
function usePhaseShotLists(session: LocalInspection) {
  const online = useOnline();
  const { photos, queued, uploaded } = useSessionShotPhotos(session.id, { readServer: online && !session.pendingCreate });
  const lists = useShotList(session.structures, photos);
  return { shotLists: uploaded.data ? lists : null, queued };
}

/** The session's measurement and estimate versions on the server, when there is a signal to ask. */
function useSessionNumbers(session: LocalInspection): SessionNumbers {
  const online = useOnline();
  const enabled = online && !session.pendingCreate;
  const measurements = useSessionMeasurements(session.id, { enabled });
  const estimates = useSessionEstimates(session.id, { enabled });
  return {
    measured: enabled ? measurements.data && measurements.data.measurements.length > 0 : undefined,
    estimateVersions: enabled ? estimates.data?.estimates.length : undefined,
  };
}

function Timeline({ session }: { session: LocalInspection }) {
  const online = useOnline();
  const activity = useInspectionActivity(session.id, session.updatedAt, online && !session.pendingCreate);
  return (
    <Card aria-labelledby="timeline-heading" className="flex flex-col gap-3">
      <CardTitle id="timeline-heading">Timeline</CardTitle>
      {!online || session.pendingCreate ? (
        <CardDescription>The timeline shows once this inspection is on the server and you are online.</CardDescription>
      ) : activity.isPending ? (
        <CardDescription>Loading the timeline…</CardDescription>
      ) : activity.isError ? (
        <CardDescription role="alert">{errorText(activity.error)}</CardDescription>
      ) : (
        <ol className="flex flex-col gap-2">
          {activity.data.entries.map((entry) => (
            <li key={entry.id} className="border-l-4 border-slate-300 pl-3">
              <p className="text-sm text-slate-900">{activityText(entry)}</p>
              <p className="text-xs text-slate-700">{[entry.actor?.name, formatWhen(entry.createdAt)].filter(Boolean).join(' · ')}</p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** The session's photos: the gallery (filters, lightbox, annotation) once the session is on the server and there is a signal. */
function SessionPhotosSection({ session }: { session: LocalInspection }) {
  const online = useOnline();
  if (online && !session.pendingCreate) return <PhotoGallery source={{ kind: 'session', id: session.id }} />;
  return (
    <Card aria-labelledby="session-photos-heading" className="flex flex-col gap-2">
      <CardTitle id="session-photos-heading">Photos</CardTitle>
      <CardDescription>
        {session.pendingCreate ? 'The photos show here once this inspection is on the server.' : 'The photos show here when you are back online.'}
      </CardDescription>
    </Card>
  );
}

/**
 * Completing the inspection: what is still missing is listed first (each a link to its step), and the
 * rep may complete it anyway; saved on the device and sent when online, like every edit of the session.
 * A completed inspection on a claim file moves the claim file forward on the server.
 */
function CompleteCard({ session, steps }: { session: LocalInspection; steps: readonly SessionStep[] }) {
  const userId = useFieldUser()?.userId;
  const missing = missingSteps(steps);
  async function setStatus(status: 'completed' | 'in_progress') {
    if (!userId) return;
    try {
      await saveInspectionFields(userId, session.id, { status });
      notify.success(status === 'completed' ? 'Inspection completed' : 'Inspection reopened');
    } catch (error) {
      notify.error('Not saved', errorText(error));
    }
  }
  if (session.status === 'completed') {
    return (
      <Card aria-labelledby="complete-heading" className="flex flex-col gap-2">
        <CardTitle id="complete-heading">Completion</CardTitle>
        <CardDescription>
          {session.completedAt ? `Completed ${formatWhen(session.completedAt)}.` : 'Completed on this device; it is sent when online.'}
        </CardDescription>
        <Button variant="secondary" className="self-start" onClick={() => void setStatus('in_progress')}>
          Reopen the inspection
        </Button>
      </Card>
    );
  }
  return (
    <Card aria-labelledby="complete-heading" className="flex flex-col gap-2">
      <CardTitle id="complete-heading">Complete the inspection</CardTitle>
      {missing.length === 0 ? (
        <CardDescription>Everything the areas chosen call for is here.</CardDescription>
      ) : (
        <>
          <CardDescription>Still missing:</CardDescription>
          <ul className="flex flex-col gap-1" aria-label="Still missing">
            {missing.map((step) => (
              <li key={step.key} className="text-sm text-slate-900">
                <span className="font-semibold">{step.label}</span>
                <span className="text-slate-700">: {step.detail}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Button className="self-start" onClick={() => void setStatus('completed')}>
        {missing.length === 0 ? 'Complete inspection' : 'Complete anyway'}
      </Button>
    </Card>
  );
}

/** The claim file the inspection is on, linked (its page lists its inspections): its title when it can be read. */
function ClaimFileLink({ projectId }: { projectId: string }) {
  const online = useOnline();
  const project = useProjectForInspection(projectId, online);
  return (
    <Link to={paths.project(projectId)} className="font-semibold text-blue-800 underline-offset-2 hover:underline">
      {project.data?.title ?? 'Open the claim file'}
    </Link>
  );
}

function Overview({ session }: { session: LocalInspection }) {
  const online = useOnline();
  const { shotLists, queued } = usePhaseShotLists(session);
  const steps = [...sessionSteps(session, queuedByPhase(queued), !online, shotLists), ...closingSteps(session, useSessionNumbers(session))];
  const counted = steps.filter((s) => !s.optional);
  const done = counted.filter((s) => s.done).length;
  const next = counted.find((s) => !s.done);
  return (
    <>
      <Card aria-labelledby="summary-heading" className="flex flex-col gap-2">
        <CardTitle id="summary-heading" className="flex flex-wrap items-center gap-2">
          Inspection <Badge tone={session.status === 'completed' ? 'success' : 'info'}>{statusLabel(session.status)}</Badge>
        </CardTitle>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-700">Claim file</dt>
          <dd className="text-slate-900">{session.projectId ? <ClaimFileLink projectId={session.projectId} /> : 'Not on a claim file yet'}</dd>
          <dt className="text-slate-700">Homeowner</dt>
          <dd className="text-slate-900">{session.homeownerName ?? '—'}</dd>
          <dt className="text-slate-700">Inspector</dt>
          <dd className="text-slate-900">{session.inspector?.name ?? '—'}</dd>
          <dt className="text-slate-700">Date of loss</dt>
          <dd className="text-slate-900">{session.dateOfLoss ? formatDay(session.dateOfLoss) : '—'}</dd>
          <dt className="text-slate-700">Loss type</dt>
          <dd className="text-slate-900">{session.lossType ? lossTypeLabel(session.lossType) : '—'}</dd>
        </dl>
        {/* Shingle ID started from the session: the address filled in, the identification linked to it. */}
        <Link
          to={paths.shingleIdFrom({ sessionId: session.id, address: session.street.trim() ? sessionAddress(session) : '' })}
          className="inline-flex min-h-11 items-center text-blue-800 underline-offset-2 hover:underline"
        >
          Identify the shingle
        </Link>
      </Card>
      <Card aria-labelledby="progress-heading" className="flex flex-col gap-3 p-0 sm:p-0">
        <div className="px-4 pt-4">
          <CardTitle id="progress-heading">Progress</CardTitle>
          <CardDescription>
            {done} of {counted.length} steps done
          </CardDescription>
          <ProgressBar
            label="Steps done"
            now={done}
            max={counted.length}
            percent={Math.round((done / Math.max(1, counted.length)) * 100)}
            className="mt-2 h-2 rounded-full bg-slate-200"
            barClassName="h-2 rounded-full bg-green-700"
          />
        </div>
        <ol className="divide-y divide-slate-200 border-t border-slate-200">
          {steps.map((step) => (
            <li key={step.key} className="relative flex min-h-14 items-center gap-3 px-4 py-2 hover:bg-slate-50">
              {step.done ? (
                <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-green-700" />
              ) : (
                <Circle aria-hidden="true" className="size-6 shrink-0 text-slate-500" />
              )}
              <span className="flex min-w-0 flex-1 flex-col">
                {/* Named by the step alone (its visible words); whether it is done and what it holds
                    are read after the name. The link covers the whole row for a thumb. */}
                <Link
                  to={step.to}
                  aria-describedby={`step-${step.key}-detail`}
                  className="font-semibold text-slate-900 after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-blue-600"
                >
                  {step.label}
                </Link>
                <span id={`step-${step.key}-detail`} className="truncate text-sm text-slate-700">
                  <span className="sr-only">{step.done ? 'Done: ' : step.optional ? '' : 'To do: '}</span>
                  {step.detail}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
            </li>
          ))}
        </ol>
      </Card>
      <CompleteCard session={session} steps={steps} />
      <SessionPhotosSection session={session} />
      <Timeline session={session} />
      <StickyActions>
        {next && session.status !== 'completed' ? (
          <Link to={next.to} className={buttonVariants({ size: 'lg', className: BIG_ACTION })}>
            Next: {next.label}
          </Link>
        ) : (
          <Link to={paths.fieldHub} className={buttonVariants({ size: 'lg', className: BIG_ACTION })}>
            Next: Back to Field Inspection
          </Link>
        )}
      </StickyActions>
    </>
  );
}

export default function SessionOverviewPage() {
  useDocumentTitle('Inspection Session');
  const { sessionId = '' } = useParams();
  const { session, loading } = useLocalInspection(sessionId, useFieldUser()?.userId);
  return (
    <SessionScreen title="Inspection overview" session={session} loading={loading} back={{ to: paths.fieldHub, label: 'Field Inspection' }}>
      {(loaded) => <Overview session={loaded} />}
    </SessionScreen>
  );
}
