import { useFormContext, useWatch } from 'react-hook-form';
import { classifyLossType, lossTypeLabel } from '@ridgeline/shared/domain/loss-types';
import { FormField } from '../../../components/ui/form';
import type { DetailsFormInput } from '../details-form-schema';
import { LossTypeOptions } from '../../../components/loss-type-options';

/**
 * The loss type inside the details form: the live classification of the description with the shared
 * rules ("Classified as: Hail"), kept unless another type is chosen from the list.
 */
export function LossTypeChoice() {
  const { control } = useFormContext<DetailsFormInput>();
  const description = useWatch({ control, name: 'lossDescription' });
  const classified = lossTypeLabel(classifyLossType(description));
  return (
    <div className="flex flex-col gap-2">
      <p role="status" aria-live="polite" className="text-base font-semibold text-slate-900">
        Classified as: {classified}
      </p>
      <FormField name="lossType" label="Loss type" control="select" hint="Keep the classification, or choose the type yourself.">
        <option value="">As classified ({classified})</option>
        <LossTypeOptions />
      </FormField>
    </div>
  );
}
