import { Button } from '../../components/ui/button';
import { BIG_ACTION } from '../../components/sticky-actions';
import { newClientId } from '../../offline/inspection-store';
import { useCreateMeasurement } from './api/measurement-create';
import { MeasurementEditor } from './measurement-editor';
import { formFromSessionStructures } from './measurement-form-schema';
import { ProjectPicker } from './project-picker';

// The calculator for a measurement not saved yet, with Cancel beside its Save: on the project page
// it is saved to that claim file; on /measurements to the claim file picked above the structures.

export function CancelButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="secondary" className={BIG_ACTION} onClick={onClick}>
      Cancel
    </Button>
  );
}

/** A new measurement, saved to `projectId`, or without one to the claim file the user picks. */
export function NewMeasurement({ projectId, onDone }: { projectId?: string; onDone: () => void }) {
  const create = useCreateMeasurement();
  const pick = projectId === undefined;
  return (
    <MeasurementEditor
      label="New measurement"
      defaultValues={formFromSessionStructures([], newClientId)}
      measurement={null}
      requireProject={pick}
      header={pick ? (form) => <ProjectPicker form={form} /> : undefined}
      onSave={async (input, picked) => {
        await create.mutateAsync({ ...input, projectId: projectId ?? picked });
      }}
      onSaved={onDone}
      actions={<CancelButton onClick={onDone} />}
    />
  );
}
