import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session/session-provider';
import { Badge } from './ui/badge';
import { paths } from '../lib/paths';

function OnlineBadge({ online }: { online: boolean }) {
  return <Badge tone={online ? 'success' : 'neutral'}>{online ? 'Online' : 'Offline'}</Badge>;
}

type BannerProps = { title: string; text: string; tone: 'amber' | 'red' | 'slate'; role?: 'status' | 'alert'; children?: ReactNode };

function Banner({ title, text, tone, role = 'status', children }: BannerProps) {
  const tones = {
    amber: 'border-amber-300 bg-amber-50 text-amber-950',
    red: 'border-red-300 bg-red-50 text-red-950',
    slate: 'border-slate-300 bg-slate-100 text-slate-900',
  };
  return (
    <div role={role} className={`flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-4 py-2 text-sm ${tones[tone]}`}>
      <strong>{title}</strong>
      <span>{text}</span>
      {children}
    </div>
  );
}

/** The signed-in pages' guard: a spinner while loading, /auth without a session, and the session banners. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status, isOnline } = useSession();
  const location = useLocation();

  if (status === 'loading') {
    return (
      <div role="status" aria-live="polite" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-slate-800">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-slate-300 border-t-blue-800" />
        <p>Checking authentication...</p>
        <OnlineBadge online={isOnline} />
      </div>
    );
  }
  if (status === 'none') return <Navigate to={paths.auth} replace state={{ from: location.pathname }} />;

  return (
    <>
      {status === 'cached' && <Banner tone="amber" title="Cached Session" text="Using offline session - some features limited" />}
      {status === 'expired' && (
        <Banner tone="red" role="alert" title="Session Expired" text="Session expired - please sign in for full access">
          {isOnline && (
            <Link to={paths.auth} className="font-semibold underline">
              Sign In
            </Link>
          )}
        </Banner>
      )}
      {status === 'authenticated' && !isOnline && <Banner tone="slate" title="Offline Mode" text="Data will sync when connection is restored" />}
      {children}
    </>
  );
}
