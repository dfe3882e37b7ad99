import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { ProjectSummary } from '@ridgeline/shared/contracts/projects';
import { ChoiceSearch } from '../../components/choice-search';
import { ClaimFileSelect } from '../../components/claim-file-select';
import type { ZodForm } from '../../components/ui/form';
import { useProjectChoices } from '../../lib/api/project-choices';
import { useDebounced } from '../../lib/use-debounced';
import type { MeasurementFormInput, measurementFormSchema } from './measurement-form-schema';

// The claim file a measurement made on its own is saved to: a search box narrowing the list, and the
// list. The file chosen stays in the list while another search is typed.

export function ProjectPicker({ form }: { form: ZodForm<typeof measurementFormSchema> }) {
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed);
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
      <ChoiceSearch label="Find a claim file" value={typed} onChange={setTyped} />
      <ClaimFileSelect<MeasurementFormInput>
        name="projectId"
        projects={options}
        hint={
          choices.isError
            ? 'The claim files could not be read: check the connection.'
            : choices.data && listed.length === 0
              ? 'No claim file matches.'
              : undefined
        }
      />
    </div>
  );
}
