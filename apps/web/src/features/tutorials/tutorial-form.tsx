import { z } from 'zod';
import { createTutorialSchema, type Tutorial } from '@ridgeline/shared/contracts/tutorials';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Form, FormCheckbox, FormField, useZodForm } from '../../components/ui/form';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useSaveTutorial } from './tutorials-api';

// The contract's tutorial; an empty description box means no description, an empty video or guide box none of it.
const schema = createTutorialSchema.safeExtend({
  description: z
    .string()
    .transform((value) => value.trim() || null)
    .pipe(createTutorialSchema.shape.description.unwrap()),
});

/** Create or edit a tutorial (platform admins): a video (an https YouTube or Vimeo one), a written guide, or both. */
export function TutorialForm({ editing, onDone }: { editing: Tutorial | null; onDone: () => void }) {
  const save = useSaveTutorial();
  const form = useZodForm(schema, {
    defaultValues: editing
      ? {
          pageRoute: editing.pageRoute,
          title: editing.title,
          description: editing.description ?? '',
          embedCode: editing.embedCode ?? '',
          guide: editing.guide ?? '',
          isActive: editing.isActive,
        }
      : { pageRoute: '/', title: '', description: '', embedCode: '', guide: '', isActive: true },
  });

  const submit = (input: z.output<typeof schema>) =>
    save.mutate(
      { id: editing?.id ?? null, input },
      {
        onSuccess: () => {
          notify.success(editing ? 'Tutorial saved' : 'Tutorial created', input.title);
          onDone();
        },
        onError: (e) => notify.error('Tutorial not saved', errorText(e)),
      },
    );

  return (
    <CardDiv className="p-5">
      <Form form={form} onSubmit={submit} aria-label={editing ? 'Edit tutorial' : 'New tutorial'} className="gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{editing ? `Edit “${editing.title}”` : 'New tutorial'}</h2>
        <FormField
          name="pageRoute"
          id="tutorial-pageRoute"
          label="Page route"
          hint="For example /dashboard, or a route ending in /* for every page below it."
        />
        <FormField name="title" id="tutorial-title" label="Title" />
        <FormField name="description" id="tutorial-description" label="Description" control="textarea" rows={2} />
        <FormField
          name="embedCode"
          id="tutorial-embedCode"
          label="Video link or embed code"
          hint="An https YouTube or Vimeo link or <iframe> embed code, about this page. Leave it empty until there is one."
        />
        <FormField
          name="guide"
          id="tutorial-guide"
          label="Written guide"
          control="textarea"
          rows={5}
          hint="A few short steps, one a line. Shown with the video, or instead of it."
        />
        <FormCheckbox name="isActive" id="tutorial-isActive" label="Active (shown as the page's help)" />
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {editing ? 'Save tutorial' : 'Create tutorial'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </Form>
    </CardDiv>
  );
}
