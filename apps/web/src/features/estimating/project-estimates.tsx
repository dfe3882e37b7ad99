import { Calculator } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/error-text';
import { useEstimates } from './api/estimate-list';
import { EstimateVersionView } from './estimate/estimate-version-view';
import { TitledSection } from '../../components/titled-section';

// The project page's Estimates tab: every version of the project's estimates, newest first, each with
// its totals, its lines (read-only) and the saved supplement list, printable.

export function ProjectEstimates({ projectId }: { projectId: string }) {
  const estimates = useEstimates({ projectId });
  if (estimates.isPending) return <Skeleton className="h-40" aria-label="Loading the estimates" />;
  if (estimates.isError) {
    return (
      <Alert>
        The estimates could not be read: {errorText(estimates.error)}{' '}
        <Button variant="link" size="inline" onClick={() => void estimates.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const list = estimates.data.estimates;
  if (list.length === 0) {
    return (
      <EmptyState icon={<Calculator aria-hidden="true" className="size-6" />} title="No estimate yet">
        <p>An inspection's estimate shows here once the inspection is converted to this claim file.</p>
      </EmptyState>
    );
  }
  return (
    <TitledSection id="project-estimates-heading" title="Estimates" className="flex flex-col gap-4">
      {list.map((estimate) => (
        <EstimateVersionView key={estimate.id} estimate={estimate} headingLevel="h3" />
      ))}
    </TitledSection>
  );
}
