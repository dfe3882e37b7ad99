import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import {
  createProjectStatusSchema,
  updateProjectStatusSchema,
  type CreateProjectStatusInput,
  type ProjectStatus,
  type UpdateProjectStatusInput,
} from '@ridgeline/shared/contracts/projects';
import { updateCompanySchema, type Company } from '@ridgeline/shared/contracts/team';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { STATUS_MOVE_MODE_LABELS, STATUS_MOVE_MODES } from '@ridgeline/shared/domain/status-progress';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Form, FormCheckbox, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { FormRadioGroup } from '../../components/ui/radio-group';
import { Label } from '../../components/ui/label';
import { SubmitButton } from '../../components/submit-button';
import { useCompany } from '../../lib/api/company';
import { useMe } from '../../lib/api/me';
import { useUpdateCompany } from '../../lib/api/update-company';
import { saveWithToasts } from '../../lib/save-with-toasts';
import { cn } from '../../lib/cn';
import { scrollInstantly, scrollSmoothlyAgain } from './instant-scroll';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useProjectStatuses } from './api/project-statuses';
import { useCreateStatus, useDeleteStatus, useReorderStatuses, useUpdateStatus } from './api/statuses-write';

// The company's project pipeline on /settings. Owners and managers rename, reorder, add, hide and
// delete statuses and say which are closed; everyone else reads it. A closed status frees the
// project's active-file slot; a status that holds projects cannot be deleted.

const CLOSED_HINT = 'A claim file in a closed status no longer counts against your plan’s active files.';

/** The "Project pipeline" card of /settings. */
export function PipelineSettings() {
  const me = useMe();
  const statuses = useProjectStatuses();
  const canEdit = me.data?.company ? canManageCompany(me.data.company.role) : false;
  const ordered = [...(statuses.data?.statuses ?? [])].sort((a, b) => a.position - b.position);

  return (
    <Card aria-labelledby="pipeline-heading" className="flex flex-col gap-4">
      <div>
        <CardTitle id="pipeline-heading">Claim file pipeline</CardTitle>
        <CardDescription>The statuses your claim files move through, in order. {CLOSED_HINT} Hidden statuses get no column on the board.</CardDescription>
      </div>
      {statuses.isPending && <p role="status">Loading the pipeline…</p>}
      {statuses.isError && <Alert>{errorText(statuses.error)}</Alert>}
      {statuses.data && (canEdit ? <EditablePipeline statuses={ordered} /> : <ReadOnlyPipeline statuses={ordered} />)}
      <StatusMovesSettings canEdit={canEdit} />
    </Card>
  );
}

const STATUS_MOVE_DESCRIPTIONS: Record<Company['statusMoves'], string> = {
  move: 'An inspection completed, the packet shared with the adjuster, a signed proposal and the ledger’s figures and payments move the claim file on, only forward, each named on its timeline.',
  suggest: 'The same events offer the move on the claim file; someone accepts it in one click or dismisses it.',
};

const statusMovesFormSchema = updateCompanySchema.pick({ statusMoves: true }).required();

/** Whether a claim file's events move it forward by themselves or only suggest the move (owners and managers choose). */
function StatusMovesSettings({ canEdit }: { canEdit: boolean }) {
  const company = useCompany();
  if (!company.data) return null;
  return <StatusMovesForm key={company.data.statusMoves} company={company.data} canEdit={canEdit} />;
}

function StatusMovesForm({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const update = useUpdateCompany();
  const form = useZodForm(statusMovesFormSchema, { defaultValues: { statusMoves: company.statusMoves } });
  const submit = saveWithToasts(update, ['Status moves saved', 'Claim files follow their events as you chose.'], 'Status moves not saved');
  return (
    <Form form={form} onSubmit={submit} className="border-t border-slate-200 pt-4">
      <FormRadioGroup
        name="statusMoves"
        legend="When a claim file’s events happen"
        disabled={!canEdit}
        options={STATUS_MOVE_MODES.map((mode) => ({ value: mode, label: STATUS_MOVE_MODE_LABELS[mode], description: STATUS_MOVE_DESCRIPTIONS[mode] }))}
      />
      {canEdit && (
        <div>
          <SubmitButton isSubmitting={update.isPending} busyText="Saving…">
            Save status moves
          </SubmitButton>
        </div>
      )}
    </Form>
  );
}

function StatusBadges({ status }: { status: ProjectStatus }) {
  return (
    <>
      {status.isClosed && <Badge tone="success">Closed</Badge>}
      {status.isHidden && <Badge tone="neutral">Hidden</Badge>}
    </>
  );
}

function ReadOnlyPipeline({ statuses }: { statuses: ProjectStatus[] }) {
  return (
    <>
      <p className="text-sm text-slate-700">Only company owners and managers can change the pipeline.</p>
      <ol aria-label="Pipeline statuses" className="flex flex-col divide-y divide-slate-200">
        {statuses.map((status) => (
          <li key={status.id} className="flex min-h-11 flex-wrap items-center gap-2 py-2 text-sm">
            <span className="font-medium text-slate-900">{status.name}</span>
            <StatusBadges status={status} />
          </li>
        ))}
      </ol>
    </>
  );
}

// A status moves by dragging its handle (pointer, touch, or the keyboard: space, arrows, space) or
// with its up and down buttons.
function EditablePipeline({ statuses }: { statuses: ProjectStatus[] }) {
  const reorder = useReorderStatuses();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, onActivation: scrollInstantly }),
  );
  const ids = statuses.map((status) => status.id);
  const name = (id: unknown) => statuses.find((status) => status.id === id)?.name ?? 'The status';
  const position = (id: unknown) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;

  const moveTo = (status: ProjectStatus, from: number, to: number) => {
    if (from === to || to < 0 || to >= ids.length) return;
    reorder.mutate(arrayMove(ids, from, to), {
      onSuccess: () => notify.success('Pipeline reordered', `${status.name} is now at position ${to + 1}.`),
      onError: (error) => notify.error('Reorder failed', errorText(error)),
    });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    scrollSmoothlyAgain();
    const status = statuses.find((row) => row.id === active.id);
    if (status && over) moveTo(status, ids.indexOf(status.id), ids.indexOf(String(over.id)));
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        onDragCancel={scrollSmoothlyAgain}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${name(active.id)}, at ${position(active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${position(over.id)}.` : `${name(active.id)} is not over the list.`),
            onDragEnd: ({ active, over }) =>
              over ? `${name(active.id)} was dropped at ${position(over.id)}.` : `${name(active.id)} was dropped where it was.`,
            onDragCancel: ({ active }) => `Moving ${name(active.id)} was canceled.`,
          },
          screenReaderInstructions: {
            draggable:
              'To reorder a status, press space or enter to pick it up, use the up and down arrow keys to move it, then press space or enter to drop it, or escape to cancel.',
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol aria-label="Pipeline statuses" className="flex flex-col divide-y divide-slate-200">
            {statuses.map((status, index) => (
              <StatusRow
                key={`${status.id}-${status.name}`}
                status={status}
                first={index === 0}
                last={index === statuses.length - 1}
                busy={reorder.isPending}
                onMove={(by) => moveTo(status, index, index + by)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <AddStatusForm />
    </>
  );
}

type StatusRowProps = { status: ProjectStatus; first: boolean; last: boolean; busy: boolean; onMove: (by: -1 | 1) => void };

function StatusRow({ status, first, last, busy, onMove }: StatusRowProps) {
  const id = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: status.id, disabled: busy });
  const update = useUpdateStatus();
  const remove = useDeleteStatus();
  const form = useZodForm(updateProjectStatusSchema, { defaultValues: { name: status.name } });
  const inUse = status.projectCount > 0;

  const save = (patch: UpdateProjectStatusInput, done: [string, string]) =>
    update.mutate(
      { id: status.id, patch },
      { onSuccess: () => notify.success(...done), onError: (error) => notify.error('Pipeline not saved', errorText(error)) },
    );
  const rename = (patch: UpdateProjectStatusInput) => {
    if (patch.name === status.name) return;
    save({ name: patch.name }, ['Status renamed', `${status.name} is now ${patch.name}.`]);
  };
  const onDelete = () => {
    if (!window.confirm(`Delete the status ${status.name}?`)) return;
    remove.mutate(status.id, {
      onSuccess: () => notify.success('Status deleted', `${status.name} is no longer in your pipeline.`),
      onError: (error) => notify.error('Status not deleted', errorText(error)),
    });
  };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('flex flex-col gap-2 bg-white py-3', isDragging && 'relative z-10 shadow-lg')}
      aria-label={status.name}
    >
      <Form form={form} onSubmit={rename} className="flex-row items-end gap-2" aria-label={`Rename ${status.name}`}>
        <Button ref={setActivatorNodeRef} variant="ghost" size="icon" className="cursor-grab touch-none" {...attributes} {...listeners}>
          <GripVertical aria-hidden="true" className="size-5" />
          <span className="sr-only">Drag {status.name}</span>
        </Button>
        <FormField name="name" label={`Name of ${status.name}`} labelClassName="sr-only" className="flex-1" autoComplete="off" maxLength={40} />
        {form.formState.isDirty && (
          <SubmitButton isSubmitting={update.isPending} busyText="Saving…">
            Save<span className="sr-only"> the name of {status.name}</span>
          </SubmitButton>
        )}
      </Form>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex min-h-11 items-center gap-2 pr-2">
          <Checkbox
            id={`${id}-closed`}
            checked={status.isClosed}
            disabled={update.isPending}
            onCheckedChange={(checked) =>
              save({ isClosed: checked === true }, [
                'Pipeline saved',
                checked === true ? `${status.name} is a closed status: its claim files free their active-file slot.` : `${status.name} is an open status.`,
              ])
            }
          />
          <Label htmlFor={`${id}-closed`} className="font-normal text-slate-900">
            Closed<span className="sr-only"> ({status.name})</span>
          </Label>
        </div>
        <Button
          variant="ghost"
          disabled={update.isPending}
          onClick={() =>
            save({ isHidden: !status.isHidden }, [
              'Pipeline saved',
              status.isHidden ? `${status.name} is shown again.` : `${status.name} is hidden from the board.`,
            ])
          }
        >
          {status.isHidden ? <Eye aria-hidden="true" className="size-4" /> : <EyeOff aria-hidden="true" className="size-4" />}
          {status.isHidden ? 'Show' : 'Hide'}
          <span className="sr-only"> {status.name}</span>
        </Button>
        <Button variant="ghost" size="icon" disabled={first || busy} onClick={() => onMove(-1)}>
          <ArrowUp aria-hidden="true" className="size-4" />
          <span className="sr-only">Move {status.name} up</span>
        </Button>
        <Button variant="ghost" size="icon" disabled={last || busy} onClick={() => onMove(1)}>
          <ArrowDown aria-hidden="true" className="size-4" />
          <span className="sr-only">Move {status.name} down</span>
        </Button>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          disabled={inUse || remove.isPending}
          aria-describedby={inUse ? `${id}-in-use` : undefined}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete<span className="sr-only"> {status.name}</span>
        </Button>
        {status.isHidden && <Badge tone="neutral">Hidden</Badge>}
      </div>
      {inUse && (
        <p id={`${id}-in-use`} className="text-xs text-slate-700">
          {status.projectCount === 1 ? '1 claim file is' : `${status.projectCount} claim files are`} in this status: move them to another status before deleting
          it.
        </p>
      )}
    </li>
  );
}

function AddStatusForm() {
  const create = useCreateStatus();
  const form = useZodForm(createProjectStatusSchema, { defaultValues: { name: '', isClosed: false } });
  const submit = (input: CreateProjectStatusInput) =>
    create.mutate(input, {
      onSuccess: (status) => {
        notify.success('Status added', `${status.name} is at the end of your pipeline.`);
        form.reset({ name: '', isClosed: false });
      },
      onError: showErrorOnForm(form),
    });
  return (
    <Form form={form} onSubmit={submit} aria-label="Add a status" className="gap-2 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">Add a status</h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField name="name" label="New status name" className="flex-1" autoComplete="off" maxLength={40} />
        <SubmitButton isSubmitting={create.isPending} busyText="Adding…">
          <Plus aria-hidden="true" className="size-4" />
          Add status
        </SubmitButton>
      </div>
      <FormCheckbox name="isClosed" label="Closed status (frees the active-file slot)" />
      <FormError />
    </Form>
  );
}
