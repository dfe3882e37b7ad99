import { ScanSearch } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { CardDiv } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDateTime } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { useProjectShingleIds } from './api/identifications';
import { paths } from '../../lib/paths';
import { TitledSection } from '../../components/titled-section';

/** A claim file's saved shingle identifications, and the way to start one there with its address filled in. */
export function ProjectShingleIds({ projectId }: { projectId: string }) {
  const ids = useProjectShingleIds(projectId);
  const data = ids.data;
  const start = paths.shingleIdFrom(data ? { projectId, address: data.address } : { projectId });
  return (
    <TitledSection
      id="shingle-ids-heading"
      title="Shingle identifications"
      action={
        <Link className="inline-flex min-h-11 items-center gap-2 text-blue-800 underline" to={start}>
          <ScanSearch aria-hidden="true" className="size-4" /> Identify the shingle
        </Link>
      }
    >
      {ids.isPending && <p role="status">Loading identifications…</p>}
      {ids.isError && <Alert>{errorText(ids.error)}</Alert>}
      {data && data.identifications.length === 0 && (
        <EmptyState title="No identification yet">Measure a loose shingle on this roof to name the product.</EmptyState>
      )}
      {data && data.identifications.length > 0 && (
        <ul aria-label="Saved identifications" className="flex flex-col gap-2">
          {data.identifications.map((item) => {
            const top = item.ranking.candidates[0];
            return (
              <li key={item.id}>
                <CardDiv className="flex flex-col gap-1">
                  <Link className="font-semibold text-blue-800 underline" to={paths.shingleResult(item.id)}>
                    {top ? `${top.manufacturer} ${top.line}` : 'No catalog line fits'}
                  </Link>
                  <div className="flex flex-wrap gap-2">
                    <Badge tone={item.ranking.confidence === 'high' ? 'success' : item.ranking.confidence === 'medium' ? 'warning' : 'danger'}>
                      Confidence: {item.ranking.confidence}
                    </Badge>
                    {top?.discontinued.value === 'yes' && <Badge tone="danger">Discontinued{top.discontinued.verified ? '' : ' (unverified)'}</Badge>}
                  </div>
                  <p className="text-sm text-slate-800">
                    {formatDateTime(item.createdAt)}
                    {item.createdBy ? ` · ${item.createdBy.name}` : ''} · catalog version {item.catalogVersion}
                  </p>
                </CardDiv>
              </li>
            );
          })}
        </ul>
      )}
    </TitledSection>
  );
}
