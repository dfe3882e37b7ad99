import { Link } from 'react-router';
import type { ProjectStatus, ProjectSummary } from '@ridgeline/shared/contracts/projects';
import { Badge } from '../../components/ui/badge';
import { TableCell, TableRow } from '../../components/ui/table';
import { CardListRow } from '../../components/card-list';
import { TableOrCards } from '../../components/table-or-cards';
import { formatDate } from '../../lib/dates';
import { paths } from '../../lib/paths';

/** "12 Oak St, Austin, TX 78701" */
export function projectAddress(project: Pick<ProjectSummary, 'street' | 'city' | 'state' | 'zip'>): string {
  const region = [project.state, project.zip].filter(Boolean).join(' ');
  return [project.street, project.city, region].filter(Boolean).join(', ');
}

function StatusBadge({ project, status }: { project: ProjectSummary; status: ProjectStatus | undefined }) {
  const name = status?.name ?? 'Unknown status';
  if (project.archivedAt) return <Badge tone="neutral">{name} · Archived</Badge>;
  return <Badge tone={project.isActive ? 'info' : 'success'}>{name}</Badge>;
}

const dateText = (iso: string) => formatDate(iso);

type ProjectTableProps = { projects: ProjectSummary[]; statuses: Map<string, ProjectStatus> };

/** The list view of /projects: a table on wider screens, a card list on a phone. */
export function ProjectTable({ projects, statuses }: ProjectTableProps) {
  return (
    <TableOrCards
      label="Claim files"
      testId="projects"
      headers={['Homeowner', 'Address', 'Claim number', 'Carrier', 'Status', 'Assignee', 'Updated']}
      rows={projects.map((project) => (
        <TableRow key={project.id}>
          <TableCell className="px-3 py-3">
            <Link to={paths.project(project.id)} className="font-semibold text-blue-800 underline-offset-2 hover:underline">
              {project.homeownerName}
            </Link>
            <span className="block text-xs text-slate-700">{project.title}</span>
          </TableCell>
          <TableCell className="px-3 py-3">{projectAddress(project)}</TableCell>
          <TableCell className="px-3 py-3">{project.claimNumber ?? '—'}</TableCell>
          <TableCell className="px-3 py-3">{project.carrier?.name ?? '—'}</TableCell>
          <TableCell className="px-3 py-3">
            <StatusBadge project={project} status={statuses.get(project.statusId)} />
          </TableCell>
          <TableCell className="px-3 py-3">{project.assignee?.name ?? 'Unassigned'}</TableCell>
          <TableCell className="px-3 py-3 whitespace-nowrap">{dateText(project.updatedAt)}</TableCell>
        </TableRow>
      ))}
      cards={projects.map((project) => (
        <CardListRow
          key={project.id}
          title={
            <Link to={paths.project(project.id)} className="inline-flex min-h-11 items-center text-blue-800 underline-offset-2 hover:underline">
              {project.homeownerName}
            </Link>
          }
          detail={[projectAddress(project), project.claimNumber, project.carrier?.name].filter(Boolean).join(' · ')}
        >
          <StatusBadge project={project} status={statuses.get(project.statusId)} />
        </CardListRow>
      ))}
    />
  );
}
