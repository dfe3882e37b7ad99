import { PROJECT_PAGE_SIZES, PROJECT_SORTS, PROJECT_STATES, type ProjectListQuery } from '@ridgeline/shared/contracts/projects';
import { LOSS_TYPE_VALUES, type LossType } from '@ridgeline/shared/domain/loss-types';

// The /projects screen keeps every filter, the sort, the page and the view in the URL's query string,
// so a filtered list can be shared, bookmarked and survives a reload. Values the URL carries that the
// list does not know fall back to the defaults (they never reach the API).

export type ProjectSort = (typeof PROJECT_SORTS)[number];
export type ProjectState = (typeof PROJECT_STATES)[number];
export type ProjectPageSize = (typeof PROJECT_PAGE_SIZES)[number];
export type ProjectsView = 'table' | 'board';

export type ListFilters = {
  q: string;
  statusId: string;
  assigneeId: string;
  carrierId: string;
  lossType: LossType | '';
  state: ProjectState;
  sort: ProjectSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: ProjectPageSize;
};

export const DEFAULT_FILTERS: ListFilters = {
  q: '',
  statusId: '',
  assigneeId: '',
  carrierId: '',
  lossType: '',
  state: 'all',
  sort: 'created',
  dir: 'desc',
  page: 1,
  pageSize: 50,
};

/** The filters that narrow the list (not the sort or the page): what "Clear filters" empties. */
export const NARROWING: (keyof ListFilters)[] = ['q', 'statusId', 'assigneeId', 'carrierId', 'lossType', 'state'];

const oneOf = <T extends string | number>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** The view and filters a URL's query string says. */
export function readListUrl(search: URLSearchParams): { view: ProjectsView; filters: ListFilters } {
  const text = (key: string) => search.get(key)?.trim() ?? '';
  const page = Number(search.get('page'));
  return {
    view: search.get('view') === 'board' ? 'board' : 'table',
    filters: {
      q: text('q'),
      statusId: text('statusId'),
      assigneeId: text('assigneeId'),
      carrierId: text('carrierId'),
      lossType: oneOf<LossType | ''>(LOSS_TYPE_VALUES, text('lossType'), ''),
      state: oneOf(PROJECT_STATES, text('state'), DEFAULT_FILTERS.state),
      sort: oneOf(PROJECT_SORTS, text('sort'), DEFAULT_FILTERS.sort),
      dir: text('dir') === 'asc' ? 'asc' : text('dir') === 'desc' ? 'desc' : DEFAULT_FILTERS.dir,
      page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
      pageSize: oneOf(PROJECT_PAGE_SIZES, Number(search.get('pageSize')), DEFAULT_FILTERS.pageSize),
    },
  };
}

/** The query string of a view and its filters; defaults are left out so plain /projects stays plain. */
export function writeListUrl(view: ProjectsView, filters: ListFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (view === 'board') search.set('view', 'board');
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof ListFilters)[]) {
    const value = filters[key];
    if (value === DEFAULT_FILTERS[key] || value === '') continue;
    search.set(key, String(value));
  }
  return search;
}

/** What changing some filters does: any change but the page itself goes back to the first page. */
export function changeFilters(filters: ListFilters, patch: Partial<ListFilters>): ListFilters {
  const next = { ...filters, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

/** Whether any filter narrows the list (the empty state then offers "Clear filters"). */
export function isFiltered(filters: ListFilters): boolean {
  return NARROWING.some((key) => filters[key] !== DEFAULT_FILTERS[key]);
}

/** The filters as the list endpoint's query (empty ones left out). */
export function toApiQuery(filters: ListFilters): ProjectListQuery {
  return {
    q: filters.q || undefined,
    statusId: filters.statusId || undefined,
    assigneeId: filters.assigneeId || undefined,
    carrierId: filters.carrierId || undefined,
    lossType: filters.lossType || undefined,
    state: filters.state,
    sort: filters.sort,
    dir: filters.dir,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** "Showing 26-50 of 112" (or "Showing 0 of 0"). */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Showing ${first}-${last} of ${total}`;
}
