import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SHINGLE_LAYERS_MAX, type ShingleVisionSuggestion } from '@ridgeline/shared/contracts/shingles';
import {
  NAIL_ZONE_LABELS,
  NAIL_ZONES,
  SEALANT_LABELS,
  SEALANTS,
  SHINGLE_CUT_LABELS,
  SHINGLE_CUTS,
  SHINGLE_TYPE_LABELS,
  SHINGLE_TYPES,
  rankShingles,
  type ShingleMeasurements,
} from '@ridgeline/shared/domain/shingle-id';
import { formatInches } from '@ridgeline/shared/domain/shingle-length';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../components/ui/form';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { useOnline, useSession } from '../../lib/session/session-provider';
import { notify } from '../../lib/toast';
import { newId } from '../../offline/outbox/ids';
import { discardShingleSave, saveShingleIdentification, useWaitingShingleSaves } from '../../offline/shingle-outbox';
import { enqueuePhotos } from '../../offline/upload-queue';
import { useShingleCatalog } from './api/catalog';
import { useRememberSaved } from './api/identifications';
import { useShingleVision } from './api/vision';
import { ClaimFilePicker, type PickedClaimFile } from './claim-file-picker';
import { EMPTY_FORM, measureFormSchema, toMeasurements, type MeasureFormValues } from './measure-form';
import { RankingView } from './ranking-view';
import { PhotoPicker, type PickedPhoto } from './shingle-photos';
import { SuggestFromPhoto } from './vision-suggestions';
import { paths } from '../../lib/paths';
import { ChoiceOptions } from '../../components/choice-options';

// /shingle-id: measure on the roof, rank on the phone. The catalog was kept on the phone at the
// last online visit, so the ranking works with no signal. Saving keeps the identification (under the
// id this screen gave it) and its photos on the phone and sends them when there is a connection; the
// server ranks again with the same shared code and saves one identification per id.

const UNKNOWN = { value: 'unknown', label: 'Not sure' };
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => [UNKNOWN, ...values.map((value) => ({ value, label: labels[value] }))];

/** The traits seen on the shingle, each a select starting at "Not sure". */
const TRAIT_FIELDS: readonly { name: 'type' | 'cut' | 'nailZone' | 'sealant'; label: string; choices: readonly { value: string; label: string }[] }[] = [
  { name: 'type', label: 'Type', choices: options(SHINGLE_TYPES, SHINGLE_TYPE_LABELS) },
  { name: 'cut', label: 'Cut', choices: options(SHINGLE_CUTS, SHINGLE_CUT_LABELS) },
  { name: 'nailZone', label: 'Nailing area', choices: options(NAIL_ZONES, NAIL_ZONE_LABELS) },
  { name: 'sealant', label: 'Sealant pattern', choices: options(SEALANTS, SEALANT_LABELS) },
];

const FORM_KEYS: Partial<Record<keyof ShingleMeasurements, keyof MeasureFormValues>> = {
  heightIn: 'height',
  type: 'type',
  cut: 'cut',
  nailZone: 'nailZone',
  sealant: 'sealant',
  granulesOnBack: 'granulesOnBack',
  tapeText: 'tapeText',
};

export default function ShingleIdPage() {
  useDocumentTitle('Shingle ID');
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId');
  const online = useOnline();
  const userId = useSession().user?.id ?? null;
  const navigate = useNavigate();
  const catalog = useShingleCatalog();
  const remember = useRememberSaved();
  const waiting = useWaitingShingleSaves(userId);
  // Started from a claim file (or an inspection): saved there. Otherwise the user may pick one.
  const fromClaimFile = params.get('projectId');
  const [picked, setPicked] = useState<PickedClaimFile | null>(null);
  const projectId = fromClaimFile ?? picked?.id ?? null;
  const [identificationId, setIdentificationId] = useState(() => newId());
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [saving, setSaving] = useState(false);
  // The save last kept on this device: the screen says so while it waits (it disappears once sent).
  const [keptId, setKeptId] = useState<string | null>(null);
  const form = useZodForm(measureFormSchema, { defaultValues: { ...EMPTY_FORM, address: params.get('address') ?? '' } });
  const [ranked, setRanked] = useState<MeasureFormValues | null>(null);
  // Suggestions from the face photo: offered only when the server says a provider is there, and online.
  const vision = useShingleVision();
  const facePhoto = photos.find((photo) => photo.kind === 'face') ?? null;
  const offerVision = online && vision.data?.available === true && facePhoto !== null;

  const measurements = useMemo(() => (ranked ? toMeasurements(ranked) : null), [ranked]);
  const ranking = useMemo(() => (measurements && catalog.data ? rankShingles(catalog.data.entries, measurements) : null), [measurements, catalog.data]);

  const rank = (values: MeasureFormValues) => {
    setRanked(values);
    requestAnimationFrame(() => document.getElementById('shingle-results')?.scrollIntoView({ block: 'start' }));
  };

  const answer = (key: keyof ShingleMeasurements, value: string) => {
    const field = FORM_KEYS[key];
    if (!field || !ranked) return;
    form.setValue(field, value as never);
    setRanked({ ...ranked, [field]: value });
  };

  const typeIn = (key: keyof ShingleMeasurements) => {
    const field = FORM_KEYS[key];
    if (field) form.setFocus(field);
  };

  // Suggestions fill the fields they name; the user may change them, and the ranking reads only the form.
  const applySuggestion = (suggestion: ShingleVisionSuggestion) => {
    const fields = { type: suggestion.type, cut: suggestion.cut, nailZone: suggestion.nailZone, sealant: suggestion.sealant } as const;
    for (const [field, value] of Object.entries(fields) as [keyof typeof fields, string | null][]) {
      if (value) form.setValue(field, value as never, { shouldDirty: true });
    }
    notify.success('Suggestions applied', 'Check them in the form, then rank the candidates.');
  };

  const pickClaimFile = (file: PickedClaimFile | null) => {
    setPicked(file);
    if (file?.address) form.setValue('address', file.address);
  };

  const saveResult = async () => {
    if (!ranked || !measurements || !ranking || !catalog.data || !userId) return;
    const id = identificationId;
    const address = form.getValues('address');
    const top = ranking.candidates[0];
    setSaving(true);
    try {
      const outcome = await saveShingleIdentification({
        id,
        userId,
        label: [top ? `${top.manufacturer} ${top.line}` : 'No catalog line fits', address].filter(Boolean).join(', '),
        input: {
          id,
          measurements,
          color: ranked.color,
          layers: ranked.layers ? Number(ranked.layers) : null,
          address,
          projectId,
          inspectionSessionId: sessionId,
          deviceCatalogVersion: catalog.data.version,
          deviceCandidateIds: ranking.candidates.map((candidate) => candidate.entryId),
        },
      });
      if ('refused' in outcome) {
        notify.error('Could not save the identification', outcome.refused);
        return;
      }
      // The photos wait on this device with the identification; the queue sends them once it has arrived.
      if (photos.length > 0) {
        await enqueuePhotos(
          userId,
          photos.map((photo) => ({
            file: photo.file,
            fileName: photo.file.name || `${photo.kind}.jpg`,
            sessionId: id,
            shingle: { kind: photo.kind },
            metadata: {
              category: 'other',
              subcategory: null,
              phase: null,
              photoType: null,
              notes: null,
              structureId: null,
              gpsCoords: null,
              timestamp: photo.file.lastModified || Date.now(),
            },
          })),
        );
      }
      if ('sent' in outcome) {
        remember(outcome.sent);
        notify.success(
          'Identification saved',
          outcome.sent.project ? `It is on the claim file ${outcome.sent.project.name}.` : 'It is in your shingle history.',
        );
        void navigate(paths.shingleResult(id));
        return;
      }
      setKeptId(id);
      setRanked(null);
      setPhotos([]);
      setIdentificationId(newId());
      form.reset({ ...EMPTY_FORM, address: fromClaimFile ? (params.get('address') ?? '') : '' });
    } catch (error) {
      notify.error('Could not save the identification', errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="Shingle ID">
        Measure a loose shingle to the nearest 1/16 in and note what you see: the catalog lines are ranked on this phone, signal or not.
      </PageHeader>
      {fromClaimFile && (
        <p className="text-sm text-slate-800">
          Saving to the claim file.{' '}
          <Link className="text-blue-800 underline" to={paths.project(fromClaimFile)}>
            Back to the claim file
          </Link>
        </p>
      )}
      {keptId && waiting.some((save) => save.id === keptId && !save.error) && (
        <Alert tone="info">Saved on this device. It will be sent when you are back online.</Alert>
      )}
      {waiting.length > 0 && (
        <section aria-labelledby="waiting-heading" className="flex flex-col gap-2">
          <h2 id="waiting-heading" className="text-base font-semibold text-slate-900">
            Saved on this device, not sent yet
          </h2>
          <ul className="flex flex-col gap-2">
            {waiting.map((save) => (
              <li key={save.id} className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
                <span className="min-w-0 break-words">{save.label}</span>
                {save.error ? (
                  <>
                    <span className="text-red-800">The server refused it: {save.error}</span>
                    <Button type="button" variant="secondary" size="sm" onClick={() => void discardShingleSave(save.id)}>
                      Discard
                    </Button>
                  </>
                ) : (
                  <span className="text-slate-700">Waiting for a connection</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {catalog.isError && !catalog.data && <Alert>{errorText(catalog.error)}</Alert>}
      {catalog.data && (
        <p className="text-sm text-slate-700">
          Catalog version {catalog.data.version}: {catalog.data.entries.length} product lines kept on this phone.{' '}
          <Link className="text-blue-800 underline" to={paths.shingleCatalog}>
            See the catalog
          </Link>
        </p>
      )}
      <Form form={form} onSubmit={rank} className="flex flex-col gap-4">
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-base font-semibold text-slate-900">Measurements</legend>
          <FormField<MeasureFormValues> name="exposure" label="Exposure" hint="e.g. 5 5/8, 5-5/8, 5.625 or 143 mm" autoComplete="off" />
          <FormField<MeasureFormValues> name="length" label="Length" hint="Along the eave, e.g. 39 3/8" autoComplete="off" />
          <FormField<MeasureFormValues> name="height" label="Height (if known)" hint="Eave to top edge, e.g. 13 1/4" autoComplete="off" />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">What you see</legend>
          {TRAIT_FIELDS.map((field) => (
            <FormField<MeasureFormValues> key={field.name} name={field.name} label={field.label} control="select">
              <ChoiceOptions choices={field.choices} />
            </FormField>
          ))}
          <FormField<MeasureFormValues> name="granulesOnBack" label="Granules on the back" control="select">
            <option value="unknown">Not sure</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </FormField>
          <FormField<MeasureFormValues> name="tapeText" label="Release-tape text or plant code" autoComplete="off" />
          <FormField<MeasureFormValues> name="color" label="Color" autoComplete="off" />
          <FormField<MeasureFormValues> name="layers" label="Layers on the roof" control="select">
            <option value="">Not counted</option>
            {Array.from({ length: SHINGLE_LAYERS_MAX }, (_, index) => String(index + 1)).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </FormField>
          {!fromClaimFile && !sessionId && <ClaimFilePicker picked={picked} onPick={pickClaimFile} className="sm:col-span-2" />}
          <FormField<MeasureFormValues> name="address" label="Address" autoComplete="street-address" className="sm:col-span-2" />
        </fieldset>
        <PhotoPicker photos={photos} onChange={setPhotos}>
          {offerVision && <SuggestFromPhoto key={facePhoto.key} photo={facePhoto.file} onApply={applySuggestion} />}
        </PhotoPicker>
        <FormError />
        <SubmitButton isSubmitting={catalog.isPending && !catalog.data} busyText="Loading the catalog…" className="w-full sm:w-auto">
          Rank candidates
        </SubmitButton>
      </Form>
      {ranking && measurements && catalog.data && (
        <section id="shingle-results" aria-labelledby="results-heading" className="flex scroll-mt-4 flex-col gap-4">
          <h2 id="results-heading" className="text-xl font-bold text-slate-900">
            Results (not saved)
          </h2>
          <p className="text-sm text-slate-700">
            Measured: exposure {measurements.exposureIn === null ? '—' : `${formatInches(measurements.exposureIn)} in`}, length{' '}
            {measurements.lengthIn === null ? '—' : `${formatInches(measurements.lengthIn)} in`}
            {measurements.heightIn !== null && `, height ${formatInches(measurements.heightIn)} in`}
          </p>
          <RankingView ranking={ranking} catalogVersion={catalog.data.version} onAnswer={answer} onType={typeIn} />
          {!online && (
            <Alert tone="warning">No signal: saving keeps the identification and its photos on this device and sends them when you are back online.</Alert>
          )}
          <Button type="button" onClick={() => void saveResult()} disabled={saving || !userId} className="w-full sm:w-auto">
            {saving ? 'Saving…' : projectId ? 'Save to the claim file' : 'Save identification'}
          </Button>
        </section>
      )}
    </div>
  );
}
