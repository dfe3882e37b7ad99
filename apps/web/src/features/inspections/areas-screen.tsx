import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { INSPECTION_AREAS, SLOPE_DIRECTIONS, type SlopeDirection } from '@ridgeline/shared/domain/field-capture';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Form, FormCheckbox, FormError, FormField, submitShowingErrors, useZodForm } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/use-document-title';
import { notify } from '../../lib/toast';
import { saveInspectionFields, useLocalInspection, type LocalInspection } from '../../offline/inspection-store';
import { areasFormSchema, areasFromStructures, type AreasFormInput } from './areas-form-schema';
import { SessionScreen } from './components/session-screen';
import { FIELD_FORM, StickySubmit } from '../../components/sticky-actions';
import { structureKindLabel } from './session-words';
import { useFieldUser } from './use-field-user';
import { paths } from '../../lib/paths';

// /field-inspection/:sessionId/areas and /areas-offline: per structure what will be inspected, and
// the roof slopes by direction with the hail hits of each slope's test square. Saved on the device.

/** Checkbox rows as 48 px targets. */
const CHOICE = 'rounded-md border border-slate-300 bg-white px-3 [&>div]:min-h-12';

function SlopeRow({ index, direction }: { index: number; direction: SlopeDirection }) {
  const { control } = useFormContext<AreasFormInput>();
  const on = useWatch({ control, name: `structures.${index}.slopes.${direction}.on` });
  return (
    <li className="flex flex-col gap-2">
      <div className={CHOICE}>
        <FormCheckbox name={`structures.${index}.slopes.${direction}.on`} label={`${direction} slope`} />
      </div>
      {on && (
        <FormField
          name={`structures.${index}.slopes.${direction}.hits`}
          label={`Test square hits (${direction})`}
          inputMode="numeric"
          autoComplete="off"
          hint="Hail hits inside the 10 ft x 10 ft square."
        />
      )}
    </li>
  );
}

function StructureAreas({ index, name, kind }: { index: number; name: string; kind: LocalInspection['structures'][number]['kind'] }) {
  const { control } = useFormContext<AreasFormInput>();
  const roof = useWatch({ control, name: `structures.${index}.areas.roof` });
  const headingId = `structure-${index}-heading`;
  // The kind under the name, unless the name already says it ("Main house" of kind Main house).
  const kindLabel = structureKindLabel(kind);
  const sameWords = kindLabel.trim().toLowerCase() === name.trim().toLowerCase();
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <CardTitle id={headingId}>{name}</CardTitle>
        {!sameWords && <CardDescription>{kindLabel}</CardDescription>}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Areas to inspect</legend>
        <ul className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
          {INSPECTION_AREAS.map((area) => (
            <li key={area.value} className={CHOICE}>
              <FormCheckbox name={`structures.${index}.areas.${area.value}`} label={area.label} />
            </li>
          ))}
        </ul>
      </fieldset>
      {roof && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">Roof slopes by direction</legend>
          <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
            {SLOPE_DIRECTIONS.map((direction) => (
              <SlopeRow key={direction} index={index} direction={direction} />
            ))}
          </ul>
        </fieldset>
      )}
    </Card>
  );
}

function AreasForm({ session, offline }: { session: LocalInspection; offline: boolean }) {
  const user = useFieldUser();
  const navigate = useNavigate();
  const form = useZodForm(areasFormSchema, { defaultValues: areasFromStructures(session.structures) });
  const submit = async ({ structures }: { structures: LocalInspection['structures'] }) => {
    if (!user) return;
    await submitShowingErrors(form, async () => {
      await saveInspectionFields(user.userId, session.id, { structures });
      notify.success('Areas saved');
      await navigate(paths.fieldPhase(session.id, 'overview', offline || !navigator.onLine));
    });
  };
  if (session.structures.length === 0) {
    return (
      <EmptyState title="No structures yet">
        <p>Add the structures on the property in the property and loss step first.</p>
      </EmptyState>
    );
  }
  return (
    <Form form={form} onSubmit={submit} aria-label="Areas to inspect" className={FIELD_FORM}>
      {session.structures.map((structure, index) => (
        <StructureAreas key={structure.id} index={index} name={structure.name} kind={structure.kind} />
      ))}
      <FormError />
      <StickySubmit isSubmitting={form.formState.isSubmitting}>Next: Overview photos</StickySubmit>
    </Form>
  );
}

export function AreasScreen({ offline }: { offline: boolean }) {
  useDocumentTitle(offline ? 'Inspection Areas (Offline)' : 'Inspection Areas');
  const { sessionId = '' } = useParams();
  const user = useFieldUser();
  const { session, loading } = useLocalInspection(sessionId, user?.userId);
  return (
    <SessionScreen title="Areas to inspect" session={session} loading={loading}>
      {/* Keyed by the structures: a pull that changes them starts the form again from the new ones. */}
      {(loaded) => <AreasForm key={`${loaded.id}:${loaded.structures.map((s) => s.id).join(',')}`} session={loaded} offline={offline} />}
    </SessionScreen>
  );
}
