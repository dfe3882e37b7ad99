import type { KeyboardEvent } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { updateProjectSchema, type Project, type UpdateProjectInput } from '@ridgeline/shared/contracts/projects';
import { Form, useZodForm } from '../../../components/ui/form';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useUpdateProject } from '../api/project';
import { CarrierAdjusterPicker } from '../components/carrier-adjuster-picker';
import { FIELD_LABELS, type EditableField } from './project-fields';
import { SaveCancel } from '../../../components/save-cancel';

/** A blank choice is none. */
const blankIsNull = z.string().transform((text) => (text === '' ? null : text));

// The contract's carrier and adjuster ids, read from the picker's choices.
const carrierAdjusterSchema = z.object({
  carrierId: blankIsNull.pipe(updateProjectSchema.shape.carrierId.unwrap()),
  adjusterId: blankIsNull.pipe(updateProjectSchema.shape.adjusterId.unwrap()),
});

function PickerControl() {
  const carrier = useController<{ carrierId: string; adjusterId: string }, 'carrierId'>({ name: 'carrierId' });
  const adjuster = useController<{ carrierId: string; adjusterId: string }, 'adjusterId'>({ name: 'adjusterId' });
  return (
    <CarrierAdjusterPicker
      value={{ carrierId: carrier.field.value || null, adjusterId: adjuster.field.value || null }}
      onChange={(next) => {
        carrier.field.onChange(next.carrierId ?? '');
        adjuster.field.onChange(next.adjusterId ?? '');
      }}
    />
  );
}

/**
 * The carrier and the adjuster, edited together with the projects feature's picker (which can add a
 * new one to the directory): a new carrier clears the adjuster. The PATCH carries only what changed.
 */
export function CarrierAdjusterEditor({ project, field, onDone }: { project: Project; field: EditableField; onDone: () => void }) {
  const update = useUpdateProject(project.id);
  const form = useZodForm(carrierAdjusterSchema, {
    defaultValues: { carrierId: project.carrier?.id ?? '', adjusterId: project.adjuster?.id ?? '' },
  });

  const submit = ({ carrierId, adjusterId }: z.output<typeof carrierAdjusterSchema>) => {
    const patch: UpdateProjectInput = {};
    if (carrierId !== (project.carrier?.id ?? null)) patch.carrierId = carrierId;
    if (adjusterId !== (project.adjuster?.id ?? null)) patch.adjusterId = adjusterId;
    if (Object.keys(patch).length === 0) return onDone();
    const saved = Object.keys(patch)
      .map((name) => FIELD_LABELS[name as EditableField])
      .join(' and ');
    update.mutate(patch, {
      onSuccess: () => {
        notify.success('Claim file updated', `${saved} saved.`);
        onDone();
      },
      onError: (error) => notify.error(`${saved} not saved`, errorText(error)),
    });
  };

  // Escape cancels, unless it closes one of the picker's own dialogs (portalled out of this form).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && event.target instanceof Node && event.currentTarget.contains(event.target)) {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <Form form={form} onSubmit={submit} onKeyDown={onKeyDown} className="gap-3" aria-label={`Edit ${FIELD_LABELS[field]}`}>
      <PickerControl />
      <SaveCancel saving={update.isPending} onCancel={onDone} />
    </Form>
  );
}
