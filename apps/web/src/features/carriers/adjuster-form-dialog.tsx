import { z } from 'zod';
import { createAdjusterSchema, type Adjuster, type Carrier } from '@ridgeline/shared/contracts/carriers';
import { Alert } from '../../components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useCarriers } from './api/carriers';
import { useCreateAdjuster } from '../../lib/api/directory';
import { useUpdateAdjuster } from './api/directory-writes';
import { FormFooter } from '../../components/form-footer';
import { NamedOptions } from '../../components/choice-options';

// The contract's adjuster, with the carrier picker's "No carrier" option ('') meaning none.
const adjusterFormSchema = createAdjusterSchema.extend({
  carrierId: z
    .uuid()
    .or(z.literal('').transform(() => null))
    .nullable()
    .optional(),
});
type AdjusterFormInput = z.input<typeof adjusterFormSchema>;
type AdjusterValues = z.output<typeof adjusterFormSchema>;

function startingValues(adjuster: Adjuster | undefined, carrierId: string | undefined): AdjusterFormInput {
  return {
    name: adjuster?.name ?? '',
    phone: adjuster?.phone ?? '',
    email: adjuster?.email ?? '',
    notes: adjuster?.notes ?? '',
    carrierId: adjuster ? (adjuster.carrier?.id ?? '') : (carrierId ?? ''),
  };
}

type AdjusterFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The adjuster to edit; a new one is added when absent. */
  adjuster?: Adjuster;
  /** The carrier a new adjuster starts with (on a carrier's page). */
  carrierId?: string;
};

/** Adds an adjuster to the directory or edits one. */
export function AdjusterFormDialog({ open, onOpenChange, adjuster, carrierId }: AdjusterFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>{adjuster ? `Edit ${adjuster.name}` : 'Add adjuster'}</DialogTitle>
          <DialogDescription>An adjuster you have met, with how to reach them and the carrier they work for.</DialogDescription>
        </DialogHeader>
        {open && <AdjusterFormLoader adjuster={adjuster} carrierId={carrierId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type AdjusterFormProps = { adjuster?: Adjuster; carrierId?: string; onDone: () => void };

/** The form once the carriers to pick from are in: a select shows its starting value only among its options. */
function AdjusterFormLoader(props: AdjusterFormProps) {
  const carriers = useCarriers('');
  if (carriers.isError) return <Alert>{errorText(carriers.error)}</Alert>;
  if (!carriers.data) return <p role="status">Loading your carriers…</p>;
  return <AdjusterForm {...props} carriers={carriers.data.carriers} />;
}

function AdjusterForm({ adjuster, carrierId, onDone, carriers }: AdjusterFormProps & { carriers: Carrier[] }) {
  const create = useCreateAdjuster();
  const update = useUpdateAdjuster();
  const form = useZodForm(adjusterFormSchema, { defaultValues: startingValues(adjuster, carrierId) });
  const pending = create.isPending || update.isPending;
  const refused = showErrorOnForm(form);

  const submit = (values: AdjusterValues) => {
    if (adjuster) {
      update.mutate(
        { id: adjuster.id, patch: values },
        {
          onSuccess: (saved) => {
            notify.success('Adjuster updated', `${saved.name} is saved.`);
            onDone();
          },
          onError: refused,
        },
      );
      return;
    }
    create.mutate(values, {
      onSuccess: (saved) => {
        notify.success('Adjuster added', `${saved.name} is in your directory.`);
        onDone();
      },
      onError: refused,
    });
  };

  return (
    <Form form={form} onSubmit={submit}>
      <FormField name="name" label="Adjuster name" autoComplete="name" />
      <FormField name="carrierId" label="Carrier" control="select">
        <option value="">No carrier</option>
        <NamedOptions items={carriers} />
      </FormField>
      <FormField name="phone" label="Phone" type="tel" autoComplete="tel" />
      <FormField name="email" label="Email" type="email" autoComplete="email" />
      <FormField name="notes" label="Notes" control="textarea" rows={3} />
      <FormFooter isSubmitting={pending}>{adjuster ? 'Save adjuster' : 'Add adjuster'}</FormFooter>
    </Form>
  );
}
