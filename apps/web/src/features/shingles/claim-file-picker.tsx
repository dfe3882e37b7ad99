import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/error-text';
import { CLAIM_FILE_SEARCH_MIN, PICKER_ROWS, useClaimFileSearch } from './api/claim-files';

// /shingle-id started on its own: the user may link the identification to a claim file, found by
// its name, homeowner or address; picking one fills the address.

export type PickedClaimFile = { id: string; name: string; address: string };

export function ClaimFilePicker({
  picked,
  onPick,
  className,
}: {
  picked: PickedClaimFile | null;
  onPick: (file: PickedClaimFile | null) => void;
  className?: string;
}) {
  const [q, setQ] = useState('');
  const search = useClaimFileSearch(q);
  const listId = useId();
  if (picked) {
    return (
      <div className={`flex flex-wrap items-center gap-2 text-sm text-slate-800 ${className ?? ''}`}>
        <span className="min-w-0 break-words">
          Claim file: <strong>{picked.name}</strong>
        </span>
        <Button type="button" variant="secondary" size="sm" onClick={() => onPick(null)}>
          Unlink
        </Button>
      </div>
    );
  }
  const results = (search.data?.projects ?? []).slice(0, PICKER_ROWS);
  const searching = q.trim().length >= CLAIM_FILE_SEARCH_MIN;
  return (
    <div className={`flex flex-col gap-2 ${className ?? ''}`}>
      <Field
        id="shingle-claim-file"
        label="Claim file (optional)"
        hint="Search by homeowner, address or claim number to save the identification to a claim file."
      >
        <Input type="search" value={q} autoComplete="off" aria-controls={listId} onChange={(event) => setQ(event.currentTarget.value)} />
      </Field>
      {search.isError && <p className="text-sm text-red-800">{errorText(search.error)}</p>}
      {searching && search.data && results.length === 0 && <p className="text-sm text-slate-700">No claim file matches.</p>}
      <ul id={listId} aria-label="Matching claim files" className="flex flex-col gap-1">
        {searching &&
          results.map((project) => {
            const address = [project.street, project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
            return (
              <li key={project.id}>
                <Button
                  type="button"
                  variant="secondary"
                  className="h-auto w-full justify-start text-left whitespace-normal"
                  onClick={() => {
                    onPick({ id: project.id, name: project.title, address });
                    setQ('');
                  }}
                >
                  <span className="min-w-0 break-words">
                    {project.title}
                    {address ? ` · ${address}` : ''}
                  </span>
                </Button>
              </li>
            );
          })}
      </ul>
    </div>
  );
}
