import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../lib/paths';

/** A session route whose id is not a session id at all: nothing is asked of the server. */
export function SessionNotFound() {
  useDocumentTitle('Inspection not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 py-8">
      <EmptyState icon={<SearchX aria-hidden="true" className="size-8" />}>
        <h1 className="text-xl font-semibold text-slate-900">This inspection was not found</h1>
        <p>Check the link, or open the inspection from the field hub.</p>
        <Button asChild>
          <Link to={paths.fieldHub}>Back to field inspections</Link>
        </Button>
      </EmptyState>
    </div>
  );
}
