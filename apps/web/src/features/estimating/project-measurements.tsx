import { Plus, Ruler } from 'lucide-react';
import { useState } from 'react';
import type { Measurement } from '@ridgeline/shared/contracts/estimating';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/error-text';
import { useMeasurements } from './api/measurement-list';
import { useUpdateMeasurement } from './api/measurement-update';
import { MeasurementEditor } from './measurement-editor';
import { formFromMeasurement } from './measurement-form-schema';
import { MeasurementSummary, measurementLine, measurementTitle } from './measurement-summary';
import { CancelButton, NewMeasurement } from './new-measurement';

// The project page's Measurements tab: the claim file's roof measurement, one record (decision 041)
// shared with its inspections' Measurements and Estimate steps, whichever screen it was entered on.
// Opened in the calculator to edit; with none yet, one is added here.

function EditMeasurement({ measurement, onDone }: { measurement: Measurement; onDone: () => void }) {
  const update = useUpdateMeasurement();
  return (
    <MeasurementEditor
      label={`Edit ${measurementTitle(measurement)}`}
      defaultValues={formFromMeasurement(measurement)}
      measurement={measurement}
      onSave={async (input) => {
        await update.mutateAsync({ id: measurement.id, input });
      }}
      onSaved={onDone}
      actions={<CancelButton onClick={onDone} />}
    />
  );
}

export function ProjectMeasurements({ projectId }: { projectId: string }) {
  const list = useMeasurements({ projectId });
  // The measurement open in the calculator: an id, 'new', or none.
  const [open, setOpen] = useState<string | null>(null);
  const close = () => setOpen(null);
  // The roof has one record: with it, it is edited, never added a second time.
  const measured = (list.data?.measurements.length ?? 0) > 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Measurements</h2>
        {open === null && list.isSuccess && !measured && (
          <Button type="button" className="min-h-12" onClick={() => setOpen('new')}>
            <Plus aria-hidden="true" className="size-5" />
            Add measurement
          </Button>
        )}
      </div>
      {open === 'new' && <NewMeasurement projectId={projectId} onDone={close} />}
      {list.isPending && <Skeleton className="h-40" aria-label="Loading the measurements" />}
      {list.isError && <Alert>{errorText(list.error)}</Alert>}
      {list.data?.measurements.length === 0 && open !== 'new' && (
        <EmptyState icon={<Ruler aria-hidden="true" className="size-6" />} title="No measurements yet">
          The roof's measurement shows here, whether it is entered here or in one of this claim file's inspections, and the estimate reads it from either.
        </EmptyState>
      )}
      {list.data?.measurements.map((m) =>
        open === m.id ? (
          <EditMeasurement key={m.id} measurement={m} onDone={close} />
        ) : (
          <Card key={m.id} aria-labelledby={`measurement-${m.id}`} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <CardTitle id={`measurement-${m.id}`}>{measurementTitle(m)}</CardTitle>
                <p className="text-sm text-slate-700">{measurementLine(m)}</p>
              </div>
              {open === null && (
                <Button type="button" variant="secondary" className="min-h-12" onClick={() => setOpen(m.id)} aria-label={`Edit ${measurementTitle(m)}`}>
                  Edit
                </Button>
              )}
            </div>
            <MeasurementSummary measurement={m} />
          </Card>
        ),
      )}
    </div>
  );
}
