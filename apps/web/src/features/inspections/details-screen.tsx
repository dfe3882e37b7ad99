import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-variants';
import { Card, CardTitle } from '../../components/ui/card';
import { TitledCard } from '../../components/titled-card';
import { Form, FormError, FormField, submitShowingErrors, useZodForm } from '../../components/ui/form';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { useOnline } from '../../lib/session/session-provider';
import { notify } from '../../lib/toast';
import { createLocalInspection, useLocalInspection, type LocalInspection } from '../../offline/inspection-store';
import { useInspectionList } from './api/inspection-list';
import { useProjectForInspection } from './api/project-prefill';
import { inspectionDay, inspectionToContinue } from './claim-file-inspections';
import { LossTypeChoice } from './components/loss-type-choice';
import { SessionScreen } from './components/session-screen';
import { BIG_ACTION, FIELD_FORM, StickySubmit } from '../../components/sticky-actions';
import { StructuresFields } from './components/structures-fields';
import {
  detailsFormSchema,
  detailsFromProject,
  detailsFromSession,
  detailsToFields,
  EMPTY_DETAILS,
  newStructureRow,
  type DetailsFormInput,
  type DetailsFormOutput,
} from './details-form-schema';
import { useFieldUser } from './use-field-user';
import { paths } from '../../lib/paths';
import { useSaveSessionFields } from './use-save-session-fields';

// The property-and-loss step: /field-inspection/new and /new-offline start a session (optionally
// from a project: ?projectId=), ?session=<id> edits an existing one's details. Everything saves to
// the device first; the offline route never asks the network for anything.

function DetailsFields() {
  return (
    <>
      <TitledCard id="property-heading" title="Property">
        <FormField name="street" label="Street" autoComplete="street-address" />
        <FormField name="city" label="City" autoComplete="address-level2" />
        <div className="grid grid-cols-2 gap-4">
          <FormField name="state" label="State" autoComplete="address-level1" />
          <FormField name="zip" label="ZIP" autoComplete="postal-code" inputMode="numeric" />
        </div>
      </TitledCard>
      <TitledCard id="homeowner-heading" title="Homeowner">
        <FormField name="homeownerName" label="Homeowner name" autoComplete="off" />
        <FormField name="homeownerPhone" label="Phone" type="tel" autoComplete="off" />
        <FormField name="homeownerEmail" label="Email" type="email" autoComplete="off" />
      </TitledCard>
      <TitledCard id="loss-heading" title="Loss">
        <FormField name="dateOfLoss" label="Date of loss" type="date" />
        <FormField name="lossDescription" label="Loss description" control="textarea" rows={3} placeholder="Hail on the north slope after the storm of May 3" />
        <LossTypeChoice />
      </TitledCard>
      <TitledCard id="structures-heading" title="Structures" titleClassName="sr-only">
        <StructuresFields />
      </TitledCard>
    </>
  );
}

/**
 * A claim file that has an inspection already: continue it, or start a re-inspection (decision 041);
 * never a second, empty inspection without being asked.
 */
function ExistingInspectionChoice({
  projectTitle,
  session,
  onReinspect,
}: {
  projectTitle: string | null;
  session: { id: string; createdAt: string };
  onReinspect: () => void;
}) {
  const day = inspectionDay(session.createdAt);
  return (
    <Card aria-labelledby="existing-inspection-heading" className="flex flex-col gap-3">
      <CardTitle id="existing-inspection-heading">This claim file has an inspection</CardTitle>
      <p className="text-slate-700">
        {projectTitle ? (
          <>
            <strong>{projectTitle}</strong> was inspected on {day}.
          </>
        ) : (
          <>This claim file was inspected on {day}.</>
        )}{' '}
        Continue that inspection, or start a re-inspection of the property: both stay on the claim file and share its roof measurement.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={paths.fieldInspection(session.id)} className={buttonVariants({ size: 'lg', className: BIG_ACTION })}>
          Continue the inspection of {day}
        </Link>
        <Button type="button" variant="secondary" size="lg" className={BIG_ACTION} onClick={onReinspect}>
          Start a re-inspection
        </Button>
      </div>
    </Card>
  );
}

function NewDetails({ offline, projectId }: { offline: boolean; projectId: string | null }) {
  const user = useFieldUser();
  const navigate = useNavigate();
  const online = useOnline();
  const project = useProjectForInspection(projectId, online && !offline);
  const existing = useInspectionList({ projectId: projectId ?? undefined }, online && !offline && project.isSuccess);
  const [reinspecting, setReinspecting] = useState(false);
  const toContinue = projectId && !reinspecting ? inspectionToContinue(existing.data?.sessions ?? []) : null;
  const form = useZodForm(detailsFormSchema, { defaultValues: { ...EMPTY_DETAILS, structures: [newStructureRow()] } });
  const title = offline ? 'New Offline Inspection' : 'New Field Inspection';
  useDocumentTitle(title);

  // The claim file's values fill the form once they arrive, unless the rep has started typing.
  useEffect(() => {
    if (project.data && !form.formState.isDirty) form.reset(detailsFromProject(project.data));
  }, [project.data, form]);

  const submit = async (output: DetailsFormOutput) => {
    if (!user) return;
    await submitShowingErrors(form, async () => {
      const id = await createLocalInspection(user.userId, { projectId, inspector: user.inspector, fields: detailsToFields(output, [], { creating: true }) });
      notify.success(
        'Inspection started',
        navigator.onLine ? 'Next, choose the areas to inspect.' : 'Saved on this device. It syncs when you are back online.',
      );
      await navigate(paths.fieldInspection(id, offline || !navigator.onLine ? 'areas-offline' : 'areas'));
    });
  };

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <PageHeader title={title}>
        The property, the homeowner, the loss and the structures to inspect. Saved on this device first, so it works with no signal.
      </PageHeader>
      {!online && (
        <Alert tone="info" className="flex items-center gap-2">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          You are offline. The inspection is saved on this device and syncs when you are back online.
        </Alert>
      )}
      {projectId && project.isPending && online && !offline && <p className="text-sm text-slate-700">Filling in from the claim file…</p>}
      {projectId && project.isError && (
        <Alert tone="warning">The claim file could not be read: {errorText(project.error)} The inspection will still be linked to it.</Alert>
      )}
      {toContinue ? (
        <ExistingInspectionChoice projectTitle={project.data?.title ?? null} session={toContinue} onReinspect={() => setReinspecting(true)} />
      ) : projectId && project.data && existing.isPending && online && !offline ? (
        <p className="text-sm text-slate-700">Looking for this claim file's inspections…</p>
      ) : (
        <NewDetailsForm
          projectId={projectId}
          projectTitle={project.data?.title ?? null}
          reinspection={reinspecting}
          form={form}
          submit={submit}
          title={title}
        />
      )}
    </div>
  );
}

function NewDetailsForm({
  projectId,
  projectTitle,
  reinspection,
  form,
  submit,
  title,
}: {
  projectId: string | null;
  projectTitle: string | null;
  reinspection: boolean;
  form: ReturnType<typeof useZodForm<typeof detailsFormSchema>>;
  submit: (output: DetailsFormOutput) => Promise<void>;
  title: string;
}) {
  return (
    <>
      {projectId && projectTitle && (
        <Alert tone="info">
          {reinspection ? 'A re-inspection of the claim file ' : 'Starting from the claim file '}
          <strong>{projectTitle}</strong>: its address and claim are filled in.
        </Alert>
      )}
      <Form form={form} onSubmit={submit} aria-label={title} className={FIELD_FORM}>
        <DetailsFields />
        <FormError />
        <StickySubmit isSubmitting={form.formState.isSubmitting}>Next: Areas</StickySubmit>
      </Form>
    </>
  );
}

function EditDetailsForm({ session }: { session: LocalInspection }) {
  const form = useZodForm(detailsFormSchema, { defaultValues: detailsFromSession(session) as DetailsFormInput });
  const save = useSaveSessionFields(session.id, 'Details saved', form);
  const submit = (output: DetailsFormOutput) =>
    save(() =>
      detailsToFields(output, session.structures, { creating: false, classified: session.lossTypeSource === 'classified' || session.lossType === null }),
    );
  return (
    <Form form={form} onSubmit={submit} aria-label="Property and loss" className={FIELD_FORM}>
      <DetailsFields />
      <FormError />
      <StickySubmit isSubmitting={form.formState.isSubmitting}>Save details</StickySubmit>
    </Form>
  );
}

function EditDetails({ sessionId }: { sessionId: string }) {
  useDocumentTitle('Property and Loss');
  const { session, loading } = useLocalInspection(sessionId, useFieldUser()?.userId);
  return (
    <SessionScreen title="Property and loss" session={session} loading={loading}>
      {(loaded) => <EditDetailsForm key={loaded.id} session={loaded} />}
    </SessionScreen>
  );
}

export function DetailsScreen({ offline }: { offline: boolean }) {
  const [params] = useSearchParams();
  const sessionId = params.get('session');
  if (sessionId) return <EditDetails sessionId={sessionId} />;
  return <NewDetails offline={offline} projectId={params.get('projectId')} />;
}
