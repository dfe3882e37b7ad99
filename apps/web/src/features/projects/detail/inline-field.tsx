import { Pencil } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import type { Project, UpdateProjectInput } from '@ridgeline/shared/contracts/projects';
import { LOSS_TYPE_VALUES, type LossType } from '@ridgeline/shared/domain/loss-types';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useUpdateProject } from '../api/project';
import { LossTypeField } from '../components/loss-type-field';
import { CarrierAdjusterEditor } from './carrier-adjuster-editor';
import { FieldHistoryButton } from './field-history-dialog';
import { displayValue, editorText, FIELD_KINDS, FIELD_LABELS, inlineFieldSchema, isUnchanged, type EditableField } from './project-fields';
import { SaveCancel } from '../../../components/save-cancel';
import { ChoiceOptions } from '../../../components/choice-options';

export type FieldOption = { value: string; label: string };

type InlineFieldProps = {
  project: Project;
  field: EditableField;
  /** The choices of a select field, the empty value first when the field can be cleared. */
  options?: FieldOption[];
  /** What the value shows instead of the standard words. */
  display?: ReactNode;
  /** Words under the value (how it was set, say). */
  note?: ReactNode;
  /** The edit button's visible word, when not "Edit". */
  editLabel?: string;
  /** Takes the card's whole width (long text). */
  wide?: boolean;
};

/**
 * One field of the overview, editable in place: a click on the value or its Edit button turns it
 * into the field's input; Save (Enter) sends a PATCH with only that field, Cancel (Escape) leaves it.
 */
export function InlineField({ project, field, options = [], display, note, editLabel, wide = false }: InlineFieldProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const label = FIELD_LABELS[field];

  // Focus goes back to the Edit button when the editor closes, so the keyboard user stays in place.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5 border-b border-slate-100 py-1', wide && 'sm:col-span-2')}>
      {/* The loss type editor names itself (a fieldset and its legend). */}
      <dt className={cn('text-sm font-medium text-slate-700', editing && field === 'lossType' && 'sr-only')}>{label}</dt>
      <dd className="flex flex-col gap-1">
        {editing && (field === 'carrierId' || field === 'adjusterId') ? (
          <CarrierAdjusterEditor project={project} field={field} onDone={() => setEditing(false)} />
        ) : editing ? (
          <InlineEditor project={project} field={field} options={options} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex items-start gap-1">
            <div className="min-w-0 flex-1 cursor-pointer py-2.5 break-words whitespace-pre-line text-slate-900" onClick={() => setEditing(true)}>
              {display ?? displayValue(project, field)}
            </div>
            <Button
              ref={editButton}
              variant="ghost"
              size={editLabel ? 'default' : 'icon'}
              className={editLabel ? 'px-3' : undefined}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {editLabel ? (
                <>
                  {editLabel}
                  <span className="sr-only"> {label}</span>
                </>
              ) : (
                <span className="sr-only">Edit {label}</span>
              )}
            </Button>
            <FieldHistoryButton projectId={project.id} field={field} />
          </div>
        )}
        {!editing && note}
      </dd>
    </div>
  );
}

const INPUT_TYPES = { text: 'text', tel: 'tel', email: 'email', date: 'date', money: 'text', number: 'text' } as const;

function InlineEditor({ project, field, options, onDone }: { project: Project; field: EditableField; options: FieldOption[]; onDone: () => void }) {
  const label = FIELD_LABELS[field];
  const kind = FIELD_KINDS[field];
  const schema = useMemo(() => inlineFieldSchema(field), [field]);
  const form = useZodForm(schema, { defaultValues: { value: editorText(project, field) } });
  const update = useUpdateProject(project.id);

  const submit = ({ value }: { value: unknown }) => {
    if (isUnchanged(project, field, value)) return onDone();
    const patch = { [field]: value } as UpdateProjectInput;
    update.mutate(patch, {
      onSuccess: () => {
        notify.success('Claim file updated', `${label} saved.`);
        onDone();
      },
      onError: (error) => notify.error(`${label} was not saved`, errorText(error)),
    });
  };

  // Escape cancels; Enter saves from a select too (a text input submits the form on its own).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    } else if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
      event.preventDefault();
      void form.handleSubmit(submit)();
    }
  };

  const id = `edit-${field}`;
  return (
    <Form form={form} onSubmit={submit} onKeyDown={onKeyDown} className="gap-2" aria-label={`Edit ${label}`}>
      {field === 'lossType' ? (
        <LossTypeControl description={project.lossDescription} />
      ) : kind === 'select' ? (
        <FormField name="value" id={id} label={label} labelClassName="sr-only" control="select" autoFocus>
          <ChoiceOptions choices={options} />
        </FormField>
      ) : kind === 'textarea' ? (
        <FormField name="value" id={id} label={label} labelClassName="sr-only" control="textarea" rows={4} autoFocus />
      ) : (
        <FormField
          name="value"
          id={id}
          label={label}
          labelClassName="sr-only"
          type={INPUT_TYPES[kind]}
          inputMode={kind === 'money' || kind === 'number' ? 'decimal' : undefined}
          hint={kind === 'money' ? 'In dollars, like 1,250.00.' : undefined}
          autoFocus
        />
      )}
      <SaveCancel saving={update.isPending} onCancel={onDone} />
    </Form>
  );
}

const isLossType = (value: string): value is LossType => (LOSS_TYPE_VALUES as readonly string[]).includes(value);

/** The loss type as the projects feature picks it (from the list, or classified from the description); blank text is "classify". */
function LossTypeControl({ description }: { description: string | null }) {
  const { field, fieldState } = useController<{ value: string }, 'value'>({ name: 'value' });
  return (
    <LossTypeField
      value={isLossType(field.value) ? field.value : null}
      onChange={(next) => field.onChange(next ?? '')}
      description={description}
      error={fieldState.error?.message}
    />
  );
}
