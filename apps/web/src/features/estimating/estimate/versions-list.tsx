import type { Estimate } from '@ridgeline/shared/contracts/estimating';
import { Badge } from '../../../components/ui/badge';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatCents } from '../../../lib/money';
import { dateText } from './draft';

type Props = {
  versions: readonly Estimate[];
  /** The version open on the screen. */
  openId: string | null;
  onOpen: (estimate: Estimate) => void;
};

/** Every saved version, newest first: v1, v2 … with RCV and date; the latest is the one edited. */
export function VersionsList({ versions, openId, onOpen }: Props) {
  return (
    <Card aria-labelledby="versions-heading" className="flex flex-col gap-3">
      <div>
        <CardTitle id="versions-heading">Versions</CardTitle>
        <CardDescription>Older versions open read-only; the latest is the one you edit.</CardDescription>
      </div>
      <ol className="flex flex-col divide-y divide-slate-200">
        {versions.map((estimate) => (
          <li key={estimate.id}>
            <button
              type="button"
              onClick={() => onOpen(estimate)}
              aria-current={estimate.id === openId ? 'true' : undefined}
              className={cn(
                'flex min-h-12 w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-2 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600',
                estimate.id === openId && 'bg-blue-50',
              )}
            >
              <span className="font-semibold text-slate-900">v{estimate.version}</span>
              <span className="text-slate-900 tabular-nums">RCV {formatCents(estimate.totals.rcvCents)}</span>
              <span className="text-sm text-slate-700">{dateText(estimate.updatedAt)}</span>
              {estimate.isLatest ? <Badge tone="info">Latest</Badge> : <Badge>Read-only</Badge>}
            </button>
          </li>
        ))}
      </ol>
    </Card>
  );
}
