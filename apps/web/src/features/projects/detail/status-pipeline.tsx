import { Check } from 'lucide-react';
import type { Project, ProjectStatus } from '@ridgeline/shared/contracts/projects';
import { Card, CardTitle } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useChangeProjectStatus } from '../api/change-status';
import { ActiveFileLimitAlert, isActiveFileLimit } from './limit-alert';

/** The statuses a project can move through: the visible ones in order, and its own even when hidden. */
export function pipelineSteps(statuses: ProjectStatus[], currentId: string): ProjectStatus[] {
  return [...statuses].filter((status) => !status.isHidden || status.id === currentId).sort((a, b) => a.position - b.position);
}

/** The pipeline as a stepper: past steps ticked, the current one highlighted; choosing another moves the project there. */
export function StatusPipeline({ project, statuses }: { project: Project; statuses: ProjectStatus[] }) {
  const change = useChangeProjectStatus();
  const steps = pipelineSteps(statuses, project.statusId);
  const currentIndex = steps.findIndex((status) => status.id === project.statusId);

  const move = (status: ProjectStatus) => {
    change.mutate(
      { id: project.id, statusId: status.id },
      {
        onSuccess: () => notify.success('Status changed', `The claim file is now ${status.name}.`),
        onError: (error) => {
          if (!isActiveFileLimit(error)) notify.error('Status not changed', errorText(error));
        },
      },
    );
  };

  return (
    <Card aria-labelledby="pipeline-heading" className="flex flex-col gap-3">
      <CardTitle id="pipeline-heading">Status</CardTitle>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" aria-label="Status pipeline">
        {steps.map((status, index) => {
          const current = index === currentIndex;
          const past = currentIndex >= 0 && index < currentIndex;
          return (
            <li key={status.id} className="min-w-0">
              <Button
                variant={current ? 'primary' : 'secondary'}
                aria-current={current ? 'step' : undefined}
                disabled={change.isPending}
                onClick={() => (current ? undefined : move(status))}
                className={cn('w-full min-w-0 justify-start px-2 text-left sm:px-4', past && 'border-green-300 bg-green-50 text-green-900 hover:bg-green-100')}
              >
                {past ? <Check aria-hidden="true" className="size-4" /> : <span aria-hidden="true" className="w-4 text-center text-xs">{index + 1}</span>}
                <span className="min-w-0 break-words whitespace-normal">
                  {status.name}
                  {past && <span className="sr-only"> (done)</span>}
                  {current && <span className="sr-only"> (current status)</span>}
                  {status.isClosed && <span className="sr-only"> (closes the file)</span>}
                </span>
              </Button>
            </li>
          );
        })}
      </ol>
      {change.isPending && (
        <p role="status" className="text-sm text-slate-700">
          Moving the claim file…
        </p>
      )}
      <ActiveFileLimitAlert error={change.error} />
    </Card>
  );
}
