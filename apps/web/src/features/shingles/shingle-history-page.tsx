import { Download, History } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';
import { formatDateTime } from '../../lib/dates';
import { downloadFrom } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useDebounced } from '../../lib/use-debounced';
import { shingleHistoryCsvUrl, useShingleHistory } from './api/identifications';
import { paths } from '../../lib/paths';
import { ClaimFileLine } from './claim-file-line';

type ConfidenceFilter = '' | 'high' | 'medium' | 'low';

/** /shingle-history: every identification of the company, searchable and filterable, with a CSV download. */
export default function ShingleHistoryPage() {
  useDocumentTitle('Shingle History');
  const [search, setSearch] = useState('');
  const [confidence, setConfidence] = useState<ConfidenceFilter>('');
  const q = useDebounced(search);
  const query = { q: q.trim() || undefined, confidence: confidence || undefined };
  const history = useShingleHistory(query);
  const list = history.data?.identifications;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title="Shingle History">Every shingle identification of your company: who, when, where, the top candidate and how sure it was.</PageHeader>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id="shingle-search" label="Search address, product, claim file or person" className="flex-1">
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
        </Field>
        <Field id="shingle-confidence" label="Confidence">
          <NativeSelect value={confidence} onChange={(event) => setConfidence(event.target.value as ConfidenceFilter)}>
            <option value="">Any</option>
            <option value="high">High</option>
            <option value="medium">Medium</option>
            <option value="low">Low</option>
          </NativeSelect>
        </Field>
        <Button type="button" variant="secondary" onClick={() => downloadFrom(shingleHistoryCsvUrl(query))}>
          <Download aria-hidden="true" className="size-4" /> Download CSV
        </Button>
      </div>
      {history.isPending && <p role="status">Loading identifications…</p>}
      {history.isError && <Alert>{errorText(history.error)}</Alert>}
      {list && list.length === 0 && (
        <EmptyState
          icon={<History aria-hidden="true" className="size-8 text-slate-500" />}
          title={q || confidence ? 'Nothing matches' : 'No identifications yet'}
        >
          <p>
            {q || confidence ? 'No identification matches these filters.' : 'Identifications saved from Shingle ID show here.'}{' '}
            <Link className="text-blue-800 underline" to={paths.shingleId}>
              Identify a shingle
            </Link>
          </p>
        </EmptyState>
      )}
      {list && list.length > 0 && (
        <ul aria-label="Identifications" className="flex flex-col gap-3">
          {list.map((item) => (
            <li key={item.id}>
              <CardDiv className="flex flex-col gap-1">
                <Link className="text-base font-semibold text-blue-800 underline" to={paths.shingleResult(item.id)}>
                  {item.topCandidate ?? 'No catalog line fits'}
                </Link>
                <div className="flex flex-wrap gap-2">
                  <Badge tone={item.confidence === 'high' ? 'success' : item.confidence === 'medium' ? 'warning' : 'danger'}>
                    Confidence: {item.confidence}
                  </Badge>
                  {item.topDiscontinued?.value === 'yes' && <Badge tone="danger">Discontinued{item.topDiscontinued.verified ? '' : ' (unverified)'}</Badge>}
                </div>
                <p className="text-sm text-slate-800">
                  {formatDateTime(item.createdAt)}
                  {item.createdBy ? ` · ${item.createdBy.name}` : ''}
                  {item.address ? ` · ${item.address}` : ''}
                </p>
                <ClaimFileLine project={item.project} />
              </CardDiv>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
