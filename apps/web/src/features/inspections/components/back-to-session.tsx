import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** The link at the top of a session's screen back to the session, named by `children`. */
export function BackToSession({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  return (
    <Link
      to={paths.fieldInspection(sessionId)}
      className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-semibold text-blue-800 underline-offset-2 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
