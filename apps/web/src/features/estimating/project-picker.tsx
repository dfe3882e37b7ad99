import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { ProjectSummary } from '@ridgeline/shared/contracts/projects';
import { FormField, type ZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useProjectChoices } from '../../lib/api/project-choices';
import type { MeasurementFormInput, measurementFormSchema } from './measurement-form-schema';

// The claim file a measurement made on its own is saved to: a search box narrowing the list, and the
// list. The file chosen stays in the list while another search is typed.

const describe = (p: ProjectSummary) => [p.title, p.street].filter(Boolean).join(' · ');

export function ProjectPicker({ form }: { form: ZodForm<typeof measurementFormSchema> }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const searchId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const choices = useProjectChoices(q);
  const chosenId = useWatch({ control: form.control, name: 'projectId' });
  // The file chosen, kept from the list it was chosen in (React's way of keeping what an earlier render saw).
  const [chosen, setChosen] = useState<ProjectSummary | null>(null);
  const listed = choices.data?.projects ?? [];
  if (chosenId && chosen?.id !== chosenId) {
    const found = listed.find((p) => p.id === chosenId);
    if (found) setChosen(found);
  }
  const options = chosen && chosen.id === chosenId && !listed.some((p) => p.id === chosen.id) ? [chosen, ...listed] : listed;

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={searchId}>Find a claim file</Label>
        <Input
          id={searchId}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          placeholder="Homeowner, address or claim number"
        />
      </div>
      <FormField<MeasurementFormInput>
        name="projectId"
        label="Claim file"
        control="select"
        hint={
          choices.isError
            ? 'The claim files could not be read: check the connection.'
            : choices.data && listed.length === 0
              ? 'No claim file matches.'
              : undefined
        }
      >
        <option value="">Choose a claim file</option>
        {options.map((p) => (
          <option key={p.id} value={p.id}>
            {describe(p)}
          </option>
        ))}
      </FormField>
    </div>
  );
}
