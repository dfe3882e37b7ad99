import { useQueryClient } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonVariants } from '../../components/ui/button-variants';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { measurementsQuery } from '../../lib/api/measurements';
import { errorText } from '../../lib/error-text';
import { newClientId } from '../../offline/inspection-store';
import { useCreateMeasurement } from './api/measurement-create';
import { useMeasurements } from './api/measurement-list';
import { useUpdateMeasurement } from './api/measurement-update';
import { MeasurementEditor, OFFLINE_SAVE_MESSAGE, type SaveMeasurement } from './measurement-editor';
import { formFromMeasurement, formFromSessionStructures } from './measurement-form-schema';
import { BIG_ACTION } from '../../components/sticky-actions';
import { paths } from '../../lib/paths';

// A session's Measurements step: the session's one measurement, read from the server and saved
// there (created on the first save). Its structures start from the session's, a facet per roof slope.

type Session = {
  id: string;
  /** Created on this device and not on the server yet: nothing can be saved for it there. */
  pendingCreate: boolean;
  structures: readonly { id: string; name: string; kind: string; slopes: readonly { direction: string }[] }[];
};

export function SessionMeasurements({ session }: { session: Session }): ReactNode {
  const client = useQueryClient();
  const list = useMeasurements({ sessionId: session.id }, { enabled: !session.pendingCreate });
  const create = useCreateMeasurement();
  const update = useUpdateMeasurement();
  // The id of the measurement once the first save made it (before the list is read again).
  const createdId = useRef<string | null>(null);
  const measurement = list.data?.measurements[0] ?? null;

  // With no connection (the read waits, or failed once and is being tried again) the calculator opens
  // anyway, from the session: what is typed stays in the form until it can be saved.
  const offline = list.isPending && (list.fetchStatus === 'paused' || list.failureCount > 0 || !navigator.onLine);
  if (!session.pendingCreate && list.isPending && !offline) return <Skeleton className="h-64" aria-label="Loading the measurements" />;

  const save: SaveMeasurement = async (input) => {
    const id = measurement?.id ?? createdId.current;
    if (id) {
      await update.mutateAsync({ id, input });
      return;
    }
    try {
      const created = await create.mutateAsync({ ...input, sessionId: session.id });
      createdId.current = created.id;
    } catch (error) {
      // The session has its measurement already (saved from another screen while this one could not
      // read it): what is typed here is saved over it, as Save says.
      if (!(error instanceof ApiError && error.code === 'CONFLICT')) throw error;
      const existing = (await client.fetchQuery({ ...measurementsQuery({ sessionId: session.id }), staleTime: 0 })).measurements[0];
      if (!existing) throw error;
      createdId.current = existing.id;
      await update.mutateAsync({ id: existing.id, input });
    }
  };

  const next = paths.fieldInspection(session.id, 'analysis');
  const saved = measurement !== null || create.isSuccess;
  return (
    <>
      {session.pendingCreate && <Alert tone="warning">{OFFLINE_SAVE_MESSAGE} This inspection is on this device only until it syncs.</Alert>}
      {list.isError && <Alert tone="warning">The saved measurements could not be read: {errorText(list.error)}</Alert>}
      {offline && !session.pendingCreate && <Alert tone="warning">No connection: the saved measurements cannot be read now. {OFFLINE_SAVE_MESSAGE}</Alert>}
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
