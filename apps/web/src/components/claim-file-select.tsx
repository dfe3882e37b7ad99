import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { ProjectSummary } from '@ridgeline/shared/contracts/projects';
import { FormField } from './ui/form';

/** A claim file's line in a list to choose from: its title and street. */
export const claimFileLine = (p: ProjectSummary) => [p.title, p.street].filter(Boolean).join(' · ');

/** The claim file field of the surrounding <Form>: a select of `projects`, empty until one is chosen. */
export function ClaimFileSelect<T extends FieldValues>({
  name,
  projects,
  hint,
  line = claimFileLine,
}: {
  name: Path<T>;
  projects: readonly ProjectSummary[];
  hint?: ReactNode;
  line?: (p: ProjectSummary) => string;
}) {
  return (
    <FormField<T> name={name} label="Claim file" control="select" hint={hint}>
      <option value="">Choose a claim file</option>
      {projects.map((p) => (
        <option key={p.id} value={p.id}>
          {line(p)}
        </option>
      ))}
    </FormField>
  );
}
