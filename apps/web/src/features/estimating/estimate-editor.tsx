import { Calculator, Download, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Estimate, EstimateInput, EstimateLine, Measurement, PriceListItem } from '@ridgeline/shared/contracts/estimating';
import type { IceBarrierSettingView } from '@ridgeline/shared/contracts/team-views';
import { DEFAULT_PRICE_LIST, NO_RECORDED_DAMAGE, unpricedDamage, type FormulaInputs, type RecordedDamage } from '@ridgeline/shared/domain/estimate';
import { EAVES_ICE_BARRIER } from '@ridgeline/shared/domain/ice-barrier';
import { Alert, AlertBox } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { TitledCard } from '../../components/titled-card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import { useCompany } from '../../lib/api/company';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useCreateEstimate } from './api/estimate-create';
import { estimateCsvHref } from './api/estimate-export';
import { useEstimates } from './api/estimate-list';
import { useUpdateEstimate } from './api/estimate-update';
import { usePriceList } from './api/price-list';
import { useSessionMeasurement } from './api/session-measurement';
import { CarrierScopeSection } from './estimate/carrier-scope';
import {
  draftFromEstimate,
  draftSupplement,
  draftTotals,
  emptyDraft,
  formulaLines,
  parsePercent,
  recalculated,
  sameAsSaved,
  type EstimateDraft,
} from './estimate/draft';
import { EstimateVersionView } from './estimate/estimate-version-view';
import { IceBarrierNote } from './estimate/ice-barrier-note';
import { LineDialog } from './estimate/line-dialog';
import { LinesTable, type LinePhoto } from './estimate/lines-table';
import { Switch } from './estimate/op-switch';
import { SupplementList } from './estimate/supplement-list';
import { TotalsList } from './estimate/totals-list';
import { VersionsList } from './estimate/versions-list';
import { BIG_ACTION, StickyActions } from '../../components/sticky-actions';

// A session's estimate. With nothing saved yet, its lines are the measurement's formula lines priced
// from the company's list: the damage beyond the roof that the inspection photographed (each line with
// its photos; a kind photographed but not counted is named, not priced), and the ice barrier where the
// company's jurisdiction requires it. Then lines are edited, added and removed, depreciation and O&P
// set, and the carrier's scope entered for the supplement check. "Save estimate" saves the latest version in
// place (the first save creates version 1); "Save as new version" keeps the latest as it was.

type Props = {
  sessionId: string;
  /** The session's Measurements step. */
  measurementsPath: string;
  /** The step after a saved estimate (a link). */
  nextStep?: ReactNode;
  /** What the inspection's photos record beyond the roof (gutters, siding, windows ...), for the formula lines. */
  damage?: RecordedDamage;
  /** The inspection's photos by id, to show the photos each line names. */
  photos?: ReadonlyMap<string, LinePhoto>;
};

const toInput = (draft: EstimateDraft): EstimateInput => ({ ...draft });

function DepreciationFields({ draft, onChange }: { draft: EstimateDraft; onChange: (draft: EstimateDraft) => void }) {
  const [overall, setOverall] = useState(draft.overallDepreciationBp ? String(draft.overallDepreciationBp / 100) : '');
  const parsed = parsePercent(overall);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id="depreciation-mode" label="Depreciation">
        <NativeSelect
          value={draft.depreciationMode}
          onChange={(event) => onChange({ ...draft, depreciationMode: event.target.value === 'line' ? 'line' : 'overall' })}
          className="min-h-12 text-base"
        >
          <option value="overall">One percentage of RCV</option>
          <option value="line">Per line</option>
        </NativeSelect>
      </Field>
      {draft.depreciationMode === 'overall' && (
        <Field id="depreciation-overall" label="Depreciation %" error={parsed === undefined ? 'Enter a percentage from 0 to 100' : undefined}>
          <Input
            value={overall}
            inputMode="decimal"
            autoComplete="off"
            className="min-h-12 text-base"
            onChange={(event) => {
              setOverall(event.target.value);
              const bp = parsePercent(event.target.value);
              if (bp !== undefined) onChange({ ...draft, overallDepreciationBp: bp ?? 0 });
            }}
          />
        </Field>
      )}
    </div>
  );
}

type EditorProps = Props & {
  initial: EstimateDraft;
  versions: readonly Estimate[];
  measurement: Measurement | null;
  /** The measurement was read (null then means there is none). */
  measurementRead: boolean;
  priceList: readonly PriceListItem[];
  /** What the formulas read beside the measurement. */
  inputs: FormulaInputs;
  /** The company's ice barrier setting (null when the company could not be read). */
  iceBarrier: IceBarrierSettingView | null;
};

function DraftEditor({
  sessionId,
  measurementsPath,
  nextStep,
  initial,
  versions,
  measurement,
  measurementRead,
  priceList,
  inputs,
  iceBarrier,
  photos,
}: EditorProps) {
  const [draft, setDraft] = useState(initial);
  // The latest version as this screen last saved or read it (the list refetches after a save).
  const [saved, setSaved] = useState<Estimate | undefined>(versions.find((v) => v.isLatest) ?? versions[0]);
  const [viewing, setViewing] = useState<Estimate | null>(null);
  const [lineDialog, setLineDialog] = useState<{ line: EstimateLine | undefined } | null>(null);
  const [confirmRecalculate, setConfirmRecalculate] = useState(false);
  const create = useCreateEstimate();
  const update = useUpdateEstimate();
  const busy = create.isPending || update.isPending;

  const unpriced = measurement ? unpricedDamage(measurement.structures, inputs.damage) : [];
  const structureName = (id: string) => measurement?.structures.find((s) => s.structureId === id)?.name ?? 'the property';
  const totals = draftTotals(draft);
  const supplement = draftSupplement(draft);
  const clean = sameAsSaved(draft, saved);
  const perLine = draft.depreciationMode === 'line';
  const latestId = saved?.id ?? null;
  const shownVersions = versions.some((v) => v.id === saved?.id) || !saved ? versions : [saved, ...versions.map((v) => ({ ...v, isLatest: false }))];

  const saveLine = (line: EstimateLine) =>
    setDraft((d) => ({ ...d, lines: d.lines.some((l) => l.id === line.id) ? d.lines.map((l) => (l.id === line.id ? line : l)) : [...d.lines, line] }));

  const afterSave = (estimate: Estimate) => {
    setSaved(estimate);
    setDraft(draftFromEstimate(estimate));
    setViewing(null);
  };

  const save = async () => {
    try {
      const estimate = saved ? await update.mutateAsync({ id: saved.id, input: toInput(draft) }) : await create.mutateAsync({ sessionId, ...toInput(draft) });
      afterSave(estimate);
      notify.success('Estimate saved');
    } catch (error) {
      notify.error('The estimate was not saved', errorText(error));
    }
  };

  const saveAsNewVersion = async () => {
    try {
      const estimate = await create.mutateAsync({ sessionId, ...toInput(draft) });
      afterSave(estimate);
      notify.success(`Version ${estimate.version} saved`);
    } catch (error) {
      notify.error('The new version was not saved', errorText(error));
    }
  };

  return (
    <>
      {shownVersions.length > 0 && (
        <VersionsList versions={shownVersions} openId={viewing?.id ?? latestId} onOpen={(estimate) => setViewing(estimate.id === latestId ? null : estimate)} />
      )}

      {viewing ? (
        <EstimateVersionView estimate={viewing} headingLevel="h2">
          <Button variant="secondary" size="lg" onClick={() => setViewing(null)}>
            Back to the latest version
          </Button>
        </EstimateVersionView>
      ) : (
        <>
          {!measurement && measurementRead && (
            <Alert tone="info">
              This inspection has no measurements yet, so no line was computed. Enter them in the{' '}
              <Link to={measurementsPath} className="font-semibold underline">
                Measurements step
              </Link>
              , or add lines by hand.
            </Alert>
          )}

          {unpriced.length > 0 && (
            <AlertBox tone="info" role="region" aria-labelledby="unpriced-heading">
              <p id="unpriced-heading" className="font-semibold">
                Photographed, not priced yet
              </p>
              <ul className="list-disc pl-5">
                {unpriced.map((d) => (
                  <li key={`${d.code}:${d.structureId}`}>
                    {d.label} on {structureName(d.structureId)} ({d.photoIds.length === 1 ? '1 photo' : `${d.photoIds.length} photos`}): enter {d.needs} in the{' '}
                    <Link to={measurementsPath} className="font-semibold underline">
                      Measurements step
                    </Link>
                    , then recalculate.
                  </li>
                ))}
              </ul>
            </AlertBox>
          )}

          <Card aria-labelledby="lines-heading" className="flex flex-col gap-3">
            <div>
              <CardTitle id="lines-heading">Line items</CardTitle>
              <CardDescription>
                {saved ? `Version ${saved.version}${clean ? '' : ': changes not saved yet'}` : 'Not saved yet'}. Lines under a measurement were computed from
                it.
              </CardDescription>
              {measurement && <IceBarrierNote setting={iceBarrier} />}
            </div>
            {draft.lines.length === 0 ? (
              <p className="text-sm text-slate-700">No lines yet.</p>
            ) : (
              <LinesTable
                lines={draft.lines}
                photos={photos}
                caption="Estimate lines"
                perLineDepreciation={perLine}
                onEdit={(line) => setLineDialog({ line })}
                onRemove={(line) => setDraft((d) => ({ ...d, lines: d.lines.filter((l) => l.id !== line.id) }))}
              />
            )}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="secondary" size="lg" onClick={() => setLineDialog({ line: undefined })}>
                <Plus aria-hidden="true" className="size-5" />
                Add line
              </Button>
              {measurement && (
                <Button variant="secondary" size="lg" className="whitespace-normal" onClick={() => setConfirmRecalculate(true)}>
                  <Calculator aria-hidden="true" className="size-5" />
                  Recalculate from measurements
                </Button>
              )}
              {saved && clean && (
                <a href={estimateCsvHref(saved.id)} download className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
                  <Download aria-hidden="true" className="size-5" />
                  Export CSV
                </a>
              )}
            </div>
          </Card>

          <TitledCard id="totals-heading" title="Totals">
            <Switch label="Overhead & profit" checked={draft.opEnabled} onChange={(opEnabled) => setDraft((d) => ({ ...d, opEnabled }))} />
            <DepreciationFields draft={draft} onChange={setDraft} />
            <TotalsList totals={totals} opEnabled={draft.opEnabled} label="Estimate totals" />
          </TitledCard>

          <CarrierScopeSection scope={draft.carrierScope} onChange={(carrierScope) => setDraft((d) => ({ ...d, carrierScope }))} />

          <Card aria-labelledby="supplement-heading" className="flex flex-col gap-3">
            <div>
              <CardTitle id="supplement-heading">Supplement check</CardTitle>
              <CardDescription>What our estimate has that the carrier's scope lacks or under-counts. It is saved with the estimate.</CardDescription>
            </div>
            {draft.carrierScope.length === 0 ? (
              <p className="text-sm text-slate-700">Enter the carrier's scope above to compare it with this estimate.</p>
            ) : clean && saved ? (
              <SupplementList
                items={saved.supplement}
                title={`Saved with version ${saved.version}`}
                description={saved.sessionAddress ?? undefined}
                printable
              />
            ) : (
              <SupplementList items={supplement} title="Preview (not saved yet)" printable />
            )}
          </Card>

          <StickyActions wide>
            <Button size="lg" className={BIG_ACTION} disabled={busy} onClick={() => void save()}>
              {busy ? 'Saving…' : 'Save estimate'}
            </Button>
            {saved && (
              <Button variant="secondary" size="lg" className={BIG_ACTION} disabled={busy} onClick={() => void saveAsNewVersion()}>
                Save as new version
              </Button>
            )}
          </StickyActions>

          {saved && nextStep && (
            <Card aria-labelledby="next-step-heading" className="flex flex-col gap-2">
              <CardTitle id="next-step-heading">Next step</CardTitle>
              <CardDescription>The estimate is saved. Make the claim file, or attach this inspection to one.</CardDescription>
              {nextStep}
            </Card>
          )}
        </>
      )}

      <LineDialog
        open={lineDialog !== null}
        line={lineDialog?.line}
        priceList={priceList}
        perLineDepreciation={perLine}
        onSave={saveLine}
        onClose={() => setLineDialog(null)}
      />

      <Dialog open={confirmRecalculate} onOpenChange={setConfirmRecalculate}>
        <DialogContent closeLabel="Close">
          <DialogHeader>
            <DialogTitle>Recalculate from measurements?</DialogTitle>
            <DialogDescription>
              The lines computed from the measurements are replaced (with any edits made to them); lines you added by hand stay.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="secondary" size="lg" onClick={() => setConfirmRecalculate(false)}>
              Cancel
            </Button>
            <Button
              size="lg"
              onClick={() => {
                if (measurement) setDraft((d) => recalculated(d, measurement.structures, priceList, inputs));
                setConfirmRecalculate(false);
              }}
            >
              Recalculate
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The estimate step of a session: loads its versions, its measurement and the price list, then the editor. */
export function EstimateEditor(props: Props) {
  const estimates = useEstimates({ sessionId: props.sessionId });
  const measurement = useSessionMeasurement(props.sessionId);
  const priceList = usePriceList();
  const company = useCompany();

  if (estimates.isPending || measurement.isPending || priceList.isPending || company.isPending) {
    return <Skeleton className="h-64" aria-label="Loading the estimate" />;
  }
  if (estimates.isError) {
    return (
      <Alert>
        The estimate could not be read: {errorText(estimates.error)}{' '}
        <Button variant="link" size="inline" onClick={() => void estimates.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const prices: readonly PriceListItem[] = priceList.data?.items ?? DEFAULT_PRICE_LIST;
  const iceBarrier = company.data?.iceBarrier ?? null;
  const inputs: FormulaInputs = { damage: props.damage ?? NO_RECORDED_DAMAGE, iceBarrier: iceBarrier ?? EAVES_ICE_BARRIER };
  const found = measurement.data ?? null;
  const versions = estimates.data.estimates;
  const latest = versions.find((v) => v.isLatest) ?? versions[0];
  const initial = latest ? draftFromEstimate(latest) : emptyDraft(found ? formulaLines(found.structures, prices, inputs) : []);
  return (
    <>
      {measurement.isError && <Alert>The measurements could not be read: {errorText(measurement.error)}</Alert>}
      {priceList.isError && <Alert tone="warning">The price list could not be read ({errorText(priceList.error)}): new lines use the standard prices.</Alert>}
      {company.isError && (
        <Alert tone="warning">The company settings could not be read ({errorText(company.error)}): new lines include the ice barrier at the eaves.</Alert>
      )}
      <DraftEditor
        key={props.sessionId}
        {...props}
        initial={initial}
        versions={versions}
        measurement={found}
        measurementRead={measurement.isSuccess}
        priceList={prices}
        inputs={inputs}
        iceBarrier={iceBarrier}
      />
    </>
  );
}
