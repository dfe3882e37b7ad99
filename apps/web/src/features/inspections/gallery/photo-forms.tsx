import { z } from 'zod';
import { capturePhaseSchema, photoCategorySchema, photoTypeSchema, subcategorySchema, type Photo } from '@ridgeline/shared/contracts/photos';
import { longText } from '@ridgeline/shared/contracts/common';
import { CAPTURE_PHASES, SLOPE_DIRECTIONS, subcategoryLabel } from '@ridgeline/shared/domain/field-capture';
import { useWatch } from 'react-hook-form';
import { SaveCancel } from '../../../components/save-cancel';
import { Form, FormError, FormField, submitShowingErrors, useZodForm } from '../../../components/ui/form';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { usePhotoMoveTargets } from '../api/photo-move-targets';
import { useMovePhoto } from '../api/photo-move';
import { useUpdatePhoto } from '../api/photo-update';
import { subcategoryOptions } from '../capture/capture-details';
import { PhotoTagFields } from '../photo-tag-fields';
import { ChoiceOptions } from '../../../components/choice-options';

// The lightbox's two forms: retag a photo (category, subcategory, phase, type, notes) and move it to
// another session or onto a project. Empty choices clear a tag (null), as the contract says.

const orNull = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .transform((v) => (v === '' ? null : v))
    .pipe(schema.nullable());

const retagSchema = z.object({
  category: photoCategorySchema,
  subcategory: orNull(subcategorySchema),
  phase: orNull(capturePhaseSchema),
  photoType: orNull(photoTypeSchema),
  notes: longText(1000).transform((v) => (v === '' ? null : v)),
});

const EVERY_SLOPE = [{ slopes: SLOPE_DIRECTIONS.map((direction) => ({ direction, testSquareHits: null })) }];

export function RetagForm({ photo, onDone }: { photo: Photo; onDone: () => void }) {
  const update = useUpdatePhoto();
  const form = useZodForm(retagSchema, {
    defaultValues: {
      category: photo.category,
      subcategory: photo.subcategory ?? '',
      phase: photo.phase ?? '',
      photoType: photo.photoType ?? '',
      notes: photo.notes ?? '',
    },
  });
  const category = useWatch({ control: form.control, name: 'category' });
  const options = subcategoryOptions(category, EVERY_SLOPE);
  const current =
    photo.subcategory && photo.category === category && !options.some((o) => o.value === photo.subcategory)
      ? [{ value: photo.subcategory, label: subcategoryLabel(photo.category, photo.subcategory) }]
      : [];

  async function submit(patch: z.output<typeof retagSchema>) {
    await submitShowingErrors(form, async () => {
      await update.mutateAsync({ id: photo.id, patch });
      notify.success('Photo retagged', 'Its category, phase and notes are saved.');
      onDone();
    });
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Retag the photo">
      <PhotoTagFields subcategories={[...current, ...options]}>
        <FormField name="phase" label="Phase" control="select">
          <option value="">None</option>
          <ChoiceOptions choices={CAPTURE_PHASES} />
        </FormField>
      </PhotoTagFields>
      <FormField name="notes" label="Notes" control="textarea" rows={2} />
      <FormError />
      <SaveCancel saving={update.isPending} onCancel={onDone}>
        Save tags
      </SaveCancel>
    </Form>
  );
}

const moveSchema = z.object({
  target: z
    .string()
    .regex(/^(session|project):.+$/, 'Choose where to move the photo')
    .transform((value) => {
      const [kind, id = ''] = value.split(/:(.*)/s);
      return kind === 'session' ? { sessionId: id } : { projectId: id };
    }),
});

export function MoveForm({ photo, onDone }: { photo: Photo; onDone: () => void }) {
  const targets = usePhotoMoveTargets(true);
  const move = useMovePhoto();
  const form = useZodForm(moveSchema, { defaultValues: { target: '' } });

  async function submit({ target }: z.output<typeof moveSchema>) {
    await submitShowingErrors(form, async () => {
      await move.mutateAsync({ id: photo.id, to: target });
      notify.success('Photo moved', 'sessionId' in target ? 'It is now in the other inspection.' : 'It is now on the claim file.');
      onDone();
    });
  }

  const sessions = (targets.data?.sessions ?? []).filter((s) => s.id !== photo.sessionId);
  const projects = (targets.data?.projects ?? []).filter((p) => p.id !== photo.projectId || photo.sessionId !== null);
  return (
    <Form form={form} onSubmit={submit} aria-label="Move the photo">
      {targets.isError && <p className="text-sm text-red-700">{errorText(targets.error)}</p>}
      <FormField name="target" label="Move to" control="select" disabled={targets.isPending}>
        <option value="">{targets.isPending ? 'Loading…' : 'Choose…'}</option>
        {sessions.length > 0 && (
          <optgroup label="Inspections">
            {sessions.map((s) => (
              <option key={s.id} value={`session:${s.id}`}>
                {[s.street, s.city].filter(Boolean).join(', ') || 'Inspection'}
                {s.homeownerName ? ` (${s.homeownerName})` : ''}
              </option>
            ))}
          </optgroup>
        )}
        {projects.length > 0 && (
          <optgroup label="Claim files">
            {projects.map((p) => (
              <option key={p.id} value={`project:${p.id}`}>
                {p.title}
              </option>
            ))}
          </optgroup>
        )}
      </FormField>
      <FormError />
      <SaveCancel saving={move.isPending} onCancel={onDone} busyText="Moving…">
        Move photo
      </SaveCancel>
    </Form>
  );
}
