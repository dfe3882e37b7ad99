import { createCarrierSchema, type Carrier, type CreateCarrierInput } from '@ridgeline/shared/contracts/carriers';
import { isErrorCode } from '@ridgeline/shared/domain/errors';
import type { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useCreateCarrier } from '../../lib/api/directory';
import { useUpdateCarrier } from './api/directory-writes';
import { FormFooter } from '../../components/form-footer';

type CarrierValues = z.output<typeof createCarrierSchema>;

/** The form's starting values: the carrier's, or empty for a new one ('' clears a field). */
function startingValues(carrier: Carrier | undefined): CreateCarrierInput {
  return {
    name: carrier?.name ?? '',
    claimsPhone: carrier?.claimsPhone ?? '',
    claimsEmail: carrier?.claimsEmail ?? '',
    portalUrl: carrier?.portalUrl ?? '',
    notes: carrier?.notes ?? '',
  };
}

type CarrierFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The carrier to edit; a new one is added when absent. */
  carrier?: Carrier;
};

/** Adds a carrier to the directory or edits one. A name already in the directory is refused next to the name. */
export function CarrierFormDialog({ open, onOpenChange, carrier }: CarrierFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>{carrier ? `Edit ${carrier.name}` : 'Add carrier'}</DialogTitle>
          <DialogDescription>The claims line, email and portal every claim file with this carrier can use.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so it starts from the carrier's current values each time. */}
        {open && <CarrierForm carrier={carrier} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CarrierForm({ carrier, onDone }: { carrier?: Carrier; onDone: () => void }) {
  const create = useCreateCarrier();
  const update = useUpdateCarrier();
  const form = useZodForm(createCarrierSchema, { defaultValues: startingValues(carrier) });
  const pending = create.isPending || update.isPending;

  const refused = (error: unknown) => {
    if (error instanceof ApiError && isErrorCode(error.code) && error.code === 'CARRIER_EXISTS') {
      form.setError('name', { message: errorText(error) }, { shouldFocus: true });
      return;
    }
    showErrorOnForm(form)(error);
  };

  const submit = (values: CarrierValues) => {
    if (carrier) {
      update.mutate(
        { id: carrier.id, patch: values },
        {
          onSuccess: (saved) => {
            notify.success('Carrier updated', `${saved.name} is saved.`);
            onDone();
          },
          onError: refused,
        },
      );
      return;
    }
    create.mutate(values, {
      onSuccess: (saved) => {
        notify.success('Carrier added', `${saved.name} is in your directory.`);
        onDone();
      },
      onError: refused,
    });
  };

  return (
    <Form form={form} onSubmit={submit}>
      <FormField name="name" label="Carrier name" autoComplete="organization" placeholder="State Farm" />
      <FormField name="claimsPhone" label="Claims phone" type="tel" autoComplete="tel" placeholder="(800) 555-0100" />
      <FormField name="claimsEmail" label="Claims email" type="email" autoComplete="email" placeholder="claims@carrier.com" />
      <FormField name="portalUrl" label="Portal URL" type="url" placeholder="https://" hint="Where you file and follow claims online." />
      <FormField name="notes" label="Notes" control="textarea" rows={3} />
      <FormFooter isSubmitting={pending}>{carrier ? 'Save carrier' : 'Add carrier'}</FormFooter>
    </Form>
  );
}
