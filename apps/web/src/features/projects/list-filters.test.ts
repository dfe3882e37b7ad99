import { describe, expect, it } from 'vitest';
import { changeFilters, DEFAULT_FILTERS, isFiltered, readListUrl, showingText, toApiQuery, writeListUrl } from './list-filters';
import { projectListSearch, projectsExportHref } from './api/projects-list';

const STATUS = '00000000-0000-4000-8000-000000000001';

describe('the /projects URL', () => {
  it('is plain for the defaults, and reads back as the defaults', () => {
    expect(writeListUrl('table', DEFAULT_FILTERS).toString()).toBe('');
    expect(readListUrl(new URLSearchParams(''))).toEqual({ view: 'table', filters: DEFAULT_FILTERS });
  });

  it('round-trips every filter, the sort, the page and the board view', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      q: 'oak st',
      statusId: STATUS,
      assigneeId: 'u-bob',
      carrierId: 'c-1',
      lossType: 'hail' as const,
      state: 'closed' as const,
      sort: 'homeowner' as const,
      dir: 'asc' as const,
      page: 3,
      pageSize: 100 as const,
    };
    const search = writeListUrl('board', filters);
    expect(search.toString()).toBe(
      `view=board&q=oak+st&statusId=${STATUS}&assigneeId=u-bob&carrierId=c-1&lossType=hail&state=closed&sort=homeowner&dir=asc&page=3&pageSize=100`,
    );
    expect(readListUrl(new URLSearchParams(search.toString()))).toEqual({ view: 'board', filters });
  });

  it('falls back to the defaults for values the list does not know', () => {
    const { view, filters } = readListUrl(new URLSearchParams('view=grid&lossType=meteor&state=gone&sort=price&dir=up&page=-2&pageSize=30'));
    expect(view).toBe('table');
    expect(filters).toEqual(DEFAULT_FILTERS);
  });

  it('goes back to the first page when a filter changes, not when the page does', () => {
    const onPage3 = { ...DEFAULT_FILTERS, page: 3 };
    expect(changeFilters(onPage3, { q: 'hail' }).page).toBe(1);
    expect(changeFilters(onPage3, { page: 4 }).page).toBe(4);
  });

  it('knows when the list is narrowed (the sort does not narrow it)', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'homeowner' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, state: 'active' })).toBe(true);
  });

  it('sends only the set filters to the list, and the same filters without paging to the export', () => {
    const query = toApiQuery({ ...DEFAULT_FILTERS, q: 'smith', lossType: 'wind', page: 2 });
    expect(projectListSearch(query)).toBe('?dir=desc&lossType=wind&page=2&pageSize=50&q=smith&sort=created&state=all');
    expect(projectsExportHref(query)).toBe('/api/projects/export.csv?dir=desc&lossType=wind&q=smith&sort=created&state=all');
  });

  it('says which rows are shown', () => {
    expect(showingText(1, 25, 0)).toBe('Showing 0 of 0');
    expect(showingText(2, 25, 60)).toBe('Showing 26-50 of 60');
    expect(showingText(3, 25, 60)).toBe('Showing 51-60 of 60');
  });
});
