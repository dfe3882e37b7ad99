import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { Measurement, UpdateMeasurementInput } from '@ridgeline/shared/contracts/estimating';
import { measureRoof } from '@ridgeline/shared/domain/roof-measurements';
import { SubmitButton } from '../../components/submit-button';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { Form, FormError, FormField, useZodForm, type ZodForm } from '../../components/ui/form';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { newClientId } from '../../offline/inspection-store';
import {
  blankFacet,
  blankStructure,
  measurementFormSchema,
  measurementInput,
  measurementToProjectFormSchema,
  structureSoFar,
  type MeasurementFormInput,
  type MeasurementFormOutput,
} from './measurement-form-schema';
import { ReportSection } from './report-section';
import { BIG_ACTION, FIELD_FORM, StickyActions } from '../../components/sticky-actions';
import { AreaFigures, StructureSection } from './structure-section';

// The measurement calculator: structures with their facets and linear feet, the live totals, the
// report's file and typed totals, and one Save. Used by a session's Measurements step, by
// /measurements on its own (saved to a claim file the user picks) and on the project page.

/** What a save that could not reach the server says: the typed values stay in the form. */
export const OFFLINE_SAVE_MESSAGE = 'Measurements are saved to the server; connect to save them.';

export type SaveMeasurement = (input: UpdateMeasurementInput, projectId: string) => Promise<void>;

type Props = {
  defaultValues: MeasurementFormInput;
  /** The saved measurement (its report file can be imported once it exists). */
  measurement: Measurement | null;
  onSave: SaveMeasurement;
  /** Above the structures, inside the form: the claim-file picker of a measurement made on its own. */
  header?: (form: ZodForm<typeof measurementFormSchema>) => ReactNode;
  /** A claim file must be picked before saving. */
  requireProject?: boolean;
  /** Beside the Save button (the next step, Cancel). */
  actions?: ReactNode;
  label?: string;
  /** Called after each save that worked. */
  onSaved?: () => void;
  /** Why saving cannot work here at all (shown when Save is pressed; nothing is sent). */
  cannotSave?: string | null;
};

function RoofTotals({ form }: { form: ZodForm<typeof measurementFormSchema> }) {
  const structures = useWatch({ control: form.control, name: 'structures' });
  if (structures.length < 2) return null;
  const roof = measureRoof(structures.map(structureSoFar));
  return (
    <Card aria-labelledby="roof-totals-heading" className="flex flex-col gap-3">
      <CardTitle id="roof-totals-heading">All structures</CardTitle>
      <dl className="grid grid-cols-3 gap-3 text-slate-900" aria-live="polite">
        <AreaFigures figures={roof} />
      </dl>
    </Card>
  );
}

export function MeasurementEditor({
  defaultValues,
  measurement,
  onSave,
  header,
  requireProject = false,
  actions,
  label = 'Measurements',
  onSaved,
  cannotSave = null,
}: Props) {
  const form = useZodForm(requireProject ? measurementToProjectFormSchema : measurementFormSchema, { defaultValues });
  const structures = useFieldArray({ control: form.control, name: 'structures' });

  const submit = async (output: MeasurementFormOutput) => {
    if (cannotSave) {
      form.setError('root', { message: cannotSave });
      return;
    }
    try {
      await onSave(measurementInput(output), output.projectId);
      notify.success('Measurements saved');
      onSaved?.();
    } catch (error) {
      const message = error instanceof ApiError && error.code === 'NETWORK_ERROR' ? OFFLINE_SAVE_MESSAGE : errorText(error);
      form.setError('root', { message });
      notify.error('Measurements not saved', message);
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={label} className={FIELD_FORM}>
      {header?.(form)}
      <FormField<MeasurementFormInput> name="label" label="Label" autoComplete="off" hint="Optional, like “Main house and garage”." />
      {structures.fields.map((field, index) => (
        <StructureSection
          key={field.id}
          index={index}
          newId={newClientId}
          onRemove={structures.fields.length > 1 ? () => structures.remove(index) : undefined}
        />
      ))}
      <Button
        type="button"
        variant="secondary"
        className="min-h-12 w-full sm:w-fit"
        onClick={() => structures.append(blankStructure(newClientId(), `Structure ${structures.fields.length + 1}`, [blankFacet(newClientId())]))}
      >
        <Plus aria-hidden="true" className="size-5" />
        Add structure
      </Button>
      <RoofTotals form={form} />
      <ReportSection measurement={measurement} />
      <FormField<MeasurementFormInput> name="notes" label="Notes" control="textarea" rows={3} />
      <FormError />
      <StickyActions wide>
        <SubmitButton isSubmitting={form.formState.isSubmitting} busyText="Saving…" className={BIG_ACTION}>
          Save measurements
        </SubmitButton>
        {actions}
      </StickyActions>
    </Form>
  );
}
