import { History } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { errorText } from '../../../lib/error-text';
import { useProjectActivity } from '../api/activity';
import { formatWhen } from './activity-words';
import { fieldLabel, formatFieldValue } from './project-fields';

/** The "History" button of a field: a dialog with its changes, newest first (old -> new, who, when). */
export function FieldHistoryButton({ projectId, field }: { projectId: string; field: string }) {
  const [open, setOpen] = useState(false);
  const label = fieldLabel(field);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" title={`History of ${label}`}>
          <History aria-hidden="true" className="size-4" />
          <span className="sr-only">History of {label}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>History of {label}</DialogTitle>
          <DialogDescription>Every change of this field, newest first.</DialogDescription>
        </DialogHeader>
        {open && <FieldHistory projectId={projectId} field={field} />}
      </DialogContent>
    </Dialog>
  );
}

function FieldHistory({ projectId, field }: { projectId: string; field: string }) {
  const history = useProjectActivity(projectId, field);
  if (history.isPending) return <p role="status">Loading the history…</p>;
  if (history.isError) return <Alert>{errorText(history.error)}</Alert>;
  const changes = history.data.activity;
  if (changes.length === 0) return <p className="text-sm text-slate-700">No changes yet.</p>;
  return (
    <ol className="flex flex-col divide-y divide-slate-200" aria-label={`Changes of ${fieldLabel(field)}`}>
      {changes.map((change) => (
        <li key={change.id} className="flex flex-col gap-0.5 py-2 text-sm">
          <p className="text-slate-900">
            <span className="text-slate-700">{formatFieldValue(field, change.oldValue)}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> changed to </span>
            <span className="font-semibold">{formatFieldValue(field, change.newValue)}</span>
          </p>
          <p className="text-xs text-slate-600">
            {change.actor?.name ?? 'Someone'} · <time dateTime={change.createdAt}>{formatWhen(change.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
