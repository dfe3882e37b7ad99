import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '@ridgeline/shared/contracts/projects';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { answerProjectReads, answerProjects, fakeProject, fakeProjectList, INSPECTION_ID, LEAD_ID } from '../../test/project-fakes';
import ProjectsPage from './projects-page';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <ProjectsPage />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');
const listQueries = () => sent('GET /api/projects').map((request) => Object.fromEntries(request.url.searchParams));

describe('/projects filters and the URL', () => {
  it('reads the filters from the URL, sends them to the list, and shows the active files against the plan', async () => {
    answerProjectReads();
    answerProjects(fakeProjectList([fakeProject()]));
    renderAt('/projects?q=smith&state=active&sort=homeowner&dir=asc');
    expect(await screen.findByText('1 of 25 active files on the Professional plan (free trial).')).toBeInTheDocument();
    expect(listQueries()[0]).toEqual({ q: 'smith', state: 'active', sort: 'homeowner', dir: 'asc', page: '1', pageSize: '50' });
    expect(screen.getByLabelText('Search')).toHaveValue('smith');
    expect(screen.getByLabelText('Show')).toHaveValue('active');
    const table = screen.getByTestId('projects-table');
    expect(within(table).getByRole('link', { name: 'Jane Smith' })).toHaveAttribute('href', '/projects/p-1');
    expect(screen.getByText('Showing 1-1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/projects/export.csv?dir=asc&q=smith&sort=homeowner&state=active');
  });

  it('writes a changed filter to the URL (back to page 1) and searches after typing stops', async () => {
    answerProjectReads();
    answerProjects(fakeProjectList([fakeProject()]));
    renderAt('/projects?page=2');
    await screen.findAllByRole('option', { name: 'Inspection' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), INSPECTION_ID);
    await waitFor(() => expect(location().get('statusId')).toBe(INSPECTION_ID));
    expect(location().get('page')).toBeNull();
    await userEvent.type(screen.getByLabelText('Search'), 'oak');
    await waitFor(() => expect(location().get('q')).toBe('oak'));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ q: 'oak', statusId: INSPECTION_ID, page: '1' }));
    // One search for the whole word, not one a keystroke.
    expect(listQueries().filter((query) => query.q !== undefined)).toHaveLength(1);
  });

  it('pages through the list, and a new page size starts again at page 1', async () => {
    answerProjectReads();
    answerProjects(({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      return json(fakeProjectList([fakeProject({ id: `p-${page}` })], { total: 60, page, pageSize }));
    });
    renderAt('/projects?pageSize=25');
    expect(await screen.findByText('Showing 1-25 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26-50 of 60')).toBeInTheDocument();
    expect(location().get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51-60 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '100');
    await waitFor(() => expect(location().toString()).toBe('pageSize=100'));
  });

  it('teaches the first step when there are no claim files, and offers to clear filters when none match', async () => {
    answerProjectReads();
    answerProjects(fakeProjectList([]));
    renderAt('/projects');
    expect(await screen.findByText('No claim files yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New claim file' }).at(-1)).toHaveAttribute('href', '/projects/new');
  });

  it('clears the filters but keeps the sort', async () => {
    answerProjectReads();
    answerProjects(fakeProjectList([]));
    renderAt('/projects?lossType=hail&sort=homeowner');
    expect(await screen.findByText('No claim files match these filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location().toString()).toBe('sort=homeowner'));
  });
});

describe('/projects board', () => {
  /** The server's list, which a successful move changes. */
  function serverWith(projects: ProjectSummary[]) {
    const state = { projects };
    answerProjects(() => json(fakeProjectList(state.projects)));
    return state;
  }

  it('switches to the board in the URL and moves a card with its "Move to" select (no dragging)', async () => {
    answerProjectReads();
    const server = serverWith([fakeProject()]);
    answer('POST /api/projects/p-1/status', () => {
      server.projects = [fakeProject({ statusId: INSPECTION_ID })];
      return json({
        ...fakeProject({ statusId: INSPECTION_ID }),
        homeownerPhone: null,
        homeownerEmail: null,
        latitude: null,
        longitude: null,
        adjuster: null,
        carrierName: null,
        policyNumber: null,
        lossTypeSource: 'chosen',
        lossDescription: null,
        deductibleCents: null,
        acvCents: null,
        depreciationCents: null,
        serviceType: null,
        closedAt: null,
        createdBy: null,
      });
    });
    renderAt('/projects');
    await userEvent.click(await screen.findByRole('tab', { name: 'Board' }));
    await waitFor(() => expect(location().get('view')).toBe('board'));
    const lead = await screen.findByRole('region', { name: /Lead/ });
    expect(within(lead).getByRole('link', { name: 'Jane Smith' })).toBeInTheDocument();
    expect(listQueries().at(-1)).toMatchObject({ page: '1', pageSize: '100' });

    await userEvent.selectOptions(within(lead).getByLabelText('Move Jane Smith to'), INSPECTION_ID);
    const inspection = screen.getByRole('region', { name: /Inspection/ });
    // Shown in its new column at once, before the server answers.
    expect(within(inspection).getByRole('link', { name: 'Jane Smith' })).toBeInTheDocument();
    await waitFor(() => expect(sent('POST /api/projects/p-1/status')[0]?.body).toEqual({ statusId: INSPECTION_ID }));
    expect(await screen.findByText('Jane Smith moved to Inspection.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Inspection/ })).getByRole('link', { name: 'Jane Smith' })).toBeInTheDocument();
  });

  it('puts the card back and shows the plan limit with a link to /pricing when the server refuses the move', async () => {
    answerProjectReads();
    serverWith([fakeProject({ statusId: INSPECTION_ID, isActive: false })]);
    const message = 'Your Professional plan allows up to 25 active files. Close or archive a claim file, or upgrade your plan on /pricing.';
    answer('POST /api/projects/p-1/status', apiError('ACTIVE_FILE_LIMIT', { message }));
    renderAt('/projects?view=board');
    const inspection = await screen.findByRole('region', { name: /Inspection/ });
    await userEvent.selectOptions(within(inspection).getByLabelText('Move Jane Smith to'), LEAD_ID);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Inspection/ })).getByRole('link', { name: 'Jane Smith' })).toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: /Lead/ })).queryByRole('link', { name: 'Jane Smith' })).toBeNull();
  });
});
