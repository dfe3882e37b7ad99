import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { Project } from '@ridgeline/shared/contracts/projects';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { carriersQuery, useCreateCarrier } from '../../../lib/api/directory';
import { useUpdateProject } from '../api/project';

// A carrier named in the field that is not in the directory stays on the claim file by its name; the
// overview offers to add it to the directory, which then becomes the file's carrier (a name added
// meanwhile by someone else is that carrier).

export function TypedCarrierNote({ project }: { project: Project }) {
  const name = project.carrier ? null : project.carrierName;
  const carriers = useQuery(carriersQuery());
  const create = useCreateCarrier();
  const update = useUpdateProject(project.id);
  if (!name) return null;

  async function addToDirectory(typed: string) {
    let carrierId: string;
    try {
      carrierId = (await create.mutateAsync({ name: typed })).id;
    } catch (error) {
      const listed =
        error instanceof ApiError && error.code === 'CARRIER_EXISTS'
          ? (await carriers.refetch()).data?.carriers.find((c) => c.name.toLowerCase() === typed.toLowerCase())
          : undefined;
      if (!listed) {
        notify.error(`${typed} was not added`, errorText(error));
        return;
      }
      carrierId = listed.id;
    }
    update.mutate(
      { carrierId },
      {
        onSuccess: () => notify.success('Carrier added', `${typed} is in your carrier directory and on this claim file.`),
        onError: (error) => notify.error('Carrier not saved', errorText(error)),
      },
    );
  }

  const busy = create.isPending || update.isPending;
  return (
    <div className="flex flex-col items-start gap-1 pb-2">
      <p className="text-sm text-slate-700">Named in the field; not in your carrier directory yet.</p>
      <Button variant="secondary" className="text-left whitespace-normal" disabled={busy} onClick={() => void addToDirectory(name)}>
        <Plus aria-hidden="true" className="size-4" />
        Add {name} to the directory
      </Button>
    </div>
  );
}
