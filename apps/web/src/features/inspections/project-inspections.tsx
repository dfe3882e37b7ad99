import { Camera } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/error-text';
import { useOnline } from '../../lib/session/session-provider';
import { useInspectionList } from './api/inspection-list';
import { claimFileInspections, inspectionDay } from './claim-file-inspections';
import { statusLabel } from './session-words';
import { paths } from '../../lib/paths';

// The claim file page's Inspections card: every inspection of the claim file (the first, then its
// re-inspections), each linked to its session, as each session links back to its claim file.

export function ProjectInspections({ projectId }: { projectId: string }) {
  const online = useOnline();
  const list = useInspectionList({ projectId, pageSize: 100 }, online);
  const rows = claimFileInspections(list.data?.sessions ?? []);
  return (
    <Card aria-labelledby="project-inspections-heading" className="flex flex-col gap-3">
      <CardTitle id="project-inspections-heading">Inspections</CardTitle>
      {!online && !list.data ? (
        <CardDescription>The inspections show here when you are back online.</CardDescription>
      ) : list.isPending ? (
        <Skeleton className="h-12" aria-label="Loading the inspections" />
      ) : list.isError ? (
        <CardDescription role="alert">{errorText(list.error)}</CardDescription>
      ) : rows.length === 0 ? (
        <CardDescription>No inspection yet. Start inspection opens one on this claim file.</CardDescription>
      ) : (
        <ul className="divide-y divide-slate-200">
          {rows.map(({ session, name }) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link to={paths.fieldInspection(session.id)} className="inline-flex min-h-11 items-center gap-2 font-semibold text-blue-800 hover:underline">
                <Camera aria-hidden="true" className="size-4" />
                {name} of {inspectionDay(session.createdAt)}
              </Link>
              <span className="flex items-center gap-2 text-sm text-slate-700">
                <Badge tone={session.status === 'completed' ? 'success' : 'info'}>{statusLabel(session.status)}</Badge>
                {session.photoCount === 1 ? '1 photo' : `${session.photoCount} photos`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
