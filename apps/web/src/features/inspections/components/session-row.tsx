import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { formatWhen, sessionAddress, statusLabel } from '../session-words';
import type { InspectionSummary } from '@ridgeline/shared/contracts/inspections';
import { paths } from '../../../lib/paths';
import type { LocalInspection } from '../../../offline/inspection-store';
import { isUnsynced } from './session-screen';

type Row = Pick<InspectionSummary, 'id' | 'status' | 'street' | 'city' | 'state' | 'zip' | 'homeownerName' | 'inspector' | 'photoCount' | 'updatedAt'>;

/** One session in a list: address, homeowner, status, inspector, photos, last activity; the whole row opens it. */
export function SessionRow({ session, syncNote }: { session: Row; syncNote?: string | null }) {
  return (
    <li>
      <Link to={paths.fieldInspection(session.id)} className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-slate-50">
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-semibold break-words text-slate-900">{sessionAddress(session)}</span>
          <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Badge tone={session.status === 'completed' ? 'success' : 'info'}>{statusLabel(session.status)}</Badge>
            {syncNote && <Badge tone="warning">{syncNote}</Badge>}
            {session.homeownerName && <span>{session.homeownerName}</span>}
          </span>
          <span className="text-sm text-slate-700">
            <span className="sr-only">Inspector: </span>
            {session.inspector?.name ?? 'No inspector'} · {session.photoCount} photo{session.photoCount === 1 ? '' : 's'} · Last activity{' '}
            {formatWhen(session.updatedAt)}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
      </Link>
    </li>
  );
}

/** A session kept on this device, with what of it has not reached the server yet. */
export function LocalSessionRow({ session }: { session: LocalInspection }) {
  return <SessionRow session={session} syncNote={session.pendingCreate ? 'Not synced yet' : isUnsynced(session) ? 'Changes to sync' : null} />;
}
