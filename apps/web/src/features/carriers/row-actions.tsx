import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';

type RowActionsProps = { name: string; onEdit: () => void; onDelete: () => void; deleting: boolean; canChange: boolean; canDelete: boolean };

/** Edit and Delete for one row of the directory, each named after the row for screen readers; only what the user may do is offered. */
export function RowActions({ name, onEdit, onDelete, deleting, canChange, canDelete }: RowActionsProps) {
  if (!canChange && !canDelete) return null;
  return (
    <div className="mt-auto flex flex-wrap gap-2">
      {canChange && (
        <Button variant="secondary" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit<span className="sr-only"> {name}</span>
        </Button>
      )}
      {canDelete && (
        <Button variant="destructive-outline" onClick={onDelete} disabled={deleting}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete<span className="sr-only"> {name}</span>
        </Button>
      )}
    </div>
  );
}
