import { Archive, ArchiveRestore, Camera, ChevronLeft, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Project, ProjectStatus } from '@ridgeline/shared/contracts/projects';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useArchiveProject, useUnarchiveProject } from '../api/project';
import { ConfirmDialog } from './confirm-dialog';
import { ActiveFileLimitAlert, isActiveFileLimit } from './limit-alert';
import { paths } from '../../../lib/paths';

/** The one-line address: street, then city, state and ZIP when known. */
export function projectAddress(project: Project): string {
  const cityLine = [project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [project.street, cityLine].filter(Boolean).join(', ');
}

/** Archived, else Closed (a closed status), else an active file: what the project counts against the plan. */
export function projectState(project: Project): { label: 'Archived' | 'Closed' | 'Active file'; tone: 'neutral' | 'success' | 'info' } {
  if (project.archivedAt) return { label: 'Archived', tone: 'neutral' };
  if (!project.isActive) return { label: 'Closed', tone: 'success' };
  return { label: 'Active file', tone: 'info' };
}

export function ProjectHeader({ project, status }: { project: Project; status: ProjectStatus | undefined }) {
  const [confirming, setConfirming] = useState(false);
  const archive = useArchiveProject(project.id);
  const unarchive = useUnarchiveProject(project.id);
  const archived = project.archivedAt !== null;
  const action = archived ? unarchive : archive;
  const state = projectState(project);

  const confirm = () =>
    action.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        if (archived) notify.success('Claim file restored', 'It is back among your active files.');
        else notify.success('Claim file archived', 'It no longer counts as an active file.');
      },
      onError: (error) => {
        setConfirming(false);
        if (!isActiveFileLimit(error)) notify.error(archived ? 'Restore failed' : 'Archive failed', errorText(error));
      },
    });

  return (
    <header className="flex flex-col gap-3">
      <Link to={paths.projects} className="inline-flex min-h-11 w-fit items-center gap-1 text-sm font-semibold text-blue-800 hover:underline">
        <ChevronLeft aria-hidden="true" className="size-4" />
        All claim files
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold break-words text-slate-900">{project.title}</h1>
          <p className="text-slate-700">{projectAddress(project)}</p>
          <p className="text-slate-700">
            <span className="sr-only">Homeowner: </span>
            {project.homeownerName}
          </p>
          <p className="flex flex-wrap gap-2">
            {status && <Badge tone={status.isClosed ? 'success' : 'warning'}>{status.name}</Badge>}
            <Badge tone={state.tone}>{state.label}</Badge>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.newInspection({ projectId: project.id })} className={buttonVariants({ variant: 'primary' })}>
            <Camera aria-hidden="true" className="size-4" />
            Start inspection
          </Link>
          <Link to={paths.assistantAbout(project.id)} className={buttonVariants({ variant: 'secondary' })}>
            <Sparkles aria-hidden="true" className="size-4" />
            Ask about this claim
          </Link>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {archived ? <ArchiveRestore aria-hidden="true" className="size-4" /> : <Archive aria-hidden="true" className="size-4" />}
            {archived ? 'Unarchive' : 'Archive'}
          </Button>
        </div>
      </div>
      <ActiveFileLimitAlert error={unarchive.error} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={archived ? 'Unarchive this claim file?' : 'Archive this claim file?'}
        confirmLabel={archived ? 'Unarchive' : 'Archive'}
        busyLabel={archived ? 'Restoring…' : 'Archiving…'}
        busy={action.isPending}
        onConfirm={confirm}
      >
        {archived
          ? 'It comes back among your files and counts as an active file again unless its status is closed.'
          : 'It leaves your lists and frees its active-file slot. You can unarchive it later.'}
      </ConfirmDialog>
    </header>
  );
}
