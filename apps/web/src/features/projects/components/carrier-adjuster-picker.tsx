import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { createAdjusterSchema, createCarrierSchema, type CreateAdjusterInput, type CreateCarrierInput } from '@ridgeline/shared/contracts/carriers';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Form, FormField, showErrorOnForm, useZodForm } from '../../../components/ui/form';
import { NativeSelect } from '../../../components/ui/native-select';
import { FormFooter } from '../../../components/form-footer';
import { notify } from '../../../lib/toast';
import { adjustersQuery, carriersQuery, useCreateAdjuster, useCreateCarrier } from '../../../lib/api/directory';
import { NamedOptions } from '../../../components/choice-options';

/** The carrier and adjuster of a claim; null when none is picked. */
export type CarrierAdjusterValue = { carrierId: string | null; adjusterId: string | null };

type CarrierAdjusterPickerProps = {
  /** The picked carrier and adjuster. */
  value: CarrierAdjusterValue;
  /** Called with both ids whenever either changes (a new carrier clears the adjuster). */
  onChange: (value: CarrierAdjusterValue) => void;
  disabled?: boolean;
};

// A dialog's form is portalled out of the page's form in the DOM, but React still bubbles its submit
// to the page's form: the dialog keeps its submit to itself.
const keepSubmitInside = (event: FormEvent) => event.stopPropagation();

/**
 * Picks the claim's carrier and adjuster from the company's directory, or adds a new one inline
 * ("Add new carrier", "Add new adjuster"), which is then selected.
 */
export function CarrierAdjusterPicker({ value, onChange, disabled }: CarrierAdjusterPickerProps) {
  const id = useId();
  const carriers = useQuery(carriersQuery());
  const adjusters = useQuery(adjustersQuery({ carrierId: value.carrierId }));
  const [adding, setAdding] = useState<'carrier' | 'adjuster' | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id={`${id}-carrier`} label="Carrier" className="flex-1">
          <NativeSelect
            value={value.carrierId ?? ''}
            disabled={disabled}
            onChange={(event) => onChange({ carrierId: event.target.value || null, adjusterId: null })}
          >
            <option value="">{carriers.isPending ? 'Loading carriers…' : 'No carrier yet'}</option>
            <NamedOptions items={carriers.data?.carriers ?? []} />
          </NativeSelect>
        </Field>
        <Button variant="secondary" disabled={disabled} onClick={() => setAdding('carrier')}>
          <Plus aria-hidden="true" className="size-4" />
          Add new carrier
        </Button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id={`${id}-adjuster`} label="Adjuster" className="flex-1">
          <NativeSelect
            value={value.adjusterId ?? ''}
            disabled={disabled}
            onChange={(event) => onChange({ carrierId: value.carrierId, adjusterId: event.target.value || null })}
          >
            <option value="">{adjusters.isPending ? 'Loading adjusters…' : 'No adjuster yet'}</option>
            {adjusters.data?.adjusters.map((adjuster) => (
              <option key={adjuster.id} value={adjuster.id}>
                {adjuster.carrier && !value.carrierId ? `${adjuster.name} (${adjuster.carrier.name})` : adjuster.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button variant="secondary" disabled={disabled} onClick={() => setAdding('adjuster')}>
          <Plus aria-hidden="true" className="size-4" />
          Add new adjuster
        </Button>
      </div>

      <Dialog open={adding === 'carrier'} onOpenChange={(open) => setAdding(open ? 'carrier' : null)}>
        <DialogContent closeLabel="Close" onSubmit={keepSubmitInside}>
          <NewCarrierForm
            onCreated={(carrierId) => {
              onChange({ carrierId, adjusterId: null });
              setAdding(null);
            }}
          />
        </DialogContent>
      </Dialog>
      <Dialog open={adding === 'adjuster'} onOpenChange={(open) => setAdding(open ? 'adjuster' : null)}>
        <DialogContent closeLabel="Close" onSubmit={keepSubmitInside}>
          <NewAdjusterForm
            carrierId={value.carrierId}
            onCreated={(adjusterId) => {
              onChange({ carrierId: value.carrierId, adjusterId });
              setAdding(null);
            }}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}

function NewCarrierForm({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCreateCarrier();
  const form = useZodForm(createCarrierSchema, { defaultValues: { name: '', claimsPhone: '', claimsEmail: '' } });
  const submit = (input: CreateCarrierInput) =>
    create.mutate(input, {
      onSuccess: (carrier) => {
        notify.success('Carrier added', `${carrier.name} is in your carrier directory.`);
        onCreated(carrier.id);
      },
      onError: showErrorOnForm(form),
    });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Add new carrier</DialogTitle>
        <DialogDescription>The insurance company joins your carrier directory and is picked for this claim.</DialogDescription>
      </DialogHeader>
      <Form form={form} onSubmit={submit} aria-label="New carrier">
        <FormField name="name" label="Carrier name" autoComplete="off" />
        <FormField name="claimsPhone" label="Claims phone (optional)" type="tel" />
        <FormField name="claimsEmail" label="Claims email (optional)" type="email" />
        <FormFooter isSubmitting={create.isPending} busyText="Adding…">
          Add carrier
        </FormFooter>
      </Form>
    </>
  );
}

function NewAdjusterForm({ carrierId, onCreated }: { carrierId: string | null; onCreated: (id: string) => void }) {
  const create = useCreateAdjuster();
  const form = useZodForm(createAdjusterSchema, { defaultValues: { name: '', phone: '', email: '', carrierId } });
  const submit = (input: CreateAdjusterInput) =>
    create.mutate(
      { ...input, carrierId },
      {
        onSuccess: (adjuster) => {
          notify.success('Adjuster added', `${adjuster.name} is in your directory.`);
          onCreated(adjuster.id);
        },
        onError: showErrorOnForm(form),
      },
    );
  return (
    <>
      <DialogHeader>
        <DialogTitle>Add new adjuster</DialogTitle>
        <DialogDescription>
          {carrierId
            ? 'The adjuster is saved with the chosen carrier and picked for this claim.'
            : 'The adjuster is saved without a carrier and picked for this claim.'}
        </DialogDescription>
      </DialogHeader>
      <Form form={form} onSubmit={submit} aria-label="New adjuster">
        <FormField name="name" label="Adjuster name" autoComplete="off" />
        <FormField name="phone" label="Phone (optional)" type="tel" />
        <FormField name="email" label="Email (optional)" type="email" />
        <FormFooter isSubmitting={create.isPending} busyText="Adding…">
          Add adjuster
        </FormFooter>
      </Form>
    </>
  );
}
