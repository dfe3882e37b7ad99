import { Link, useParams } from 'react-router';
import { rankShingles } from '@ridgeline/shared/domain/shingle-id';
import { TRY_SAMPLES } from '@ridgeline/shared/domain/shingle-test-bench';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { useShingleCatalog } from './api/catalog';
import { MeasurementsList } from './measurements-list';
import { RankingView } from './ranking-view';
import { paths } from '../../lib/paths';
import { TitledSection } from '../../components/titled-section';

/** /shingle-id/try/:sample: a ready-made sample run through the real ranking, not saved. */
export default function ShingleSamplePage() {
  useDocumentTitle('Shingle ID sample');
  const { sample = '' } = useParams();
  const found = TRY_SAMPLES.find((item) => item.key === sample);
  const catalog = useShingleCatalog();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={found ? `Sample: ${found.title}` : 'Sample not found'}>
        {found ? `${found.description}. The real ranking on the current catalog; nothing is saved.` : 'There is no sample by that name.'}
      </PageHeader>
      {catalog.isError && !catalog.data && <Alert>{errorText(catalog.error)}</Alert>}
      {found && <MeasurementsList measurements={found.measurements} />}
      {found && catalog.data && (
        <TitledSection id="sample-results" title="Results (not saved)">
          <RankingView ranking={rankShingles(catalog.data.entries, found.measurements)} catalogVersion={catalog.data.version} />
        </TitledSection>
      )}
      <Link className="text-blue-800 underline" to={paths.shingleAnalysisTest}>
        Back to the samples
      </Link>
    </div>
  );
}
