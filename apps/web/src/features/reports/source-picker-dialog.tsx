import type { ReportSource } from '@ridgeline/shared/contracts/documents';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ChoiceSearch } from '../../components/choice-search';
import { ClaimFileSelect } from '../../components/claim-file-select';
import { Form, useZodForm } from '../../components/ui/form';
import { FormRadioGroup } from '../../components/ui/radio-group';
import { useProjectChoices } from '../../lib/api/project-choices';
import { useDebounced } from '../../lib/use-debounced';
import { useInspectionChoices } from './api/inspection-choices';
import { InspectionSelect } from './inspection-select';

// What a new photo report is made from: a claim file or an inspection, found with a search box.

const pickerSchema = z.object({ from: z.enum(['project', 'session']), projectId: z.string(), sessionId: z.string() }).superRefine((values, ctx) => {
  if (values.from === 'project' && !values.projectId) ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'Choose a claim file' });
  if (values.from === 'session' && !values.sessionId) ctx.addIssue({ code: 'custom', path: ['sessionId'], message: 'Choose an inspection' });
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onPicked: (source: ReportSource) => void };

export function SourcePickerDialog({ open, onOpenChange, onPicked }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>New photo report</DialogTitle>
          <DialogDescription>Choose the claim file or the inspection whose photos go in the report.</DialogDescription>
        </DialogHeader>
        {open && <PickerForm onPicked={onPicked} />}
      </DialogContent>
    </Dialog>
  );
}

function PickerForm({ onPicked }: { onPicked: (source: ReportSource) => void }) {
  const form = useZodForm(pickerSchema, { defaultValues: { from: 'project', projectId: '', sessionId: '' } });
  const from = useWatch({ control: form.control, name: 'from' });
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed);
  const projects = useProjectChoices(q, { enabled: from === 'project' });
  const sessions = useInspectionChoices(q, { enabled: from === 'session' });

  const submit = (values: z.output<typeof pickerSchema>) =>
    onPicked(values.from === 'project' ? { projectId: values.projectId } : { sessionId: values.sessionId });

  const sessionLabel = (s: { street: string | null; city: string | null; homeownerName: string | null }) =>
    [s.homeownerName, [s.street, s.city].filter(Boolean).join(', ')].filter(Boolean).join(' · ') || 'Inspection without an address';

  return (
    <Form form={form} onSubmit={submit}>
      <FormRadioGroup
        name="from"
        legend="Make it from"
        options={[
          { value: 'project', label: 'A claim file' },
          { value: 'session', label: 'An inspection' },
        ]}
      />
      <ChoiceSearch label="Search" value={typed} onChange={setTyped} />
      {from === 'project' ? (
        <ClaimFileSelect
          name="projectId"
          projects={projects.data?.projects ?? []}
          hint={projects.data && projects.data.projects.length === 0 ? 'No claim file matches.' : undefined}
        />
      ) : (
        <InspectionSelect
          name="sessionId"
          inspections={sessions.data?.sessions ?? []}
          hint={sessions.data && sessions.data.sessions.length === 0 ? 'No inspection matches.' : undefined}
          line={sessionLabel}
        />
      )}
      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto">
          Next
        </Button>
      </div>
    </Form>
  );
}
