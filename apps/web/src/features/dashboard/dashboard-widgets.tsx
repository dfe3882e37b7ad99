import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Dashboard } from '@ridgeline/shared/contracts/dashboard';
import { Badge } from '../../components/ui/badge';
import { Card, CardTitle } from '../../components/ui/card';
import { agoText } from '../../lib/relative-time';
import { activityText, dayText, nearLimit, plural } from './words';
import { paths } from '../../lib/paths';
import { ProgressBar } from '../../components/ui/progress-bar';

// The dashboard's widgets, each a card with a heading and, when it has nothing yet, a sentence saying
// what to do next. Built from the light kit only (cards, badges, links): the dashboard is the
// signed-in first load.

const LINK = 'font-semibold text-blue-800 underline-offset-2 hover:underline';
const ROW_LINK = 'flex min-h-11 flex-col justify-center rounded-md px-2 py-2 hover:bg-slate-50';

/** What a widget says when it has nothing: the next step, with its link. */
function Empty({ children }: { children: ReactNode }) {
  return <div className="mt-3 rounded-md border border-dashed border-slate-300 bg-slate-50 p-4 text-sm text-slate-700">{children}</div>;
}

function Widget({ id, title, children, className }: { id: string; title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <Card aria-labelledby={id} className={className}>
      <CardTitle id={id}>{title}</CardTitle>
      {children}
    </Card>
  );
}

/** Active files against the plan's limit: '7 of 25 active files', a bar, the plan, and a hint near the limit. */
export function ActiveFilesCard({ activeFiles }: { activeFiles: Dashboard['activeFiles'] }) {
  const { active, limit, planName, trialing } = activeFiles;
  const percent = limit > 0 ? Math.min(100, Math.round((active / limit) * 100)) : 100;
  const full = active >= limit;
  const near = nearLimit(active, limit);
  const bar = full ? 'bg-red-700' : near ? 'bg-amber-500' : 'bg-blue-700';
  return (
    <Widget id="active-files-heading" title="Active files">
      <p className="mt-1 text-2xl font-bold text-slate-900">{`${active} of ${limit} active files`}</p>
      <ProgressBar
        label="Active files used"
        now={Math.min(active, limit)}
        max={limit}
        percent={percent}
        valueText={`${active} of ${limit} active files`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200"
        barClassName={`h-full rounded-full ${bar}`}
      />
      <p className="mt-2 text-sm text-slate-700">
        {trialing ? `${planName} plan during your free trial` : `${planName} plan`}, billed by active files. Closed and archived claim files do not count.
      </p>
      {near && (
        <p className="mt-2 text-sm text-slate-800">
          {full ? 'Every active file of your plan is in use: close or archive a claim file, or ' : 'You are close to your plan’s limit: '}
          <Link to={paths.pricing} className={LINK}>
            {full ? 'upgrade your plan' : 'compare plans'}
          </Link>
          .
        </p>
      )}
    </Widget>
  );
}

/** Claim files by status as horizontal bars; each row reads 'Lead: 3 claim files' to a screen reader. */
export function StatusChart({ byStatus }: { byStatus: Dashboard['byStatus'] }) {
  const total = byStatus.reduce((sum, status) => sum + status.count, 0);
  const max = Math.max(1, ...byStatus.map((status) => status.count));
  return (
    <Widget id="by-status-heading" title="Claim files by status">
      {total === 0 ? (
        <Empty>
          Your pipeline is empty.{' '}
          <Link to={paths.newProject} className={LINK}>
            Create a claim file
          </Link>{' '}
          and follow it from lead to paid.
        </Empty>
      ) : (
        <ul aria-label="Claim files by status" className="mt-3 flex flex-col gap-2">
          {byStatus.map((status) => (
            <li key={status.statusId} className="grid grid-cols-[minmax(6rem,10rem)_1fr_2.5rem] items-center gap-2 text-sm">
              <span className="truncate text-slate-800" title={status.name}>
                {status.name}
                <span className="sr-only">: {plural(status.count, 'claim file', 'claim files')}</span>
              </span>
              <span aria-hidden="true" className="h-4 rounded bg-slate-100">
                <span
                  className={`block h-full rounded ${status.isClosed ? 'bg-slate-400' : 'bg-blue-700'}`}
                  style={{ width: `${(status.count / max) * 100}%` }}
                />
              </span>
              <span aria-hidden="true" className="text-right font-semibold text-slate-900 tabular-nums">
                {status.count}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}

/** The user's open tasks, overdue ones marked, each linking to its project. */
export function MyTasks({ tasks, overdueCount }: { tasks: Dashboard['myTasks']; overdueCount: number }) {
  return (
    <Widget id="my-tasks-heading" title={overdueCount > 0 ? `My tasks (${overdueCount} overdue)` : 'My tasks'}>
      {tasks.length === 0 ? (
        <Empty>No open tasks for you. Add tasks with due dates on a claim file and assign them to yourself or a colleague.</Empty>
      ) : (
        <ul aria-label="My tasks" className="mt-2 flex flex-col">
          {tasks.map((task) => (
            <li key={task.id}>
              <Link to={paths.project(task.projectId)} className={ROW_LINK}>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{task.title}</span>
                  {task.overdue && <Badge tone="danger">Overdue</Badge>}
                </span>
                <span className="text-sm text-slate-700">
                  {task.projectTitle}
                  {task.dueDate && <span className={task.overdue ? 'text-red-800' : undefined}> · due {dayText(task.dueDate)}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}

/** The newest projects of the company. */
export function RecentProjects({ projects }: { projects: Dashboard['recentProjects'] }) {
  return (
    <Widget id="recent-projects-heading" title="Recent claim files">
      {projects.length === 0 ? (
        <Empty>
          No claim files yet.{' '}
          <Link to={paths.newProject} className={LINK}>
            Open a new claim file
          </Link>{' '}
          with the homeowner, address and carrier.
        </Empty>
      ) : (
        <ul aria-label="Recent claim files" className="mt-2 flex flex-col">
          {projects.map((project) => (
            <li key={project.id}>
              <Link to={paths.project(project.id)} className={ROW_LINK}>
                <span className="font-semibold text-slate-900">{project.title}</span>
                <span className="text-sm text-slate-700">
                  {project.homeownerName}
                  {project.carrier && ` · ${project.carrier.name}`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {projects.length > 0 && (
        <Link to={paths.projects} className={`mt-2 inline-flex min-h-11 items-center text-sm ${LINK}`}>
          All claim files
        </Link>
      )}
    </Widget>
  );
}

/** The newest activity across the company's projects, in words. */
export function RecentActivity({ activity }: { activity: Dashboard['recentActivity'] }) {
  return (
    <Widget id="recent-activity-heading" title="Recent activity">
      {activity.length === 0 ? (
        <Empty>Status changes, notes, tasks and files of every claim file will show here as your team works.</Empty>
      ) : (
        <ul aria-label="Recent activity" className="mt-2 flex flex-col">
          {activity.map((entry) => (
            <li key={entry.id}>
              <Link to={paths.project(entry.projectId)} className={ROW_LINK}>
                <span className="text-sm text-slate-900">{activityText(entry)}</span>
                <time dateTime={entry.createdAt} className="text-xs text-slate-700">
                  {agoText(entry.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}
