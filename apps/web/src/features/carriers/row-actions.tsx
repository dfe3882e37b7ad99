import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** Edit and Delete for one row of the directory, each named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete, deleting }: { name: string; onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  return (
    <div className="mt-auto flex flex-wrap gap-2">
      <Button variant="secondary" onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit<span className="sr-only"> {name}</span>
      </Button>
      <Button variant="destructive-outline" onClick={onDelete} disabled={deleting}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete<span className="sr-only"> {name}</span>
      </Button>
    </div>
  );
}
