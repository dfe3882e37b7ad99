import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_HAIL_HIT_THRESHOLD, RECOMMENDATION_LABELS, type Recommendation } from '@ridgeline/shared/domain/inspection-analysis';
import { Alert } from '../../components/ui/alert';
import { buttonVariants } from '../../components/ui/button-variants';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCompany } from '../../lib/api/company';
import { cn } from '../../lib/cn';
import { useOnline } from '../../lib/session/session-provider';
import { useLocalInspection, type LocalInspection } from '../../offline/inspection-store';
import { analysisFacts, type AnalysisFacts } from './analysis-facts';
import { SessionScreen } from './components/session-screen';
import { BIG_ACTION, StickyActions } from '../../components/sticky-actions';
import { useFieldUser } from './use-field-user';
import { useSessionShotPhotos } from './session-shot-photos';
import { paths } from '../../lib/paths';

// /field-inspection/:sessionId/analysis: what the inspection found and what it means. Photos per roof
// slope and per elevation, each test square's hits, the required shots still missing, and the
// recommendation (replace, repair, not enough evidence) with the facts that led to it, then what to
// do next. It reads this device's session and upload queue, the server's photos when there is a
// signal (the last ones read otherwise), and the company's hail-hit threshold (the last one read,
// or the default, with no signal).

const TONE: Record<Recommendation, string> = {
  replace: 'border-red-700 bg-red-50',
  repair: 'border-amber-600 bg-amber-50',
  not_enough_evidence: 'border-slate-500 bg-slate-50',
};

const photos = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

/** "Main house: " before a structure's rows when the session has several. */
function StructurePrefix({ name, many }: { name: string; many: boolean }) {
  return many ? <span className="text-slate-700">{name}: </span> : null;
}

function RecommendationCard({ facts, threshold, thresholdKnown }: { facts: AnalysisFacts; threshold: number; thresholdKnown: boolean }) {
  const { recommendation, reasons } = facts.analysis;
  return (
    <Card aria-labelledby="recommendation-heading" className={cn('flex flex-col gap-2 border-2', TONE[recommendation])}>
      <CardTitle id="recommendation-heading" className="text-xl">
        Recommendation: {RECOMMENDATION_LABELS[recommendation]}
      </CardTitle>
      <ul aria-label="Reasons" className="flex list-disc flex-col gap-1 pl-5 text-base text-slate-900">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        Replace when a slope’s test square has {threshold} hits or more
        {thresholdKnown ? ' (your company’s threshold, set in Settings).' : ' (the default: your company’s own threshold could not be read).'}
      </p>
    </Card>
  );
}

function SlopesCard({ facts, many }: { facts: AnalysisFacts; many: boolean }) {
  return (
    <Card aria-labelledby="slopes-heading" className="flex flex-col gap-2">
      <CardTitle id="slopes-heading">Roof slopes and test squares</CardTitle>
      {facts.slopes.length === 0 ? (
        <CardDescription>No roof slope is on the inspection: add the roof and its slopes under Areas to inspect.</CardDescription>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {facts.slopes.map((slope) => (
            <li key={slope.key} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="text-base font-semibold text-slate-900">
                <StructurePrefix name={slope.structureName} many={many} />
                {slope.direction} slope
              </span>
              <span className="text-sm text-slate-800">
                {photos(slope.slopePhotos)} · Test square <strong className="text-base text-slate-950">{slope.testSquare}</strong>
                {slope.hits === null ? ' (not counted)' : ` (${photos(slope.testSquarePhotos)})`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ElevationsCard({ facts, many }: { facts: AnalysisFacts; many: boolean }) {
  return (
    <Card aria-labelledby="elevations-heading" className="flex flex-col gap-2">
      <CardTitle id="elevations-heading">Elevations</CardTitle>
      {facts.elevations.length === 0 ? (
        <CardDescription>No side of a building is on the inspection.</CardDescription>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {facts.elevations.map((elevation) => (
            <li key={elevation.key} className="flex items-baseline justify-between gap-3 py-2">
              <span className="text-base text-slate-900">
                <StructurePrefix name={elevation.structureName} many={many} />
                {elevation.label}
              </span>
              <span className="text-sm text-slate-800">{elevation.photos === 0 ? 'No photo' : photos(elevation.photos)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-700">Damage photos: {facts.damagePhotos}</p>
    </Card>
  );
}

function MissingCard({ facts, phasePath }: { facts: AnalysisFacts; phasePath: (phase: string) => string }) {
  return (
    <Card aria-labelledby="missing-heading" className="flex flex-col gap-2">
      <CardTitle id="missing-heading">Missing required shots</CardTitle>
      {facts.missing.length === 0 ? (
        <CardDescription>Every required shot has a photo.</CardDescription>
      ) : (
        <ul className="flex flex-col gap-2">
          {facts.missing.map((shot) => (
            <li key={shot.key}>
              <Link
                to={phasePath(shot.phase)}
                className={buttonVariants({ variant: 'secondary', className: 'min-h-12 w-full justify-start text-left whitespace-normal' })}
              >
                {shot.phaseLabel} photos: {shot.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Analysis({ session }: { session: LocalInspection }) {
  const online = useOnline();
  const onServer = !session.pendingCreate;
  const { photos: shotPhotos, uploaded } = useSessionShotPhotos(session.id, { readServer: online && onServer });
  const company = useCompany();
  const threshold = company.data?.hailHitThreshold ?? DEFAULT_HAIL_HIT_THRESHOLD;

  const facts = useMemo(() => analysisFacts(session.structures, shotPhotos, threshold), [session.structures, shotPhotos, threshold]);
  const many = session.structures.length > 1;
  // The device's own capture screens: the offline ones never wait on the network.
  const phasePath = (phase: string) => paths.fieldPhase(session.id, phase, !online);
  const waitingForPhotos = online && onServer && uploaded.isPending;
  const waitingForThreshold = company.isPending && online;

  return (
    <>
      {!uploaded.data && onServer && !online && (
        <Alert tone="warning">No signal: photos already uploaded from other devices are not counted until you are back online; this device’s photos are.</Alert>
      )}
      {uploaded.isError && <Alert>The uploaded photos could not be read, so only this device’s photos are counted.</Alert>}
      {waitingForPhotos || waitingForThreshold ? (
        <Card aria-labelledby="recommendation-heading" className="flex flex-col gap-2">
          <CardTitle id="recommendation-heading">Recommendation</CardTitle>
          <p role="status" className="sr-only">
            Reading the photos…
          </p>
          <Skeleton className="h-20" />
        </Card>
      ) : (
        <RecommendationCard facts={facts} threshold={threshold} thresholdKnown={Boolean(company.data)} />
      )}
      <SlopesCard facts={facts} many={many} />
      <ElevationsCard facts={facts} many={many} />
      <MissingCard facts={facts} phasePath={phasePath} />
      <StickyActions>
        <Link to={paths.fieldInspection(session.id, 'estimate')} className={buttonVariants({ size: 'lg', className: BIG_ACTION })}>
          Estimate
        </Link>
        <Link to={paths.fieldInspection(session.id, 'measurements')} className={buttonVariants({ size: 'lg', variant: 'secondary', className: BIG_ACTION })}>
          Measurements
        </Link>
      </StickyActions>
    </>
  );
}

export default function AnalysisPage() {
  useDocumentTitle('Analysis');
  const { sessionId = '' } = useParams();
  const { session, loading } = useLocalInspection(sessionId, useFieldUser()?.userId);
  return (
    <SessionScreen title="Analysis" session={session} loading={loading}>
      {(loaded) => <Analysis session={loaded} />}
    </SessionScreen>
  );
}
