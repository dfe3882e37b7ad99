import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { InspectionSummary } from '@ridgeline/shared/contracts/inspections';
import { FormField } from '../../components/ui/form';

/** The inspection field of the surrounding <Form> a report is made from: a select of `inspections`, each on its `line`. */
export function InspectionSelect<T extends FieldValues>({
  name,
  inspections,
  hint,
  line,
}: {
  name: Path<T>;
  inspections: readonly InspectionSummary[];
  hint?: ReactNode;
  line: (s: InspectionSummary) => string;
}) {
  return (
    <FormField<T> name={name} label="Inspection" control="select" hint={hint}>
      <option value="">Choose an inspection</option>
      {inspections.map((s) => (
        <option key={s.id} value={s.id}>
          {line(s)}
        </option>
      ))}
    </FormField>
  );
}
