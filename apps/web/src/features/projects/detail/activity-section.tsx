import { z } from 'zod';
import { addNoteSchema, type ProjectStatus } from '@ridgeline/shared/contracts/projects';
import { Alert } from '../../../components/ui/alert';
import { Card, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { SubmitButton } from '../../../components/submit-button';
import { errorText } from '../../../lib/error-text';
import { saveWithToasts } from '../../../lib/save-with-toasts';
import { useAddNote, useProjectActivity } from '../api/activity';
import { activitySentence, formatWhen } from './activity-words';

// The contract's note, with the page's words for an empty one.
const noteFormSchema = z.object({ body: z.string().trim().min(1, 'Write a note first').pipe(addNoteSchema.shape.body) });

function NoteForm({ projectId }: { projectId: string }) {
  const add = useAddNote(projectId);
  const form = useZodForm(noteFormSchema, { defaultValues: { body: '' } });
  const submit = saveWithToasts(add, ['Note added', 'It is on the timeline.'], 'Note not added', () => form.reset({ body: '' }));
  return (
    <Form form={form} aria-label="Add a note" className="gap-2" onSubmit={submit}>
      <FormField name="body" id="note-body" label="Add a note" control="textarea" rows={3} placeholder="Adjuster confirmed the reinspection for Tuesday." />
      <div>
        <SubmitButton isSubmitting={add.isPending} busyText="Adding…">
          Add note
        </SubmitButton>
      </div>
    </Form>
  );
}

export function ActivitySection({ projectId, statuses }: { projectId: string; statuses: ProjectStatus[] }) {
  const activity = useProjectActivity(projectId);
  const names = new Map(statuses.map((status) => [status.id, status.name]));
  return (
    <Card aria-labelledby="activity-heading" className="flex flex-col gap-3">
      <CardTitle id="activity-heading">Activity</CardTitle>
      <NoteForm projectId={projectId} />
      {activity.isPending && <p role="status">Loading the activity…</p>}
      {activity.isError && <Alert>{errorText(activity.error)}</Alert>}
      {activity.data &&
        (activity.data.activity.length === 0 ? (
          <EmptyState title="Nothing yet">Changes, notes, tasks and files of this claim file will show here.</EmptyState>
        ) : (
          <ol className="flex flex-col divide-y divide-slate-200" aria-label="Activity timeline">
            {activity.data.activity.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 py-2 text-sm">
                <p className="text-slate-900">{activitySentence(entry, names)}</p>
                {entry.kind === 'note' && entry.body && <p className="rounded-md bg-slate-50 px-3 py-2 whitespace-pre-line text-slate-800">{entry.body}</p>}
                <p className="text-xs text-slate-600">
                  <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        ))}
    </Card>
  );
}
