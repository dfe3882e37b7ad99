import type { ReportSource } from '@ridgeline/shared/contracts/documents';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { FormRadioGroup } from '../../components/ui/radio-group';
import { useProjectChoices } from '../../lib/api/project-choices';
import { useDebounced } from '../../lib/use-debounced';
import { useInspectionChoices } from './api/inspection-choices';

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
  const searchId = useId();
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
      <div className="flex flex-col gap-1">
        <Label htmlFor={searchId}>Search</Label>
        <Input
          id={searchId}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          placeholder="Homeowner, address or claim number"
        />
      </div>
      {from === 'project' ? (
        <FormField
          name="projectId"
          label="Claim file"
          control="select"
          hint={projects.data && projects.data.projects.length === 0 ? 'No claim file matches.' : undefined}
        >
          <option value="">Choose a claim file</option>
          {(projects.data?.projects ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {[p.title, p.street].filter(Boolean).join(' · ')}
            </option>
          ))}
        </FormField>
      ) : (
        <FormField
          name="sessionId"
          label="Inspection"
          control="select"
          hint={sessions.data && sessions.data.sessions.length === 0 ? 'No inspection matches.' : undefined}
        >
          <option value="">Choose an inspection</option>
          {(sessions.data?.sessions ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {sessionLabel(s)}
            </option>
          ))}
        </FormField>
      )}
      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto">
          Next
        </Button>
      </div>
    </Form>
  );
}
