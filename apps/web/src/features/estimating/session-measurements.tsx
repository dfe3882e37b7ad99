import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonVariants } from '../../components/ui/button-variants';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/error-text';
import { newClientId } from '../../offline/inspection-store';
import { useCreateMeasurement } from './api/measurement-create';
import { useMeasurements } from './api/measurement-list';
import { useUpdateMeasurement } from './api/measurement-update';
import { MeasurementEditor, OFFLINE_SAVE_MESSAGE, type SaveMeasurement } from './measurement-editor';
import { formFromMeasurement, formFromSessionStructures } from './measurement-form-schema';
import { BIG_ACTION } from './sticky-save-bar';

// A session's Measurements step: the session's one measurement, read from the server and saved
// there (created on the first save). Its structures start from the session's, a facet per roof slope.

type Session = {
  id: string;
  /** Created on this device and not on the server yet: nothing can be saved for it there. */
  pendingCreate: boolean;
  structures: readonly { id: string; name: string; kind: string; slopes: readonly { direction: string }[] }[];
};

export function SessionMeasurements({ session }: { session: Session }): ReactNode {
  const list = useMeasurements({ sessionId: session.id }, { enabled: !session.pendingCreate });
  const create = useCreateMeasurement();
  const update = useUpdateMeasurement();
  // The id of the measurement once the first save made it (before the list is read again).
  const createdId = useRef<string | null>(null);
  const measurement = list.data?.measurements[0] ?? null;

  if (!session.pendingCreate && list.isPending) return <Skeleton className="h-64" aria-label="Loading the measurements" />;

  const save: SaveMeasurement = async (input) => {
    const id = measurement?.id ?? createdId.current;
    if (id) {
      await update.mutateAsync({ id, input });
      return;
    }
    const created = await create.mutateAsync({ ...input, sessionId: session.id });
    createdId.current = created.id;
  };

  const next = `/field-inspection/${session.id}/analysis`;
  const saved = measurement !== null || create.isSuccess;
  return (
    <>
      {session.pendingCreate && <Alert tone="warning">{OFFLINE_SAVE_MESSAGE} This inspection is on this device only until it syncs.</Alert>}
      {list.isError && <Alert tone="warning">The saved measurements could not be read: {errorText(list.error)}</Alert>}
      <MeasurementEditor
        defaultValues={measurement ? formFromMeasurement(measurement) : formFromSessionStructures(session.structures, newClientId)}
        measurement={measurement}
        onSave={save}
        cannotSave={session.pendingCreate ? OFFLINE_SAVE_MESSAGE : null}
        actions={
          saved ? (
            <Link to={next} className={buttonVariants({ variant: 'secondary', size: 'lg', className: BIG_ACTION })}>
              Next: Analysis
            </Link>
          ) : null
        }
      />
    </>
  );
}
