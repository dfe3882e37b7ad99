import { ChevronLeft, CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
import { buttonVariants } from '../../../components/ui/button-variants';
import { UploadProgressLine } from '../../../components/upload-progress-line';
import type { LocalInspection } from '../../../offline/inspection-store';
import { useUploadSummary } from '../../../offline/upload-queue';
import { sessionAddress } from '../session-words';
import { paths } from '../../../lib/paths';

/** Whether the session has edits that have not reached the server yet. */
export function isUnsynced(session: LocalInspection): boolean {
  return session.pendingCreate || Object.keys(session.dirty).length > 0;
}

/** A session's sync state as a badge: saved on this device, or a refusal to fix. */
export function SyncBadge({ session }: { session: LocalInspection }) {
  if (session.syncError) return <Badge tone="danger">Not synced: {session.syncError}</Badge>;
  if (session.pendingCreate) return <Badge tone="warning">On this device only: syncs when online</Badge>;
  if (Object.keys(session.dirty).length > 0) return <Badge tone="warning">Changes waiting to sync</Badge>;
  return null;
}

type Props = {
  title: string;
  session: LocalInspection | undefined;
  loading: boolean;
  /** Where the back link goes: the session overview unless told. */
  back?: { to: string; label: string };
  /** Office steps with tables (the estimate) use a wider column on a desktop screen. */
  wide?: boolean;
  children: (session: LocalInspection) => ReactNode;
};

/** A session screen: back link, title, the address, sync state, the session's upload line, then the screen. */
export function SessionScreen({ title, session, loading, back, wide = false, children }: Props) {
  const uploads = useUploadSummary({ sessionId: session?.id ?? null });
  if (!session) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {loading ? (
          <Skeleton className="h-40" aria-label="Loading the inspection" />
        ) : (
          <EmptyState
            icon={<CloudOff aria-hidden="true" className="size-6" />}
            title="Inspection not found"
            action={
              <Link to={paths.fieldHub} className={buttonVariants({ size: 'lg' })}>
                Back to Field Inspection
              </Link>
            }
          >
            <p>It is not on this device, and the server does not have it for you (or there is no signal to ask).</p>
          </EmptyState>
        )}
      </div>
    );
  }
  const backLink = back ?? { to: paths.fieldInspection(session.id), label: 'Inspection overview' };
  return (
    <div className={`mx-auto flex flex-col gap-4 ${wide ? 'max-w-4xl' : 'max-w-xl'}`}>
      <Link to={backLink.to} className="inline-flex min-h-12 w-fit items-center gap-1 font-semibold text-blue-800 hover:underline">
        <ChevronLeft aria-hidden="true" className="size-5" />
        {backLink.label}
      </Link>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="text-base text-slate-800">{sessionAddress(session)}</p>
        <p className="flex flex-wrap gap-2">
          <SyncBadge session={session} />
        </p>
      </header>
      {session.syncError && <Alert>The server did not take the last changes: {session.syncError}</Alert>}
      <UploadProgressLine summary={uploads} />
      {children(session)}
    </div>
  );
}
