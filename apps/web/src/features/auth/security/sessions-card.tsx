import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { notify } from '../../../lib/toast';
import { errorText } from '../../../lib/error-text';
import { currentSession, listSessions, revokeOtherSessions, revokeSession, type SessionRow } from './security-api';
import { formatDateTime } from '../../../lib/dates';

const sessionsKey = ['auth', 'sessions'] as const;

/** A short device description from a user agent. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'Unknown system';
  return `${browser} on ${os}`;
}

export function SessionsCard() {
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: async () => {
      const [rows, current] = await Promise.all([listSessions(), currentSession()]);
      return { rows, currentToken: current?.session.token ?? null };
    },
  });
  const revoke = useMutation({
    mutationFn: (row: SessionRow) => revokeSession(row.token),
    onSuccess: () => {
      notify.success('Session signed out', 'That device has been signed out.');
      void client.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (e) => notify.error('Sign out failed', errorText(e)),
  });
  const revokeOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => {
      notify.success('Other sessions signed out', 'Every other device has been signed out.');
      void client.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (e) => notify.error('Sign out failed', errorText(e)),
  });

  return (
    <Card aria-labelledby="sessions-heading" className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="sessions-heading">Where you are signed in</CardTitle>
        <Button variant="secondary" onClick={() => revokeOthers.mutate()} disabled={revokeOthers.isPending || (sessions.data?.rows.length ?? 0) < 2}>
          Sign out all other sessions
        </Button>
      </div>
      {sessions.isPending && (
        <p role="status" className="mt-3 text-sm">
          Loading sessions…
        </p>
      )}
      {sessions.isError && <Alert className="mt-3">{errorText(sessions.error)}</Alert>}
      {sessions.data && (
        <ul className="mt-3 divide-y divide-slate-200">
          {sessions.data.rows.map((row) => {
            const isCurrent = row.token === sessions.data.currentToken;
            return (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <span className="flex items-center gap-3">
                  <MonitorSmartphone aria-hidden="true" className="size-5 text-slate-500" />
                  <span className="flex flex-col">
                    <span className="font-medium text-slate-900">
                      {describeDevice(row.userAgent)}{' '}
                      {isCurrent && (
                        <Badge tone="success" className="ml-1">
                          This device
                        </Badge>
                      )}
                    </span>
                    <span className="text-slate-600">
                      IP {row.ipAddress ?? 'unknown'} · last active {formatDateTime(row.updatedAt)}
                    </span>
                  </span>
                </span>
                {!isCurrent && (
                  <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => revoke.mutate(row)}>
                    Sign out<span className="sr-only"> {describeDevice(row.userAgent)}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
