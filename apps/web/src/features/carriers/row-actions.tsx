import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useDirectoryRights } from './directory-rights';

type RowActionsProps = { name: string; entry: { createdBy: string | null }; onEdit: () => void; onDelete: () => void; deleting: boolean };

/**
 * Edit and Delete for one row of the directory, each named after the row for screen readers; only
 * what the user may do is offered (directory-rights.ts).
 */
export function RowActions({ name, entry, onEdit, onDelete, deleting }: RowActionsProps) {
  const rights = useDirectoryRights();
  const canChange = rights.canChange(entry);
  if (!canChange && !rights.canDelete) return null;
  return (
    <div className="mt-auto flex flex-wrap gap-2">
      {canChange && (
        <Button variant="secondary" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit<span className="sr-only"> {name}</span>
        </Button>
      )}
      {rights.canDelete && (
        <Button variant="destructive-outline" onClick={onDelete} disabled={deleting}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete<span className="sr-only"> {name}</span>
        </Button>
      )}
    </div>
  );
}
