import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { InspectionSummary } from '@ridgeline/shared/contracts/inspections';
import type { ProjectSummary } from '@ridgeline/shared/contracts/projects';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Form, FormError, FormField, submitShowingErrors, useZodForm } from '../../../components/ui/form';
import { FormRadioGroup } from '../../../components/ui/radio-group';
import { ChoiceSearch } from '../../../components/choice-search';
import { ClaimFileSelect } from '../../../components/claim-file-select';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useProjectChoices } from '../../../lib/api/project-choices';
import { useDebounced } from '../../../lib/use-debounced';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useCreateReport } from '../api/create-report';
import { useInspectionChoices } from '../api/inspection-choices';
import { InspectionSelect } from '../inspection-select';
import { newReportFormSchema, toCreateInput, type NewReportForm } from './new-report-schema';
import { paths } from '../../../lib/paths';

// /advanced-photo-reports/new: a claim file or an inspection, a title, Create: the draft starts with
// the source's photos in the order adjusters read, and opens in the editor.

const projectLine = (p: ProjectSummary) => [p.title || p.homeownerName, p.street].filter(Boolean).join(' · ');
const inspectionLine = (s: InspectionSummary) => [s.street, s.city, s.homeownerName].filter(Boolean).join(' · ') || 'Inspection without an address';

export default function NewReportPage() {
  useDocumentTitle('New Advanced Photo Report');
  const navigate = useNavigate();
  const create = useCreateReport();
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed);
  const form = useZodForm(newReportFormSchema, { defaultValues: { source: 'project', projectId: '', sessionId: '', title: 'Photo report' } });
  const source = useWatch({ control: form.control, name: 'source' });
  const projects = useProjectChoices(search, { enabled: source === 'project' });
  const inspections = useInspectionChoices(search, { enabled: source === 'session' });

  async function submit(value: z.output<typeof newReportFormSchema>) {
    await submitShowingErrors(
      form,
      async () => {
        const report = await create.mutateAsync(toCreateInput(value));
        void navigate(paths.editAdvancedReport(report.id));
      },
      (message) => notify.error('The report was not created', message),
    );
  }

  const choices = source === 'project' ? projects : inspections;
  const empty = source === 'project' ? projects.data?.projects.length === 0 : inspections.data?.sessions.length === 0;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <PageHeader title="New Advanced Photo Report">
        Choose what the report is made from. Its photos start in the order adjusters read; you arrange them next.
      </PageHeader>
      <Form form={form} onSubmit={submit}>
        <Card className="flex flex-col gap-4">
          <FormRadioGroup<NewReportForm>
            name="source"
            legend="Made from"
            options={[
              { value: 'project', label: 'A claim file' },
              { value: 'session', label: 'An inspection' },
            ]}
          />
          <ChoiceSearch label={source === 'project' ? 'Find a claim file' : 'Find an inspection'} value={typed} onChange={setTyped} />
          {source === 'project' ? (
            <ClaimFileSelect<NewReportForm>
              name="projectId"
              projects={projects.data?.projects ?? []}
              hint={choices.isError ? errorText(choices.error) : empty ? 'No claim file matches.' : undefined}
              line={projectLine}
            />
          ) : (
            <InspectionSelect<NewReportForm>
              name="sessionId"
              inspections={inspections.data?.sessions ?? []}
              hint={choices.isError ? errorText(choices.error) : empty ? 'No inspection matches.' : undefined}
              line={inspectionLine}
            />
          )}
          <FormField<NewReportForm> name="title" label="Title" maxLength={160} />
          <FormError />
          <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Creating…' : 'Create'}
          </Button>
        </Card>
      </Form>
    </div>
  );
}
