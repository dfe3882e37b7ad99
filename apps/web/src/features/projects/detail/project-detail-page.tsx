import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSearchChoice } from '../../../lib/use-search-choice';
import { useDocumentTitle } from '../../../components/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { isProjectId, useProject } from '../api/project';
import { useProjectStatuses } from '../api/project-statuses';
import { ActivitySection } from './activity-section';
import { FilesSection } from './files-section';
import { OverviewSection } from './overview-section';
import { ProjectHeader } from './project-header';
import { StatusPipeline } from './status-pipeline';
import { TasksSection } from './tasks-section';
import { paths } from '../../../lib/paths';

/** A project id the API does not know for this company (another company's, a deleted one, or not an id at all). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'VALIDATION_ERROR');
}

function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 py-8">
      <EmptyState icon={<SearchX aria-hidden="true" className="size-8" />}>
        <h1 className="text-xl font-semibold text-slate-900">This claim file was not found</h1>
        <p>It may have been deleted, or it belongs to another company.</p>
        <Button asChild>
          <Link to={paths.projects}>Back to claim files</Link>
        </Button>
      </EmptyState>
    </div>
  );
}

/** A tab the app adds to the project page (photos, measurements, estimates: other features' views of the project). */
export type ProjectTab = { value: string; label: string; render: (projectId: string) => ReactNode };

/** A section the app adds to the claim file's own tab (its inspections: another feature's view of the project). */
export type ProjectSection = { key: string; render: (projectId: string) => ReactNode };

/**
 * /projects/:id: one claim file with its status pipeline, overview, tasks, files and timeline.
 * `tabs` (given by the app, which composes features) are shown beside the claim file, `sections`
 * on it, above its tasks.
 */
export default function ProjectDetailPage({ tabs = [], sections = [] }: { tabs?: readonly ProjectTab[]; sections?: readonly ProjectSection[] } = {}) {
  const { id = '' } = useParams();
  const project = useProject(id);
  const statuses = useProjectStatuses();
  const notFound = !isProjectId(id) || (project.isError && isNotFound(project.error));
  useDocumentTitle(project.data ? project.data.title : notFound ? 'Claim file not found' : 'Claim file');
  // The open tab is in the address (?tab=documents), so a link from the inbox or a mention opens it
  // and a reload keeps it; an unknown name opens the claim file.
  const [openTab, openTabNamed] = useSearchChoice(
    'tab',
    tabs.map((tab) => tab.value),
    'file',
  );

  if (notFound) return <NotFound />;
  if (project.isPending) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-4">
        <p role="status" className="sr-only">
          Loading the claim file…
        </p>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-24" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (project.isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Claim file</h1>
        <Alert>{errorText(project.error)}</Alert>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void project.refetch()}>Try again</Button>
          <Button asChild variant="secondary">
            <Link to={paths.projects}>Back to claim files</Link>
          </Button>
        </div>
      </div>
    );
  }

  const data = project.data;
  const statusList = statuses.data?.statuses ?? [];
  const status = statusList.find((s) => s.id === data.statusId);
  const claimFile = (
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <section aria-label="Overview" className="flex flex-col gap-4">
        <OverviewSection project={data} />
      </section>
      <div className="flex flex-col gap-4">
        {sections.map((section) => (
          <div key={section.key}>{section.render(data.id)}</div>
        ))}
        <TasksSection projectId={data.id} />
        <FilesSection projectId={data.id} />
        <ActivitySection projectId={data.id} statuses={statusList} />
      </div>
    </div>
  );

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <ProjectHeader project={data} status={status} />
      {statuses.isError && <Alert>{errorText(statuses.error)}</Alert>}
      {statusList.length > 0 && <StatusPipeline project={data} statuses={statusList} />}
      {tabs.length > 0 ? (
        <Tabs value={openTab} onValueChange={openTabNamed}>
          {/* Each tab as wide as its name; on a phone the row scrolls sideways rather than squeezing names together. */}
          <TabsList className="max-w-full auto-cols-max overflow-x-auto">
            <TabsTrigger value="file" className="whitespace-nowrap">
              Claim file
            </TabsTrigger>
            {tabs.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} className="whitespace-nowrap">
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="file" className="mt-4">
            {claimFile}
          </TabsContent>
          {tabs.map((tab) => (
            <TabsContent key={tab.value} value={tab.value} className="mt-4">
              {tab.render(data.id)}
            </TabsContent>
          ))}
        </Tabs>
      ) : (
        claimFile
      )}
    </div>
  );
}
