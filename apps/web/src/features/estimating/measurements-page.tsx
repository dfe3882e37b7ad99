import { Ruler } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Measurement } from '@ridgeline/shared/contracts/estimating';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { useMeasurements } from './api/measurement-list';
import { measurementLine, measurementTitle } from './measurement-summary';
import { NewMeasurement } from './new-measurement';
import { paths } from '../../lib/paths';

// /measurements: every measurement of the company, grouped by claim file and by inspection, and the
// calculator on its own, saved to a claim file the user picks.

type Group = { key: string; title: string; to: string | null; measurements: Measurement[] };

/** Measurements by claim file (those of a session not yet in a claim file, by session), in the list's order (newest first). */
export function groupMeasurements(measurements: readonly Measurement[]): Group[] {
  const groups = new Map<string, Group>();
  for (const m of measurements) {
    const key = m.projectId ? `project:${m.projectId}` : `session:${m.sessionId ?? m.id}`;
    let group = groups.get(key);
    if (!group) {
      group = m.projectId
        ? { key, title: m.projectTitle ?? 'Claim file', to: paths.project(m.projectId), measurements: [] }
        : {
            key,
            title: `Inspection at ${m.sessionAddress ?? 'an unknown address'}`,
            to: m.sessionId ? paths.fieldInspection(m.sessionId) : null,
            measurements: [],
          };
      groups.set(key, group);
    }
    group.measurements.push(m);
  }
  return [...groups.values()];
}

/** Where a measurement is opened: its session's Measurements step, or its claim file. */
const openPath = (m: Measurement) => (m.sessionId ? paths.fieldInspection(m.sessionId, 'measurements') : m.projectId ? paths.project(m.projectId) : null);

function MeasurementRow({ measurement }: { measurement: Measurement }) {
  const to = openPath(measurement);
  const title = measurementTitle(measurement);
  return (
    <li className="flex flex-col gap-1 py-3">
      {to ? (
        <Link to={to} className="inline-flex min-h-11 w-fit items-center font-semibold text-blue-800 hover:underline">
          {title}
        </Link>
      ) : (
        <p className="font-semibold text-slate-900">{title}</p>
      )}
      <p className="text-sm text-slate-700">
        {measurement.sessionId ? 'From an inspection · ' : 'Made on its own · '}
        {measurementLine(measurement)}
      </p>
    </li>
  );
}

function SavedMeasurements() {
  const list = useMeasurements({});
  if (list.isPending) return <Skeleton className="h-40" aria-label="Loading the measurements" />;
  if (list.isError) return <Alert>{errorText(list.error)}</Alert>;
  const groups = groupMeasurements(list.data.measurements);
  if (groups.length === 0) {
    return (
      <EmptyState icon={<Ruler aria-hidden="true" className="size-6" />} title="No measurements yet">
        Measure a roof in an inspection's Measurements step, or with the calculator above.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <Card key={group.key} aria-label={group.title} className="flex flex-col gap-1">
          <CardTitle>
            {group.to ? (
              <Link to={group.to} className="hover:underline">
                {group.title}
              </Link>
            ) : (
              group.title
            )}
          </CardTitle>
          <ul className="divide-y divide-slate-200">
            {group.measurements.map((m) => (
              <MeasurementRow key={m.id} measurement={m} />
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

export default function MeasurementsPage() {
  useDocumentTitle('Measurements');
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="Measurements">Every roof the company has measured, by claim file and inspection, and the calculator on its own.</PageHeader>
      <section aria-labelledby="new-measurement-heading" className="flex flex-col gap-3">
        <h2 id="new-measurement-heading" className="text-xl font-semibold text-slate-900">
          Calculator
        </h2>
        {creating ? (
          <NewMeasurement onDone={() => setCreating(false)} />
        ) : (
          <Button type="button" size="lg" className="w-full sm:w-fit" onClick={() => setCreating(true)}>
            New measurement
          </Button>
        )}
      </section>
      <section aria-labelledby="saved-measurements-heading" className="flex flex-col gap-3">
        <h2 id="saved-measurements-heading" className="text-xl font-semibold text-slate-900">
          Saved measurements
        </h2>
        <SavedMeasurements />
      </section>
    </div>
  );
}
