import { useQuery } from '@tanstack/react-query';
import { Download, Plus } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProjectStatus } from '@ridgeline/shared/contracts/projects';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { NativeSelect } from '../../components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../components/use-document-title';
import { carriersQuery } from '../../lib/api/directory';
import { useTeam } from '../../lib/api/team';
import { errorText } from '../../lib/error-text';
import { activeFilesText } from './api/active-files';
import { useProjectStatuses } from './api/project-statuses';
import { projectsExportHref, useProjects } from './api/projects-list';
import {
  changeFilters,
  DEFAULT_FILTERS,
  isFiltered,
  readListUrl,
  showingText,
  toApiQuery,
  writeListUrl,
  type ListFilters,
  type ProjectPageSize,
  type ProjectsView,
} from './list-filters';
import { ProjectFilters } from './project-filters';
import { ProjectTable } from './project-table';
import { paths } from '../../lib/paths';
import { NoMatches } from '../../components/no-matches';

// The board (and its drag-and-drop library) loads when it is opened: the table is the default view, and
// this page is preloaded on every signed-in visit while the browser is idle.
const ProjectBoard = lazy(() => import('./project-board').then(({ ProjectBoard }) => ({ default: ProjectBoard })));

/** The board shows up to this many cards (the most relevant first, by the chosen sort). */
const BOARD_SIZE = 100;

function NewProjectButton() {
  return (
    <Button asChild>
      <Link to={paths.newProject}>
        <Plus aria-hidden="true" className="size-4" />
        New claim file
      </Link>
    </Button>
  );
}

/** /projects: the company's claim files as a table or a pipeline board, searchable and filtered from the URL. */
export default function ProjectsPage() {
  useDocumentTitle('Claim Files');
  const [search, setSearch] = useSearchParams();
  const { view, filters } = readListUrl(search);
  const query = toApiQuery(filters);
  const boardQuery = { ...query, page: 1, pageSize: BOARD_SIZE };
  const list = useProjects(view === 'board' ? boardQuery : query);
  const statuses = useProjectStatuses();
  const team = useTeam();
  const carriers = useQuery(carriersQuery());

  const ordered = useMemo(() => [...(statuses.data?.statuses ?? [])].sort((a, b) => a.position - b.position), [statuses.data]);
  const statusById = useMemo(() => new Map<string, ProjectStatus>(ordered.map((status) => [status.id, status])), [ordered]);

  const go = (nextView: ProjectsView, next: ListFilters, replace = false) => setSearch(writeListUrl(nextView, next), { replace });
  const onFilters = (patch: Partial<ListFilters>) => go(view, changeFilters(filters, patch), 'q' in patch);
  const clearFilters = () => go(view, { ...DEFAULT_FILTERS, sort: filters.sort, dir: filters.dir, pageSize: filters.pageSize });

  const data = list.data;
  const active = data?.activeFiles;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const empty =
    data &&
    data.total === 0 &&
    (isFiltered(filters) ? (
      <NoMatches title="No claim files match these filters" onClear={clearFilters}>
        <p>Try another search, or clear the filters to see every claim file.</p>
      </NoMatches>
    ) : (
      <EmptyState title="No claim files yet." action={<NewProjectButton />}>
        <p>Create your first claim file: the property, the homeowner and the claim, then follow it through your pipeline.</p>
      </EmptyState>
    ));

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Claim Files</h1>
          <p className="mt-1 text-slate-700" data-testid="active-files">
            {active
              ? `${activeFilesText(active.active, active.limit)} on the ${active.planName} plan${active.trialing ? ' (free trial)' : ''}.`
              : 'Your claim files, from the first inspection to the final payment.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={projectsExportHref(query)} download className={buttonVariants({ variant: 'secondary' })}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
          <NewProjectButton />
        </div>
      </header>

      <ProjectFilters filters={filters} onChange={onFilters} statuses={ordered} members={team.data?.members ?? []} carriers={carriers.data?.carriers ?? []} />

      <Tabs value={view} onValueChange={(next) => go(next === 'board' ? 'board' : 'table', filters)}>
        <TabsList aria-label="View" className="max-w-xs">
          <TabsTrigger value="table">Table</TabsTrigger>
          <TabsTrigger value="board">Board</TabsTrigger>
        </TabsList>

        {list.isPending && (
          <p role="status" className="mt-4">
            Loading claim files…
          </p>
        )}
        {list.isError && <Alert className="mt-4">{errorText(list.error)}</Alert>}

        <TabsContent value="table" className="mt-4 flex flex-col gap-3">
          {empty}
          {data && data.total > 0 && (
            <>
              <ProjectTable projects={data.projects} statuses={statusById} />
              <nav aria-label="Pages" className="flex flex-wrap items-end justify-between gap-3">
                <p role="status" className="text-sm text-slate-700">
                  {showingText(data.page, data.pageSize, data.total)}
                </p>
                <div className="flex flex-wrap items-end gap-2">
                  <Field id="projects-page-size" label="Per page">
                    <NativeSelect
                      value={filters.pageSize}
                      className="w-24"
                      onChange={(event) => onFilters({ pageSize: Number(event.target.value) as ProjectPageSize })}
                    >
                      <option value={25}>25</option>
                      <option value={50}>50</option>
                      <option value={100}>100</option>
                    </NativeSelect>
                  </Field>
                  <Button variant="secondary" disabled={filters.page <= 1} onClick={() => onFilters({ page: filters.page - 1 })}>
                    Previous
                  </Button>
                  <Button variant="secondary" disabled={filters.page >= lastPage} onClick={() => onFilters({ page: filters.page + 1 })}>
                    Next
                  </Button>
                </div>
              </nav>
            </>
          )}
        </TabsContent>

        <TabsContent value="board" className="mt-4 flex flex-col gap-3">
          {empty}
          {data && data.total > 0 && (
            <>
              {data.total > data.projects.length && (
                <p className="text-sm text-slate-700">
                  The board shows {data.projects.length} of {data.total} claim files: narrow them with the search and filters.
                </p>
              )}
              <Suspense fallback={<p className="text-sm text-slate-700">Loading the board…</p>}>
                <ProjectBoard projects={data.projects} statuses={ordered} />
              </Suspense>
            </>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
