import { useSyncExternalStore } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { TableCell, TableRow } from '../../../components/ui/table';
import { clearSecurityLog, readSecurityLog, subscribeSecurityLog, type SecurityLogEntry } from '../../../lib/security-log';
import { formatDateTime } from '../../../lib/dates';
import { ListTable } from '../../../components/list-table';

const NO_ENTRIES: readonly SecurityLogEntry[] = [];

function formatTime(at: string): string {
  return formatDateTime(at) || at;
}

function LogRow({ entry }: { entry: SecurityLogEntry }) {
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap text-slate-600">
        <time dateTime={entry.at}>{formatTime(entry.at)}</time>
      </TableCell>
      <TableCell>
        <Badge tone={entry.level === 'error' ? 'danger' : 'warning'}>{entry.level === 'error' ? 'Error' : 'Warning'}</Badge>
      </TableCell>
      <TableCell className="font-mono text-xs text-slate-800">{entry.event}</TableCell>
      <TableCell className="break-words">{entry.message}</TableCell>
    </TableRow>
  );
}

/** The security events this browser recorded (403/429 answers, sign-in failures, CSP violations), newest first. */
export function SecurityLogCard() {
  const entries = useSyncExternalStore(subscribeSecurityLog, readSecurityLog, () => NO_ENTRIES);

  return (
    <Card aria-labelledby="security-log-heading" className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="security-log-heading">Security log</CardTitle>
        <Button variant="secondary" onClick={clearSecurityLog} disabled={entries.length === 0}>
          Clear
        </Button>
      </div>
      <CardDescription>Refused requests and other security events recorded on this device (the latest 50).</CardDescription>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No security events recorded on this device.</p>
      ) : (
        <ListTable caption="Security events, newest first" className="mt-3" headers={['Time', 'Level', 'Event', 'Message']}>
          {entries.map((entry, index) => (
            <LogRow key={`${entry.at}-${index}`} entry={entry} />
          ))}
        </ListTable>
      )}
    </Card>
  );
}
