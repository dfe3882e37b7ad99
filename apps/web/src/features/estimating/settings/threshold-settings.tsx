import { z } from 'zod';
import { updateCompanySchema, type Company } from '@ridgeline/shared/contracts/team';
import { SubmitButton } from '../../../components/submit-button';
import { Form, FormError, FormField, submitShowingErrors, useZodForm } from '../../../components/ui/form';
import { notify } from '../../../lib/toast';
import { useUpdateCompany } from '../../../lib/api/update-company';

// The hail-hit threshold: the hits in one slope's 10 ft x 10 ft test square at or above which an
// inspection recommends replacing the roof (a whole number from 1 to 100; 8 until changed).

const RANGE_MESSAGE = 'Enter a whole number from 1 to 100';

const thresholdFormSchema = z.object({
  hailHitThreshold: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, RANGE_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, RANGE_MESSAGE)
    .pipe(updateCompanySchema.shape.hailHitThreshold.unwrap()),
});

export function ThresholdForm({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const save = useUpdateCompany();
  const form = useZodForm(thresholdFormSchema, { defaultValues: { hailHitThreshold: String(company.hailHitThreshold) } });

  async function submit({ hailHitThreshold }: z.output<typeof thresholdFormSchema>) {
    await submitShowingErrors(
      form,
      async () => {
        const saved = await save.mutateAsync({ hailHitThreshold });
        form.reset({ hailHitThreshold: String(saved.hailHitThreshold) });
        notify.success('Threshold saved', `An inspection now recommends replacing at ${saved.hailHitThreshold} hits in a test square.`);
      },
      (message) => notify.error('Threshold not saved', message),
    );
  }

  return (
    <Form form={form} onSubmit={submit}>
      <FormField
        name="hailHitThreshold"
        label="Hits to recommend replacing"
        inputMode="numeric"
        className="max-w-xs"
        disabled={!canEdit}
        hint="Hits in one slope’s 10 ft x 10 ft test square at or above which the analysis recommends replacing the roof. The default is 8."
      />
      <FormError />
      {canEdit && (
        <div>
          <SubmitButton isSubmitting={save.isPending} busyText="Saving…">
            Save threshold
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}
