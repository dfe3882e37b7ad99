import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SHINGLE_LAYERS_MAX } from '@ridgeline/shared/contracts/shingles';
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
import { useOnline } from '../../lib/session/session-provider';
import { notify } from '../../lib/toast';
import { useShingleCatalog } from './api/catalog';
import { useSaveIdentification } from './api/identifications';
import { EMPTY_FORM, measureFormSchema, toMeasurements, type MeasureFormValues } from './measure-form';
import { RankingView } from './ranking-view';

// /shingle-id: measure on the roof, rank on the phone. The catalog was kept on the phone at the
// last online visit, so the ranking works with no signal; saving sends the measurements and the
// phone's answer, and the server ranks again with the same shared code.

const UNKNOWN = { value: 'unknown', label: 'Not sure' };
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => [UNKNOWN, ...values.map((value) => ({ value, label: labels[value] }))];

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
  const projectId = params.get('projectId');
  const sessionId = params.get('sessionId');
  const online = useOnline();
  const navigate = useNavigate();
  const catalog = useShingleCatalog();
  const save = useSaveIdentification();
  const form = useZodForm(measureFormSchema, { defaultValues: { ...EMPTY_FORM, address: params.get('address') ?? '' } });
  const [ranked, setRanked] = useState<MeasureFormValues | null>(null);

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

  const saveResult = () => {
    if (!ranked || !measurements || !ranking || !catalog.data) return;
    save.mutate(
      {
        measurements,
        color: ranked.color,
        layers: ranked.layers ? Number(ranked.layers) : null,
        address: form.getValues('address'),
        projectId,
        inspectionSessionId: sessionId,
        deviceCatalogVersion: catalog.data.version,
        deviceCandidateIds: ranking.candidates.map((candidate) => candidate.entryId),
      },
      {
        onSuccess: (saved) => {
          notify.success('Identification saved', saved.project ? `It is on the claim file ${saved.project.name}.` : 'It is in your shingle history.');
          void navigate(`/shingle-id/${saved.id}`);
        },
        onError: (error) => notify.error('Could not save the identification', errorText(error)),
      },
    );
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="Shingle ID">Measure a loose shingle to the nearest 1/16 in and note what you see: the catalog lines are ranked on this phone, signal or not.</PageHeader>
      {projectId && (
        <p className="text-sm text-slate-800">
          Saving to the claim file.{' '}
          <Link className="text-blue-800 underline" to={`/projects/${projectId}`}>
            Back to the claim file
          </Link>
        </p>
      )}
      {catalog.isError && !catalog.data && <Alert>{errorText(catalog.error)}</Alert>}
      {catalog.data && (
        <p className="text-sm text-slate-700">
          Catalog version {catalog.data.version}: {catalog.data.entries.length} product lines kept on this phone.{' '}
          <Link className="text-blue-800 underline" to="/shingle-catalog">
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
          <FormField<MeasureFormValues> name="type" label="Type" control="select">
            {options(SHINGLE_TYPES, SHINGLE_TYPE_LABELS).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FormField>
          <FormField<MeasureFormValues> name="cut" label="Cut" control="select">
            {options(SHINGLE_CUTS, SHINGLE_CUT_LABELS).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FormField>
          <FormField<MeasureFormValues> name="nailZone" label="Nailing area" control="select">
            {options(NAIL_ZONES, NAIL_ZONE_LABELS).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FormField>
          <FormField<MeasureFormValues> name="sealant" label="Sealant pattern" control="select">
            {options(SEALANTS, SEALANT_LABELS).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FormField>
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
          <FormField<MeasureFormValues> name="address" label="Address" autoComplete="street-address" className="sm:col-span-2" />
        </fieldset>
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
          {!online && <Alert tone="warning">No signal: saving needs a connection. The result stays on this screen until you are back online.</Alert>}
          <Button type="button" onClick={saveResult} disabled={!online || save.isPending} className="w-full sm:w-auto">
            {save.isPending ? 'Saving…' : projectId ? 'Save to the claim file' : 'Save identification'}
          </Button>
        </section>
      )}
    </div>
  );
}
