import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { LINEAR_KINDS, measureStructure, PITCH_TIERS, type FacetResult, type StructureMeasurementResult } from '@ridgeline/shared/domain/roof-measurements';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { FormCheckbox, FormField } from '../../components/ui/form';
import { blankFacet, structureSoFar, type MeasurementFormInput } from './measurement-form-schema';
import { formatFactor, formatNumber, formatSqFt, formatSquares, tierLabel } from './measurement-words';

// One structure of the calculator: its facets (pitch and plan area, or length x width), its linear
// feet, waste, layers and stories, the pipe jacks and roof vents counted on it, and what they come
// to, worked out as the numbers are typed.

type Props = { index: number; newId: () => string; onRemove?: () => void };

function FacetFigures({ result }: { result: FacetResult | undefined }) {
  if (!result) return null;
  return (
    <p className="text-sm text-slate-800" aria-live="polite">
      Pitch factor {formatFactor(result.pitchFactor)} · {formatSqFt(result.trueAreaSqFt)} · <strong>{formatSquares(result.squares)}</strong>
    </p>
  );
}

function FacetRowFields({ structure, index, result, onRemove }: { structure: number; index: number; result: FacetResult | undefined; onRemove: () => void }) {
  const n = index + 1;
  const base = `structures.${structure}.facets.${index}` as const;
  return (
    <li className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-semibold text-slate-900">Facet {n}</h4>
        <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove facet ${n}`}>
          <Trash2 aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField<MeasurementFormInput> name={`${base}.name`} label="Name" aria-label={`Facet ${n} name`} autoComplete="off" placeholder="Front slope" />
        <FormField<MeasurementFormInput>
          name={`${base}.pitchRise`}
          label="Pitch (rise/12)"
          aria-label={`Facet ${n} pitch (rise/12)`}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
      <FormField<MeasurementFormInput>
        name={`${base}.planAreaSqFt`}
        label="Plan area (sq ft)"
        aria-label={`Facet ${n} plan area (sq ft)`}
        inputMode="decimal"
        autoComplete="off"
        hint="Or leave it empty and give the length and the width."
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField<MeasurementFormInput>
          name={`${base}.lengthFt`}
          label="Length (ft)"
          aria-label={`Facet ${n} length (ft)`}
          inputMode="decimal"
          autoComplete="off"
        />
        <FormField<MeasurementFormInput>
          name={`${base}.widthFt`}
          label="Width (ft)"
          aria-label={`Facet ${n} width (ft)`}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
      <FacetFigures result={result} />
    </li>
  );
}

/** Squares, order squares and true area: the figures of one structure and of the whole roof. */
export function AreaFigures({ figures }: { figures: { squares: number; orderSquares: number; trueAreaSqFt: number } }) {
  return (
    <>
      <div>
        <dt className="text-sm text-slate-700">Squares</dt>
        <dd className="text-xl font-bold">{formatNumber(figures.squares)}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-700">Order squares</dt>
        <dd className="text-xl font-bold">{formatNumber(figures.orderSquares)}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-700">True area</dt>
        <dd>{formatSqFt(figures.trueAreaSqFt)}</dd>
      </div>
    </>
  );
}

/** A structure's figures: squares, order squares, true area, hip/valley factor and the squares in each pitch tier. */
export function StructureFigures({ result, label }: { result: StructureMeasurementResult; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-slate-50 p-3 text-slate-900" aria-live="polite">
      <AreaFigures figures={result} />
      <div>
        <dt className="text-sm text-slate-700">Hip/valley factor</dt>
        <dd>{formatFactor(result.hipValleyFactor)}</dd>
      </div>
      {PITCH_TIERS.filter((tier) => result.squaresByTier[tier.value] > 0).map((tier) => (
        <div key={tier.value}>
          <dt className="text-sm text-slate-700">{tierLabel(tier.value)}</dt>
          <dd>{formatSquares(result.squaresByTier[tier.value])}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StructureSection({ index, newId, onRemove }: Props) {
  const { control } = useFormContext<MeasurementFormInput>();
  const facets = useFieldArray({ control, name: `structures.${index}.facets` });
  const row = useWatch({ control, name: `structures.${index}` });
  const result = measureStructure(structureSoFar(row));
  const headingId = `structure-${index}-heading`;
  const title = row.name.trim() || `Structure ${index + 1}`;
  const base = `structures.${index}` as const;

  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <CardTitle id={headingId}>{title}</CardTitle>
        {onRemove && (
          <Button type="button" variant="destructive-outline" onClick={onRemove}>
            Remove structure
          </Button>
        )}
      </div>
      <FormField<MeasurementFormInput> name={`${base}.name`} label="Structure name" autoComplete="off" />

      <div className="flex flex-col gap-3">
        <h3 className="font-semibold text-slate-900">Facets</h3>
        {facets.fields.length === 0 && <p className="text-sm text-slate-700">No facets yet: add one for each plane of the roof.</p>}
        <ol className="flex flex-col gap-3">
          {facets.fields.map((field, j) => (
            <FacetRowFields key={field.id} structure={index} index={j} result={result.facets[j]} onRemove={() => facets.remove(j)} />
          ))}
        </ol>
        <Button type="button" variant="secondary" className="min-h-12 w-full sm:w-fit" onClick={() => facets.append(blankFacet(newId()))}>
          <Plus aria-hidden="true" className="size-5" />
          Add facet
        </Button>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold text-slate-900">Linear feet</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {LINEAR_KINDS.map((kind) => (
            <FormField<MeasurementFormInput>
              key={kind.value}
              name={`${base}.linear.${kind.value}`}
              label={`${kind.label} (LF)`}
              inputMode="decimal"
              autoComplete="off"
            />
          ))}
        </div>
        <FormCheckbox<MeasurementFormInput> name={`${base}.hipValleyInPlan`} label="Hip and valley measured on plan" />
        {row.hipValleyInPlan && (
          <p className="text-sm text-slate-700">
            Along the roof: hip {formatNumber(result.linear.hip)} LF, valley {formatNumber(result.linear.valley)} LF (x {formatFactor(result.hipValleyFactor)}).
          </p>
        )}
      </fieldset>

      <div className="grid grid-cols-3 gap-3">
        <FormField<MeasurementFormInput> name={`${base}.wastePct`} label="Waste %" inputMode="decimal" autoComplete="off" />
        <FormField<MeasurementFormInput> name={`${base}.layers`} label="Layers" inputMode="numeric" autoComplete="off" />
        <FormField<MeasurementFormInput> name={`${base}.stories`} label="Stories" inputMode="numeric" autoComplete="off" />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold text-slate-900">Counted on the roof</legend>
        <div className="grid grid-cols-2 gap-3">
          <FormField<MeasurementFormInput> name={`${base}.pipeJacks`} label="Pipe jacks" inputMode="numeric" autoComplete="off" />
          <FormField<MeasurementFormInput> name={`${base}.roofVents`} label="Roof vents" inputMode="numeric" autoComplete="off" hint="Turtle or box vents." />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold text-slate-900">Damage beyond the roof</legend>
        <p className="text-sm text-slate-700">Priced only where the damage was photographed, each line with its photos.</p>
        <div className="grid grid-cols-2 gap-3">
          <FormField<MeasurementFormInput> name={`${base}.sidingSqFt`} label="Siding to replace (SF)" inputMode="decimal" autoComplete="off" />
          <FormField<MeasurementFormInput> name={`${base}.damagedWindows`} label="Damaged windows" inputMode="numeric" autoComplete="off" />
          <FormField<MeasurementFormInput> name={`${base}.damagedScreens`} label="Damaged window screens" inputMode="numeric" autoComplete="off" />
          <FormField<MeasurementFormInput> name={`${base}.acCondensers`} label="A/C condensers with bent fins" inputMode="numeric" autoComplete="off" />
        </div>
      </fieldset>

      <StructureFigures result={result} label={`${title} totals`} />
    </Card>
  );
}
