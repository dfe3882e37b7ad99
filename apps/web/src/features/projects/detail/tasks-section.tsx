import { ListTodo, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { createTaskSchema, type Task } from '@ridgeline/shared/contracts/projects';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Label } from '../../../components/ui/label';
import { useTeam } from '../../../lib/api/team';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useCreateTask, useDeleteTask, useProjectTasks, useUpdateTask } from '../api/tasks';
import { ConfirmedDelete } from './confirm-dialog';
import { formatDay } from './project-fields';
import { SaveCancel } from '../../../components/save-cancel';

/** A blank date or assignee means none. */
const blankIsNull = z.string().transform((text) => (text.trim() === '' ? null : text));

// The contract's task, read from the form's text: a blank due date or assignee is none.
const taskFormSchema = z.object({
  title: z.string().trim().min(1, 'Give the task a title.').pipe(createTaskSchema.shape.title),
  dueDate: blankIsNull.pipe(createTaskSchema.shape.dueDate.unwrap()),
  assigneeId: blankIsNull.pipe(createTaskSchema.shape.assigneeId.unwrap()),
});
type TaskFormValues = z.output<typeof taskFormSchema>;

/** Open tasks first, each group by due date (none last), then oldest first. */
export function sortTasks(tasks: Task[]): Task[] {
  return [...tasks].sort(
    (a, b) => Number(a.done) - Number(b.done) || (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') || a.createdAt.localeCompare(b.createdAt),
  );
}

function TaskForm({
  idPrefix,
  defaults,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  defaults: { title: string; dueDate: string; assigneeId: string };
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: TaskFormValues, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const team = useTeam();
  const form = useZodForm(taskFormSchema, { defaultValues: defaults });
  return (
    <Form
      form={form}
      onSubmit={(values) => onSubmit(values, () => form.reset(defaults))}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) {
          event.stopPropagation();
          onCancel();
        }
      }}
      className="gap-3"
      aria-label={submitLabel}
    >
      <FormField name="title" id={`${idPrefix}-title`} label="Task" placeholder="Call the adjuster" autoFocus={Boolean(onCancel)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField name="dueDate" id={`${idPrefix}-due`} label="Due date" type="date" />
        <FormField name="assigneeId" id={`${idPrefix}-assignee`} label="Assignee" control="select">
          <option value="">Unassigned</option>
          {(team.data?.members ?? []).map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </FormField>
      </div>
      <SaveCancel saving={busy} onCancel={onCancel}>
        {submitLabel}
      </SaveCancel>
    </Form>
  );
}

function TaskRow({ task, projectId }: { task: Task; projectId: string }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateTask(projectId);
  const remove = useDeleteTask(projectId);
  const checkboxId = `task-${task.id}`;

  const toggle = (done: boolean) =>
    update.mutate({ id: task.id, patch: { done } }, { onError: (error) => notify.error(done ? 'Task not completed' : 'Task not reopened', errorText(error)) });

  if (editing) {
    return (
      <li className="py-3">
        <TaskForm
          idPrefix={`edit-${task.id}`}
          defaults={{ title: task.title, dueDate: task.dueDate ?? '', assigneeId: task.assignee?.id ?? '' }}
          submitLabel="Save task"
          busy={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(patch) =>
            update.mutate(
              { id: task.id, patch },
              {
                onSuccess: () => {
                  notify.success('Task updated', `“${patch.title}” is saved.`);
                  setEditing(false);
                },
                onError: (error) => notify.error('Task not saved', errorText(error)),
              },
            )
          }
        />
      </li>
    );
  }

  return (
    <li className="flex items-start gap-2 py-2">
      <div className="flex size-11 shrink-0 items-center justify-center">
        <Checkbox id={checkboxId} checked={task.done} disabled={update.isPending} onCheckedChange={(checked) => toggle(checked === true)} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col py-2.5">
        <Label htmlFor={checkboxId} className={task.done ? 'text-slate-600 line-through' : 'text-slate-900'}>
          {task.title}
        </Label>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
          {task.dueDate && <span>Due {formatDay(task.dueDate)}</span>}
          <span>{task.assignee?.name ?? 'Unassigned'}</span>
          {task.overdue && !task.done && <Badge tone="danger">Overdue</Badge>}
        </p>
      </div>
      <Button variant="ghost" size="icon" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" className="size-4" />
        <span className="sr-only">Edit the task {task.title}</span>
      </Button>
      <ConfirmedDelete
        label={`Delete the task ${task.title}`}
        title="Delete this task?"
        confirmLabel="Delete task"
        busy={remove.isPending}
        run={() => remove.mutateAsync(task.id)}
        done={{ title: 'Task deleted', description: `“${task.title}” is gone.` }}
        failedTitle="Task not deleted"
      >
        “{task.title}” will be removed from this claim file.
      </ConfirmedDelete>
    </li>
  );
}

export function TasksSection({ projectId }: { projectId: string }) {
  const tasks = useProjectTasks(projectId);
  const create = useCreateTask(projectId);
  const [adding, setAdding] = useState(false);

  return (
    <Card aria-labelledby="tasks-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <CardTitle id="tasks-heading">Tasks</CardTitle>
        {!adding && (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add a task
          </Button>
        )}
      </div>
      {adding && (
        <TaskForm
          idPrefix="new-task"
          defaults={{ title: '', dueDate: '', assigneeId: '' }}
          submitLabel="Add task"
          busy={create.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(input, reset) =>
            create.mutate(input, {
              onSuccess: () => {
                notify.success('Task added', `“${input.title}” is on the list.`);
                reset();
              },
              onError: (error) => notify.error('Task not added', errorText(error)),
            })
          }
        />
      )}
      {tasks.isPending && <p role="status">Loading the tasks…</p>}
      {tasks.isError && <Alert>{errorText(tasks.error)}</Alert>}
      {tasks.data &&
        (tasks.data.tasks.length === 0 ? (
          <EmptyState icon={<ListTodo aria-hidden="true" className="size-6" />} title="No tasks yet">
            Add what needs doing on this claim: a call to the adjuster, an inspection, a supplement.
          </EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200" aria-label="Tasks">
            {sortTasks(tasks.data.tasks).map((task) => (
              <TaskRow key={task.id} task={task} projectId={projectId} />
            ))}
          </ul>
        ))}
    </Card>
  );
}
