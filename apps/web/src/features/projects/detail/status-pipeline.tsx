import { Check } from 'lucide-react';
import type { Project, ProjectStatus } from '@ridgeline/shared/contracts/projects';
import { AlertBox } from '../../../components/ui/alert';
import { Card, CardTitle } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useChangeProjectStatus } from '../api/change-status';
import { useStatusMove } from '../api/status-moves';
import { ActiveFileLimitAlert, isActiveFileLimit } from './limit-alert';

/** The statuses a project can move through: the visible ones in order, and its own even when hidden. */
export function pipelineSteps(statuses: ProjectStatus[], currentId: string): ProjectStatus[] {
  return [...statuses].filter((status) => !status.isHidden || status.id === currentId).sort((a, b) => a.position - b.position);
}

/** The status "Mark claim filed" moves to: the company's Claim filed, when it is shown, open and still ahead. */
export function filedStepAhead(steps: ProjectStatus[], currentId: string): ProjectStatus | null {
  const current = steps.find((status) => status.id === currentId);
  const filed = steps.find((status) => status.key === 'claim_filed' && !status.isHidden && !status.isClosed);
  return current && filed && !current.isClosed && filed.position > current.position ? filed : null;
}

/**
 * The pipeline as a stepper: past steps ticked, the current one highlighted; choosing another moves
 * the project there. The claim file also moves forward by itself as its events happen; a company that
 * chose "suggest" sees the move offered here, one click to accept. "Mark claim filed" records a claim
 * filed outside the product (by phone, on the carrier's portal).
 */
export function StatusPipeline({ project, statuses }: { project: Project; statuses: ProjectStatus[] }) {
  const change = useChangeProjectStatus();
  const moves = useStatusMove(project.id);
  const steps = pipelineSteps(statuses, project.statusId);
  const currentIndex = steps.findIndex((status) => status.id === project.statusId);
  const filed = project.archivedAt === null ? filedStepAhead(steps, project.statusId) : null;
  const suggestion = project.statusSuggestion;
  const busy = change.isPending || moves.isPending;

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
                disabled={busy}
                onClick={() => (current ? undefined : move(status))}
                className={cn('w-full min-w-0 justify-start px-2 text-left sm:px-4', past && 'border-green-300 bg-green-50 text-green-900 hover:bg-green-100')}
              >
                {past ? (
                  <Check aria-hidden="true" className="size-4" />
                ) : (
                  <span aria-hidden="true" className="w-4 text-center text-xs">
                    {index + 1}
                  </span>
                )}
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
      {suggestion && (
        <AlertBox tone="info" className="flex flex-wrap items-center justify-between gap-2" data-testid="status-suggestion">
          <p className="min-w-0">
            Suggested: move to {suggestion.statusName}, because {suggestion.cause}.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={busy}
              onClick={() =>
                moves.mutate('accept', {
                  onSuccess: () => notify.success('Status changed', `The claim file is now ${suggestion.statusName}.`),
                  onError: (error) => notify.error('Status not changed', errorText(error)),
                })
              }
            >
              Move to {suggestion.statusName}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => moves.mutate('dismiss', { onError: (error) => notify.error('Suggestion not dismissed', errorText(error)) })}
            >
              Dismiss
            </Button>
          </div>
        </AlertBox>
      )}
      {filed && (
        <div>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              moves.mutate('mark-filed', {
                onSuccess: () => notify.success('Claim marked filed', `The claim file is now ${filed.name}.`),
                onError: (error) => notify.error('Status not changed', errorText(error)),
              })
            }
          >
            Mark claim filed
          </Button>
        </div>
      )}
      {busy && (
        <p role="status" className="text-sm text-slate-700">
          Moving the claim file…
        </p>
      )}
      <ActiveFileLimitAlert error={change.error} />
    </Card>
  );
}
