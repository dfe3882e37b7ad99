import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { defaultAssignee } from '@ridgeline/shared/domain/roles';
import { SERVICE_TYPES, serviceTypeName } from '@ridgeline/shared/domain/service-types';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { TitledCard } from '../../components/titled-card';
import { Form, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/api/me';
import { useTeam } from '../../lib/api/team';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useCreateProject } from './api/create-project';
import { useProjectStatuses } from './api/project-statuses';
import { CarrierAdjusterPicker } from './components/carrier-adjuster-picker';
import { LimitAlert } from '../../components/limit-alert';
import { LossTypeField } from './components/loss-type-field';
import { EMPTY_NEW_PROJECT, newProjectFormSchema } from './new-project-form-schema';
import { paths } from '../../lib/paths';
import { NamedOptions } from '../../components/choice-options';

const MONEY_HINT = 'In dollars, like 1,250.00';

/** /projects/new: opens a claim file (property, homeowner, claim, assignment) and goes to it. */
export default function NewProjectPage() {
  useDocumentTitle('New Claim File');
  const navigate = useNavigate();
  const create = useCreateProject();
  const statuses = useProjectStatuses();
  const team = useTeam();
  const form = useZodForm(newProjectFormSchema, { defaultValues: EMPTY_NEW_PROJECT });
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const me = useMe().data;

  // A member who starts a claim file works it: they are its assignee unless they choose another (the
  // server's rule too). Set once the team's names are there to show it, never over a choice made.
  const starter = me?.company ? defaultAssignee(me.company.role, me.id) : null;
  const teamLoaded = team.data !== undefined;
  useEffect(() => {
    if (starter && teamLoaded && !form.getFieldState('assigneeId').isDirty) form.setValue('assigneeId', starter);
  }, [starter, teamLoaded, form]);

  const carrierId = form.watch('carrierId') ?? null;
  const adjusterId = form.watch('adjusterId') ?? null;
  const lossType = form.watch('lossType') ?? null;
  const description = form.watch('lossDescription');
  const lossTypeError = form.formState.errors.lossType?.message;
  const openStatuses = (statuses.data?.statuses ?? []).filter((status) => !status.isHidden).sort((a, b) => a.position - b.position);

  const submit = (input: Parameters<typeof create.mutate>[0]) => {
    setLimitMessage(null);
    create.mutate(input, {
      onSuccess: (project) => {
        notify.success('Claim file created', `${project.title} is in your pipeline.`);
        void navigate(paths.project(project.id));
      },
      onError: (error) => {
        // The plan has no free slot: the form stays as typed, with the way to more slots.
        if (error instanceof ApiError && error.code === 'ACTIVE_FILE_LIMIT') setLimitMessage(errorText(error));
        else showErrorOnForm(form)(error);
      },
    });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="New Claim File">
        Open a claim file for a property and its insurance claim. Only the title, homeowner and street are required.
      </PageHeader>
      <Form form={form} onSubmit={submit} aria-label="New claim file" className="gap-6">
        <TitledCard id="property-heading" title="Property">
          <FormField name="title" label="Title" placeholder="Smith roof" autoComplete="off" />
          <FormField name="street" label="Street" autoComplete="street-address" />
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField name="city" label="City" autoComplete="address-level2" />
            <FormField name="state" label="State" autoComplete="address-level1" />
            <FormField name="zip" label="ZIP" autoComplete="postal-code" inputMode="numeric" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="latitude" label="Latitude (optional)" inputMode="decimal" />
            <FormField name="longitude" label="Longitude (optional)" inputMode="decimal" />
          </div>
        </TitledCard>

        <TitledCard id="homeowner-heading" title="Homeowner">
          <FormField name="homeownerName" label="Homeowner name" autoComplete="off" />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="homeownerPhone" label="Phone" type="tel" autoComplete="off" />
            <FormField name="homeownerEmail" label="Email" type="email" autoComplete="off" />
          </div>
        </TitledCard>

        <TitledCard id="claim-heading" title="Claim">
          <CarrierAdjusterPicker
            value={{ carrierId, adjusterId }}
            onChange={(next) => {
              form.setValue('carrierId', next.carrierId, { shouldDirty: true });
              form.setValue('adjusterId', next.adjusterId, { shouldDirty: true });
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="policyNumber" label="Policy number" autoComplete="off" />
            <FormField name="claimNumber" label="Claim number" autoComplete="off" />
          </div>
          <FormField name="dateOfLoss" label="Date of loss" type="date" className="sm:max-w-xs" />
          <FormField
            name="lossDescription"
            label="Loss description"
            control="textarea"
            rows={3}
            placeholder="Hail on the north slope after the storm of May 3"
          />
          <LossTypeField
            value={lossType}
            onChange={(next) => form.setValue('lossType', next, { shouldDirty: true })}
            description={description}
            error={lossTypeError}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="deductibleCents" label="Deductible" inputMode="decimal" hint={MONEY_HINT} />
            <FormField name="rcvCents" label="RCV (replacement cost value)" inputMode="decimal" hint={MONEY_HINT} />
            <FormField name="acvCents" label="ACV (actual cash value)" inputMode="decimal" hint={MONEY_HINT} />
            <FormField name="depreciationCents" label="Depreciation" inputMode="decimal" hint={MONEY_HINT} />
          </div>
          <FormField name="serviceType" label="Service type" control="select" className="sm:max-w-xs">
            <option value="">None yet</option>
            {SERVICE_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {serviceTypeName(type.value)}
              </option>
            ))}
          </FormField>
        </TitledCard>

        <Card aria-labelledby="assignment-heading" className="flex flex-col gap-4">
          <div>
            <CardTitle id="assignment-heading">Assignment</CardTitle>
            <CardDescription>Who works the claim, and where it starts in your pipeline.</CardDescription>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="assigneeId" label="Assignee" control="select">
              <option value="">Unassigned</option>
              {team.data?.members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </FormField>
            <FormField name="statusId" label="Starting status" control="select">
              <option value="">{openStatuses[0] ? `First in the pipeline (${openStatuses[0].name})` : 'First in the pipeline'}</option>
              <NamedOptions items={openStatuses.slice(1)} />
            </FormField>
          </div>
        </Card>

        {limitMessage && <LimitAlert message={limitMessage} />}
        <FormError />
        <div>
          <SubmitButton isSubmitting={create.isPending} busyText="Creating…" className="w-full sm:w-auto">
            Create claim file
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
