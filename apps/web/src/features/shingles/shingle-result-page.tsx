import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';
import { formatDateTime } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { useShingleIdentification } from './api/identifications';
import { shingleIdentificationKey } from './api/keys';
import { MeasurementsList } from './measurements-list';
import { RankingView } from './ranking-view';
import { IdentificationPhotos } from './shingle-photos';
import { paths } from '../../lib/paths';
import { ClaimFileLine } from './claim-file-line';
import { TitledSection } from '../../components/titled-section';

/** /shingle-id/:id: a saved identification as the server ranked it, with the catalog version it was matched against. */
export default function ShingleResultPage() {
  useDocumentTitle('Shingle ID result');
  const { id = '' } = useParams();
  const result = useShingleIdentification(id);
  const saved = result.data;
  const client = useQueryClient();
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: shingleIdentificationKey(id) }), [client, id]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="Shingle ID result">
        The ranked candidates saved for this roof, with the reasons and the catalog version they were matched against.
      </PageHeader>
      {result.isPending && <p role="status">Loading the identification…</p>}
      {result.isError && <Alert>{errorText(result.error)}</Alert>}
      {saved && (
        <>
          <section aria-labelledby="where-heading" className="flex flex-col gap-2">
            <h2 id="where-heading" className="text-lg font-semibold text-slate-900">
              Saved {formatDateTime(saved.createdAt)}
              {saved.createdBy ? ` by ${saved.createdBy.name}` : ''}
            </h2>
            <ClaimFileLine project={saved.project} />
            <MeasurementsList
              measurements={saved.measurements}
              extra={[
                ['Address', saved.address || '—'],
                ['Color', saved.color || '—'],
                ['Layers', saved.layers === null ? '—' : String(saved.layers)],
              ]}
            />
            {saved.agreesWithDevice === false && (
              <Alert tone="info">
                The server&apos;s ranking differed from the one on the phone: this page shows the server&apos;s, made when it was saved.
              </Alert>
            )}
          </section>
          <TitledSection id="photos-heading" title="Photos">
            <IdentificationPhotos identificationId={saved.id} stored={saved.photos} onUploaded={reload} />
          </TitledSection>
          <TitledSection id="candidates-heading" title="Candidates">
            <RankingView ranking={saved.ranking} catalogVersion={saved.catalogVersion} />
          </TitledSection>
          <Link className="text-blue-800 underline" to={paths.shingleHistory}>
            All identifications
          </Link>
        </>
      )}
    </div>
  );
}
