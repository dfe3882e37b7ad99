import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { STRUCTURE_KINDS } from '@ridgeline/shared/domain/field-capture';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form';
import { newStructureRow, type DetailsFormInput } from '../details-form-schema';
import { ChoiceOptions } from '../../../components/choice-options';

/** The structures on the property inside the details form: kind and name each, add and remove (at least one). */
export function StructuresFields() {
  const { control, formState } = useFormContext<DetailsFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'structures', keyName: 'rowKey' });
  const listError = formState.errors.structures?.root?.message ?? formState.errors.structures?.message;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold text-slate-900">Structures on the property</legend>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.rowKey} className="flex flex-col gap-3 rounded-md border border-slate-300 p-3">
            <FormField name={`structures.${index}.kind`} label={`Structure ${index + 1}: kind`} control="select">
              <ChoiceOptions choices={STRUCTURE_KINDS} />
            </FormField>
            <FormField name={`structures.${index}.name`} label={`Structure ${index + 1}: name`} autoComplete="off" />
            <Button
              variant="destructive-outline"
              size="lg"
              disabled={fields.length <= 1}
              onClick={() => remove(index)}
              aria-label={`Remove structure ${index + 1}`}
            >
              <Trash2 aria-hidden="true" className="size-5" />
              Remove
            </Button>
          </li>
        ))}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      <Button variant="secondary" size="lg" onClick={() => append(newStructureRow('detached_garage'))}>
        <Plus aria-hidden="true" className="size-5" />
        Add a structure
      </Button>
    </fieldset>
  );
}
