import { ELEVATIONS, photoShotLabel, STRUCTURE_KINDS, type CapturePhase } from '@ridgeline/shared/domain/field-capture';
import type { UploadStatus } from '@ridgeline/shared/domain/upload-queue';
import type { Shot } from '@ridgeline/shared/domain/shot-list';
import type { Structure } from '@ridgeline/shared/contracts/inspections';
import { ArrowLeft, ArrowRight, Camera, Images, Zap } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Skeleton } from '../../../components/ui/skeleton';
import { UploadProgressLine } from '../../../components/upload-progress-line';
import { useDocumentTitle } from '../../../components/use-document-title';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session/session-provider';
import { notify } from '../../../lib/toast';
import { useLocalInspection } from '../../../offline/inspection-store';
import { enqueuePhotos, photoFileSha256, prioritisePhase, useUploadSummary } from '../../../offline/upload-queue';
import { decidePick, knownPhotos, useSessionShotPhotos, useShotList } from '../session-shot-photos';
import { captureDetailsSchema, initialDetails, nextShotAfterCapture, queueItems, subcategoryOptions } from './capture-details';
import { PhotoTagFields } from '../photo-tag-fields';
import { PhaseThumbnails } from './phase-thumbnails';
import { ShotListView } from './shot-list-view';
import { TestSquareHits } from './test-square-hits';
import { useLastPosition } from './use-last-position';
import { paths } from '../../../lib/paths';
import { BackToSession } from '../components/back-to-session';

// One capture screen: the phase's shot list (captured vs missing), the details the next photos get,
// and a big capture button at the bottom for a gloved thumb naming the shot it fills, with "From
// library" and the way to the previous and next step above it. Everything reads this device's copy
// of the session and the upload queue, so it works with no network; the server's photos are merged
// in when they arrive, never waited for. After a capture the next missing required shot is chosen.
// One photo fills one shot: a file already in the session (by its SHA-256) is not queued again, and
// the rep is told which shot holds it; a photo the server refuses later is said at once, too.

/** The hidden file inputs the camera and library buttons open: any number of images. */
const PHOTO_FILES = { type: 'file', accept: 'image/*', multiple: true, className: 'hidden' } as const;

export type StepLink = { to: string; label: string };
/** A step of the bar, fixed or read from the session's structures (the walk skips the phases no area chosen calls for). */
export type StepFor = StepLink | ((structures: readonly Pick<Structure, 'areas'>[]) => StepLink);

type Props = {
  sessionId: string;
  phase: CapturePhase;
  title: string;
  intro: ReactNode;
  /** Keeps only some of the phase's shots (an elevation screen keeps its side). */
  shotFilter?: (shot: Shot) => boolean;
  previous: StepFor | null;
  next: StepFor | null;
  /** Only this device's data: no server read at all (the offline routes). */
  localOnly?: boolean;
};

/** Toasts a queued photo of the session as it fails (not the ones already failed when the screen opened). */
function useFailureNotices(queued: readonly { id: string; status: UploadStatus; error: string | null }[]) {
  const seen = useRef(new Map<string, UploadStatus>());
  useEffect(() => {
    for (const photo of queued) {
      const before = seen.current.get(photo.id);
      if (photo.status === 'failed' && before !== undefined && before !== 'failed') notify.error('Photo not uploaded', photo.error ?? undefined);
      seen.current.set(photo.id, photo.status);
    }
  }, [queued]);
}

export function CaptureScreen({ sessionId, phase, title, intro, shotFilter, previous: previousFor, next: nextFor, localOnly = false }: Props) {
  useDocumentTitle(title);
  const { user, isOnline } = useSession();
  const { session, loading } = useLocalInspection(sessionId, user?.id);
  const { photos, queued, uploaded } = useSessionShotPhotos(sessionId, { readServer: !localOnly && isOnline && Boolean(session) && !session?.pendingCreate });
  useFailureNotices(queued);
  const uploads = useUploadSummary({ sessionId });
  const position = useLastPosition();
  const cameraInput = useRef<HTMLInputElement>(null);
  const libraryInput = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const structures = useMemo(() => session?.structures ?? [], [session?.structures]);
  const phases = useShotList(structures, photos);
  const phaseList = phases.find((p) => p.phase === phase);
  const shots = useMemo(() => (phaseList?.shots ?? []).filter(shotFilter ?? (() => true)), [phaseList, shotFilter]);
  const required = shots.filter((s) => s.required);
  const requiredCaptured = required.filter((s) => s.count > 0).length;
  const stepOf = (step: StepFor | null) => (typeof step === 'function' ? step(structures) : step);
  const previous = stepOf(previousFor);
  const next = stepOf(nextFor);
  // Every required shot has its photo: the big button is the way on, named by the next step; the
  // camera stays a tap away in the bar above it.
  const phaseDone = required.length > 0 && requiredCaptured === required.length && next !== null;

  const form = useZodForm(captureDetailsSchema, { defaultValues: initialDetails(phase, [], []) });
  const [category, subcategory, structureId] = useWatch({ control: form.control, name: ['category', 'subcategory', 'structureId'] });
  // Once the session is read, the next photos go to the first missing required shot.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !session) return;
    started.current = true;
    form.reset(initialDetails(phase, shots, structures));
  }, [session, form, phase, shots, structures]);

  const subOptions = useMemo(() => subcategoryOptions(category, structures), [category, structures]);
  // A category chosen by hand drops a subcategory that is not one of its own.
  useEffect(() => {
    if (subcategory && !subOptions.some((s) => s.value === subcategory)) form.setValue('subcategory', '');
  }, [subOptions, subcategory, form]);

  const selectedKey =
    shots.find((s) => s.category === category && s.subcategory === subcategory && (s.structureId === null || s.structureId === structureId))?.key ?? null;
  const selectedShot = shots.find((s) => s.key === selectedKey);
  // The shot the capture button fills: the chosen shot, else the tags' own name ("Damage · Hail" reads "Hail").
  const target = selectedShot?.label ?? photoShotLabel({ category, subcategory });

  function selectShot(shot: Shot) {
    form.setValue('category', shot.category);
    form.setValue('subcategory', shot.subcategory);
    if (shot.structureId) form.setValue('structureId', shot.structureId);
  }

  function chooseShot(shot: Shot) {
    selectShot(shot);
    cameraInput.current?.click();
  }

  /** The files that may be queued for these tags (one photo fills one shot), and the words for the others. */
  async function sortPicked(files: File[], tags: { category: string; subcategory: string | null; structureId: string | null }) {
    const known = knownPhotos(uploaded.data?.photos ?? [], queued);
    const accepted: { file: File; sha256: string }[] = [];
    const refused: string[] = [];
    for (const file of files) {
      const sha256 = await photoFileSha256(file);
      const decision = accepted.some((a) => a.sha256 === sha256)
        ? { kind: 'same-shot' as const, message: '' }
        : decidePick(sha256, tags, known, structures, phases);
      if (decision.kind === 'new') accepted.push({ file, sha256 });
      else if (decision.message) refused.push(decision.message);
    }
    return { accepted, refused };
  }

  async function onFiles(event: ChangeEvent<HTMLInputElement>, fromCamera: boolean) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    if (!user) {
      notify.error('Photos not saved', 'Sign in again to capture photos.');
      return;
    }
    const valid = await form.trigger();
    const details = captureDetailsSchema.safeParse(form.getValues());
    if (!valid || !details.success) {
      notify.error('Photos not saved', 'Check the photo details first.');
      return;
    }
    try {
      const tags = { category: details.data.category, subcategory: details.data.subcategory || null, structureId: details.data.structureId || null };
      const { accepted, refused } = await sortPicked(files, tags);
      if (refused.length > 0) {
        const words = [...new Set(refused)].join(' ');
        setAnnouncement(words);
        notify.error(refused.length === 1 ? 'Photo not added' : `${refused.length} photos not added`, words);
      }
      if (accepted.length === 0) return;
      const items = queueItems(
        accepted.map((a) => a.file),
        { sessionId, phase, details: details.data, position: position(), fromCamera, now: Date.now() },
      ).map((item, index) => ({ ...item, sha256: accepted[index]?.sha256 }));
      await enqueuePhotos(user.id, items);
      const next = nextShotAfterCapture(shots, selectedKey);
      const words = `${accepted.length} photo${accepted.length === 1 ? '' : 's'} added to ${target}`;
      const moved = next && next.key !== selectedKey ? next : null;
      setAnnouncement(moved ? `${words}. Next: ${moved.label}` : words);
      notify.success(words, 'They upload in the background, also after a reload or with no signal for now.');
      form.setValue('notes', '');
      if (moved) selectShot(moved);
    } catch (error) {
      notify.error('Photos not saved', errorText(error));
    }
  }

  async function prioritise() {
    if (!user) return;
    try {
      await prioritisePhase(user.id, sessionId, phase);
      notify.success('Phase prioritized', `${phaseList?.label ?? 'This phase'} photos upload first.`);
    } catch (error) {
      notify.error('Could not prioritize', errorText(error));
    }
  }

  if (loading) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-3">
        <p role="status" className="sr-only">
          Loading the inspection…
        </p>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (!session) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <Alert>This inspection is not on this device. Open it once with a signal, or start a new one.</Alert>
        <Button asChild variant="secondary" size="lg">
          <Link to={paths.fieldHub}>Back to field inspections</Link>
        </Button>
      </div>
    );
  }

  const categoryOf = (kind: string) => STRUCTURE_KINDS.find((k) => k.value === kind)?.label ?? kind;

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 pb-52">
      <header className="flex flex-col gap-2">
        <BackToSession sessionId={sessionId}>{session.street || 'Inspection'}</BackToSession>
        <h1 className="text-2xl font-bold text-slate-950">{title}</h1>
        <p className="text-slate-800">{intro}</p>
        <p className="text-base font-semibold text-slate-950" data-testid="required-progress">
          {required.length === 0 ? 'No required shots here' : `${requiredCaptured} of ${required.length} required shots captured`}
        </p>
        <UploadProgressLine summary={uploads} />
        <Button variant="secondary" className="self-start whitespace-normal" onClick={() => void prioritise()}>
          <Zap aria-hidden="true" className="size-5" />
          Prioritize this phase
        </Button>
      </header>

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <section aria-labelledby="shots-title" className="flex flex-col gap-2">
        <h2 id="shots-title" className="text-lg font-semibold text-slate-950">
          Shot list
        </h2>
        {shots.length === 0 ? (
          <p className="text-slate-800">Nothing is expected here for the areas chosen. Photos taken here are kept with this phase.</p>
        ) : (
          <ShotListView shots={shots} selectedKey={selectedKey} onShoot={chooseShot} />
        )}
      </section>

      {phase === 'elevations' && !shotFilter && (
        <nav aria-label="Sides of the building" className="grid grid-cols-4 gap-2">
          {ELEVATIONS.map((e) => (
            <Button key={e.value} asChild variant="secondary" size="lg" className="px-2">
              <Link to={paths.fieldElevation(sessionId, e.value)}>{e.label}</Link>
            </Button>
          ))}
        </nav>
      )}

      {phase === 'roof' && user && <TestSquareHits session={session} userId={user.id} />}

      <Card aria-labelledby="details-title" className="flex flex-col gap-3">
        <CardTitle id="details-title">Photo details</CardTitle>
        <p className="text-sm text-slate-700">The next photos get these tags. You can change them later in the gallery.</p>
        <Form form={form} onSubmit={() => cameraInput.current?.click()} aria-labelledby="details-title">
          <PhotoTagFields subcategories={subOptions}>
            {structures.length > 1 && (
              <FormField name="structureId" label="Structure" control="select">
                {structures.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({categoryOf(s.kind)})
                  </option>
                ))}
              </FormField>
            )}
          </PhotoTagFields>
          <FormField name="notes" label="Notes" control="textarea" rows={2} placeholder="What the photo shows" />
        </Form>
      </Card>

      <PhaseThumbnails sessionId={sessionId} phase={phase} uploaded={uploaded.data?.photos ?? []} queued={queued} />

      <input
        ref={cameraInput}
        {...PHOTO_FILES}
        capture="environment"
        aria-label="Take photos"
        data-testid="camera-input"
        onChange={(event) => void onFiles(event, true)}
      />
      <input
        ref={libraryInput}
        {...PHOTO_FILES}
        aria-label="Choose photos from the library"
        data-testid="library-input"
        onChange={(event) => void onFiles(event, false)}
      />

      {/* Three equal thirds above the full-width button: nothing is squeezed at 360 px. */}
      <div
        data-capture-bar=""
        className="fixed inset-x-0 bottom-0 z-30 flex flex-col gap-2 border-t-2 border-slate-900 bg-white px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] lg:left-60"
      >
        <div className="mx-auto grid w-full max-w-xl grid-cols-3 gap-2">
          {previous ? <StepButton step={previous} direction="previous" /> : <span />}
          <Button
            variant="secondary"
            className="min-h-12 min-w-0 flex-col gap-0 px-1 leading-tight whitespace-normal"
            onClick={() => libraryInput.current?.click()}
          >
            <Images aria-hidden="true" className="size-5" />
            From library
          </Button>
          {phaseDone ? (
            <Button
              variant="secondary"
              className="min-h-12 min-w-0 flex-col gap-0 px-1 leading-tight whitespace-normal"
              onClick={() => cameraInput.current?.click()}
              data-testid="capture-button"
            >
              <Camera aria-hidden="true" className="size-5" />
              <span>Take photo</span>
              <span className="max-w-full truncate text-xs font-normal">{target}</span>
            </Button>
          ) : next ? (
            <StepButton step={next} direction="next" />
          ) : (
            <span />
          )}
        </div>
        <div className="mx-auto flex w-full max-w-xl">
          {phaseDone && next ? (
            <Button asChild size="lg" className="min-h-[72px] w-full min-w-0 text-lg">
              <Link to={next.to} data-testid="next-step-button">
                <ArrowRight aria-hidden="true" className="size-7" />
                <span className="flex min-w-0 flex-col items-start leading-tight">
                  <span>Next: {next.label}</span>
                  <span className="max-w-full truncate text-sm font-normal">Every required shot is captured</span>
                </span>
              </Link>
            </Button>
          ) : (
            <Button size="lg" className="min-h-[72px] w-full min-w-0 text-lg" onClick={() => cameraInput.current?.click()} data-testid="capture-button">
              <Camera aria-hidden="true" className="size-7" />
              <span className="flex min-w-0 flex-col items-start leading-tight">
                <span>Take photo</span>
                <span className="max-w-full truncate text-sm font-normal">{target}</span>
              </span>
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/** The previous or next step: an arrow over the step's name, a third of the bar wide. */
function StepButton({ step, direction }: { step: StepLink; direction: 'previous' | 'next' }) {
  const Arrow = direction === 'previous' ? ArrowLeft : ArrowRight;
  return (
    <Button asChild variant="secondary" className="min-h-12 min-w-0 flex-col gap-0 px-1 leading-tight whitespace-normal">
      <Link to={step.to}>
        <Arrow aria-hidden="true" className="size-5" />
        <span className="sr-only">{direction === 'previous' ? 'Previous: ' : 'Next: '}</span>
        <span className="max-w-full text-center">{step.label}</span>
      </Link>
    </Button>
  );
}
