import { Link } from 'react-router';
import type { PlanDefinition } from '@ridgeline/shared/domain/plans';
import { QueryThen } from '../../components/query-then';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { usePlanCheck } from './api/plan-check';
import { dateText } from './billing-words';
import { paths } from '../../lib/paths';

/** The active files to close or archive before moving to a smaller plan, least recently changed first. */
export function FilesToCloseDialog({ plan, open, onOpenChange }: { plan: PlanDefinition; open: boolean; onOpenChange: (open: boolean) => void }) {
  const check = usePlanCheck(plan.id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>Files to close before {plan.name}</DialogTitle>
          <DialogDescription>
            {plan.name} holds up to {plan.activeFiles} active files. Close or archive files until they fit; the least recently changed are listed first.
          </DialogDescription>
        </DialogHeader>
        <QueryThen query={check} loadingLabel="Loading the active files" loadingClassName="h-40" failure="The active files could not be read">
          {(data) => (
            <div className="flex flex-col gap-3">
              <p className="font-semibold text-slate-900">
                {data.active} of {data.limit} active files: close {data.mustClose} first.
              </p>
              <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
                {data.activeProjects.map((project) => (
                  <li key={project.id}>
                    <Link to={paths.project(project.id)} className="flex min-h-11 flex-col justify-center px-3 py-2 hover:bg-slate-50">
                      <span className="font-semibold text-blue-800">{project.title}</span>
                      <span className="text-sm text-slate-700">
                        {project.status} · changed {dateText(project.updatedAt)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </QueryThen>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
