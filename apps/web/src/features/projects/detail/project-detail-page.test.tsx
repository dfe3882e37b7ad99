import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry, Project, ProjectFile, ProjectStatus, Task } from '@ridgeline/shared/contracts/projects';
import { fakeMe } from '../../../test/claim-flow-fakes';
import { answer, answerAll, apiError, json, noContent, sent, sentPaths } from '../../../test/fake-server';
import { FILE_RIGHTS_TEXT } from './files-section';
import ProjectDetailPage, { type ProjectTab } from './project-detail-page';

// The page reads eight endpoints before some sections show: give a busy machine time to answer them.
configure({ asyncUtilTimeout: 5000 });

const PROJECT_ID = '11111111-1111-4111-8111-111111111111';
const LEAD = '22222222-2222-4222-8222-222222222201';
const INSPECTED = '22222222-2222-4222-8222-222222222202';
const CLOSED = '22222222-2222-4222-8222-222222222203';

const statuses: ProjectStatus[] = [
  { id: LEAD, key: 'lead', name: 'Lead', position: 0, isClosed: false, isHidden: false, projectCount: 1 },
  { id: INSPECTED, key: 'inspected', name: 'Inspected', position: 1, isClosed: false, isHidden: false, projectCount: 0 },
  { id: CLOSED, key: 'closed', name: 'Closed', position: 2, isClosed: true, isHidden: false, projectCount: 0 },
];

const alex = { id: 'user-alex', name: 'Alex Roofer' };

function aProject(overrides: Partial<Project> = {}): Project {
  return {
    id: PROJECT_ID,
    title: 'Hail claim, Oak Street',
    statusSuggestion: null,
    homeownerName: 'Dana Homeowner',
    street: '12 Oak Street',
    city: 'Dallas',
    state: 'TX',
    zip: '75201',
    claimNumber: 'A-1',
    carrier: null,
    lossType: 'hail',
    dateOfLoss: '2026-04-03',
    statusId: INSPECTED,
    assignee: null,
    isActive: true,
    archivedAt: null,
    rcvCents: 1234500,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    homeownerPhone: null,
    homeownerEmail: null,
    latitude: null,
    longitude: null,
    adjuster: null,
    carrierName: null,
    policyNumber: null,
    lossTypeSource: 'classified',
    lossDescription: 'Hail dented the gutters',
    deductibleCents: null,
    acvCents: null,
    depreciationCents: null,
    serviceType: 'copy_over_only',
    closedAt: null,
    createdBy: alex,
    ...overrides,
  };
}

function aTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 'task-1',
    projectId: PROJECT_ID,
    projectTitle: 'Hail claim, Oak Street',
    title: 'Call the adjuster',
    dueDate: '2026-01-02',
    assignee: alex,
    done: false,
    overdue: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function aFile(overrides: Partial<ProjectFile> = {}): ProjectFile {
  return {
    id: 'file-1',
    projectId: PROJECT_ID,
    fileName: 'report.pdf',
    mimeType: 'application/pdf',
    fileSize: 20480,
    uploadedBy: alex,
    createdAt: '2026-11-01T10:00:00.000Z',
    url: 'https://files.example/report.pdf?signature=x',
    ...overrides,
  };
}

function anEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 'activity-1',
    projectId: PROJECT_ID,
    kind: 'status_changed',
    actor: alex,
    field: 'status',
    oldValue: 'Lead',
    newValue: 'Inspected',
    body: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/** Every read of the page answered: the project, its pipeline, the pickers, tasks, files and timeline. */
function answerPage({ project = aProject(), tasks = [aTask()], files = [aFile()], activity = [anEntry()], pipeline = statuses } = {}) {
  answerAll({
    [`GET /api/projects/${PROJECT_ID}`]: json(project),
    'GET /api/project-statuses': json({ statuses: pipeline }),
    'GET /api/team': json({
      members: [{ id: 'member-1', userId: alex.id, name: alex.name, email: 'alex@example.com', role: 'owner', joinedAt: '2026-01-01T00:00:00.000Z' }],
      invitations: [],
      myRole: 'owner',
    }),
    'GET /api/carriers': json({ carriers: [] }),
    'GET /api/adjusters': json({ adjusters: [] }),
    [`GET /api/projects/${PROJECT_ID}/tasks`]: json({ tasks }),
    [`GET /api/projects/${PROJECT_ID}/files`]: json({ files }),
    [`GET /api/projects/${PROJECT_ID}/activity`]: json({ activity }),
    'GET /api/me': json(fakeMe()),
  });
}

function Where() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(id = PROJECT_ID, { search = '', tabs = [] }: { search?: string; tabs?: readonly ProjectTab[] } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/projects/${id}${search}`]}>
        <Where />
        <Routes>
          <Route path="/projects/:id" element={<ProjectDetailPage tabs={tabs} />} />
          <Route path="/projects" element={<h1>All claim files</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

// Each test walks the page through several requests and dialogs: more than the default 5 s on a busy machine.
describe('ProjectDetailPage', { timeout: 30_000 }, () => {
  it('shows the claim file: header, state, pipeline, overview values in words, tasks, files and the timeline', async () => {
    answerPage();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hail claim, Oak Street' })).toBeInTheDocument();
    expect(screen.getByText('12 Oak Street, Dallas, TX 75201')).toBeInTheDocument();
    expect(screen.getByText('Active file')).toBeInTheDocument();
    const pipeline = screen.getByRole('list', { name: 'Status pipeline' });
    expect(within(pipeline).getByRole('button', { name: /Inspected/ })).toHaveAttribute('aria-current', 'step');
    expect(within(pipeline).getByRole('button', { name: /Lead \(done\)/ })).toBeInTheDocument();
    expect(screen.getByText('$12,345.00')).toBeInTheDocument();
    expect(screen.getByText('Copy-Over')).toBeInTheDocument();
    expect(screen.getByText('Hail')).toBeInTheDocument();
    expect(screen.getByText('Classified from the description')).toBeInTheDocument();
    expect(await screen.findByText('Call the adjuster')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(await screen.findByText('report.pdf')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download report.pdf' })).toHaveAttribute('href', 'https://files.example/report.pdf?signature=x');
    expect(await screen.findByText('Alex Roofer moved the claim file from Lead to Inspected')).toBeInTheDocument();
  });

  it('opens the tab the address names (?tab=, as inbox links do) and writes the open tab back to it', async () => {
    answerPage();
    const tabs: ProjectTab[] = [
      { value: 'documents', label: 'Documents', render: () => <p>The documents tab</p> },
      { value: 'messages', label: 'Messages', render: () => <p>The messages tab</p> },
    ];
    renderPage(PROJECT_ID, { search: '?tab=documents', tabs });
    expect(await screen.findByText('The documents tab')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByText('The messages tab')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(`/projects/${PROJECT_ID}?tab=messages`);
    await userEvent.click(screen.getByRole('tab', { name: 'Claim file' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(new RegExp(`^/projects/${PROJECT_ID}$`));
  });

  it('opens the claim file for a tab name it does not know', async () => {
    answerPage();
    renderPage(PROJECT_ID, { search: '?tab=nothing', tabs: [{ value: 'documents', label: 'Documents', render: () => <p>The documents tab</p> }] });
    expect(await screen.findByRole('tab', { name: 'Claim file' })).toHaveAttribute('aria-selected', 'true');
  });

  it('edits one field in place: the PATCH carries just that field; Escape cancels without a request', async () => {
    answerPage();
    answer(`PATCH /api/projects/${PROJECT_ID}`, json(aProject({ claimNumber: 'B-2' })));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Claim number' }));
    const input = screen.getByRole('textbox', { name: 'Claim number' });
    expect(input).toHaveValue('A-1');
    expect(input).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Claim number' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Claim number' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Edit Claim number' }));
    await user.clear(screen.getByRole('textbox', { name: 'Claim number' }));
    await user.type(screen.getByRole('textbox', { name: 'Claim number' }), 'B-2{Enter}');
    await waitFor(() => expect(sent(`PATCH /api/projects/${PROJECT_ID}`)).toHaveLength(1));
    expect(sent(`PATCH /api/projects/${PROJECT_ID}`)[0]?.body).toEqual({ claimNumber: 'B-2' });
    expect(await screen.findByText('B-2')).toBeInTheDocument();
  });

  it('reads money as dollars and refuses what is not an amount, before any request', async () => {
    answerPage();
    answer(`PATCH /api/projects/${PROJECT_ID}`, json(aProject({ deductibleCents: 125050 })));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Deductible' }));
    const input = screen.getByRole('textbox', { name: 'Deductible' });
    await user.type(input, 'lots{Enter}');
    expect(await screen.findByText('Enter an amount in dollars, like 1,250.00.')).toBeInTheDocument();
    expect(sent(`PATCH /api/projects/${PROJECT_ID}`)).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '$1,250.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(`PATCH /api/projects/${PROJECT_ID}`)[0]?.body).toEqual({ deductibleCents: 125050 }));
  });

  it('refuses to empty a required field, and clears an optional one with null', async () => {
    answerPage();
    answer(`PATCH /api/projects/${PROJECT_ID}`, json(aProject({ city: null })));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Homeowner' }));
    await user.clear(screen.getByRole('textbox', { name: 'Homeowner' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Homeowner cannot be empty.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Edit City' }));
    await user.clear(screen.getByRole('textbox', { name: 'City' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent(`PATCH /api/projects/${PROJECT_ID}`)).toHaveLength(1));
    expect(sent(`PATCH /api/projects/${PROJECT_ID}`)[0]?.body).toEqual({ city: null });
  });

  it('overrides a classified loss type from the list, and sends nothing when the classification is kept', async () => {
    answerPage();
    answer(`PATCH /api/projects/${PROJECT_ID}`, json(aProject({ lossType: 'wind', lossTypeSource: 'overridden' })));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Override Loss type' }));
    expect(screen.getByText('Classified as: Hail')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('form', { name: 'Edit Loss type' })).toBeNull();
    expect(sent(`PATCH /api/projects/${PROJECT_ID}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Override Loss type' }));
    await user.click(screen.getByRole('button', { name: 'Choose a different type' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Loss type from the list' }), 'wind');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(`PATCH /api/projects/${PROJECT_ID}`)[0]?.body).toEqual({ lossType: 'wind' }));
    expect(await screen.findByText('Wind')).toBeInTheDocument();
    expect(screen.queryByText('Classified from the description')).toBeNull();
  });

  it('picks the carrier and adjuster with the directory picker; a new carrier clears the adjuster, and only what changed is sent', async () => {
    const carrier = {
      id: '33333333-3333-4333-8333-333333333301',
      name: 'State Farm',
      claimsPhone: null,
      claimsEmail: null,
      portalUrl: null,
      notes: null,
      projectCount: 0,
      adjusterCount: 0,
      createdBy: null,
    };
    answerPage();
    answer('GET /api/carriers', json({ carriers: [carrier] }));
    answer(`PATCH /api/projects/${PROJECT_ID}`, json(aProject({ carrier: { id: carrier.id, name: carrier.name } })));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Carrier' }));
    const form = screen.getByRole('form', { name: 'Edit Carrier' });
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Carrier' }), carrier.id);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(`PATCH /api/projects/${PROJECT_ID}`)).toHaveLength(1));
    expect(sent(`PATCH /api/projects/${PROJECT_ID}`)[0]?.body).toEqual({ carrierId: carrier.id });
    expect(await screen.findByText('State Farm')).toBeInTheDocument();
  });

  it("opens a field's history: old -> new, who and when, read with ?field=", async () => {
    answerPage();
    answer(`GET /api/projects/${PROJECT_ID}/activity`, (request) =>
      request.url.searchParams.get('field') === 'claimNumber'
        ? json({ activity: [anEntry({ id: 'change-1', kind: 'field_changed', field: 'claimNumber', oldValue: 'A-0', newValue: 'A-1' })] })
        : json({ activity: [] }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History of Claim number' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Claim number' });
    expect(await within(dialog).findByText('A-0')).toBeInTheDocument();
    expect(within(dialog).getByText('A-1')).toBeInTheDocument();
    expect(within(dialog).getByText(/Alex Roofer/)).toBeInTheDocument();
    expect(sentPaths()).toContain(`GET /api/projects/${PROJECT_ID}/activity?field=claimNumber`);
  });

  it('adds a task (title, due date, assignee) and ticks one done', async () => {
    answerPage();
    answer(`POST /api/projects/${PROJECT_ID}/tasks`, json(aTask({ id: 'task-2', title: 'Order the shingles' }), { status: 201 }));
    answer('PATCH /api/tasks/task-1', json(aTask({ done: true, overdue: false })));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a task' }));
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Give the task a title.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Task' }), 'Order the shingles');
    await user.type(screen.getByLabelText('Due date'), '2026-12-01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), alex.id);
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(sent(`POST /api/projects/${PROJECT_ID}/tasks`)).toHaveLength(1));
    expect(sent(`POST /api/projects/${PROJECT_ID}/tasks`)[0]?.body).toEqual({ title: 'Order the shingles', dueDate: '2026-12-01', assigneeId: alex.id });

    await user.click(await screen.findByRole('checkbox', { name: 'Call the adjuster' }));
    await waitFor(() => expect(sent('PATCH /api/tasks/task-1')[0]?.body).toEqual({ done: true }));
  });

  it('edits a task and deletes one after the confirmation', async () => {
    answerPage();
    answer('PATCH /api/tasks/task-1', json(aTask({ title: 'Call the adjuster back' })));
    answer('DELETE /api/tasks/task-1', noContent());
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the task Call the adjuster' }));
    const title = screen.getByRole('textbox', { name: 'Task' });
    await user.clear(title);
    await user.type(title, 'Call the adjuster back');
    await user.clear(screen.getByLabelText('Due date'));
    await user.click(screen.getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(sent('PATCH /api/tasks/task-1')).toHaveLength(1));
    expect(sent('PATCH /api/tasks/task-1')[0]?.body).toEqual({ title: 'Call the adjuster back', dueDate: null, assigneeId: alex.id });

    await user.click(await screen.findByRole('button', { name: /^Delete the task/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this task?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(sent('DELETE /api/tasks/task-1')).toHaveLength(1));
  });

  it('archives after the confirmation, and shows the plan limit when unarchiving is refused', async () => {
    answerPage();
    answer(`POST /api/projects/${PROJECT_ID}/archive`, json(aProject({ archivedAt: '2026-11-05T10:00:00.000Z', isActive: false })));
    answer(`POST /api/projects/${PROJECT_ID}/unarchive`, apiError('ACTIVE_FILE_LIMIT', { message: 'The Professional plan allows 25 active files.' }));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this claim file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(sent(`POST /api/projects/${PROJECT_ID}/archive`)).toHaveLength(1));
    expect(await screen.findByText('Archived')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unarchive' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unarchive this claim file?' })).getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The Professional plan allows 25 active files.');
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('deletes a file only after the confirmation', async () => {
    answerPage();
    answer('DELETE /api/project-files/file-1', noContent());
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete report.pdf' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE /api/project-files/file-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete report.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(sent('DELETE /api/project-files/file-1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("offers a member Delete on the files they uploaded only, and says who deletes a colleague's", async () => {
    answerPage({ files: [aFile(), aFile({ id: 'file-2', fileName: 'my notes.pdf', uploadedBy: { id: fakeMe().id, name: 'Alice Roof' } })] });
    answer('GET /api/me', json(fakeMe('member')));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Delete my notes.pdf' })).toBeInTheDocument();
    expect(screen.getByText(FILE_RIGHTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete report.pdf' })).not.toBeInTheDocument();
  });

  it('uploads the chosen file raw with its name, and says in words why the server refused one', async () => {
    answerPage({ files: [] });
    answer(`PUT /api/projects/${PROJECT_ID}/files`, [
      json(aFile({ id: 'file-2', fileName: 'estimate.pdf' }), { status: 201 }),
      apiError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only PDF, images and Office documents can be uploaded.' }),
      apiError('PAYLOAD_TOO_LARGE', { message: 'Files can be up to 50 MB.' }),
    ]);
    renderPage();
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Upload a file');
    await user.upload(input, new File(['%PDF-1.4'], 'estimate.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(sent(`PUT /api/projects/${PROJECT_ID}/files`)).toHaveLength(1));
    expect(sent(`PUT /api/projects/${PROJECT_ID}/files`)[0]?.path).toBe(`/api/projects/${PROJECT_ID}/files?name=estimate.pdf`);
    expect(sent(`PUT /api/projects/${PROJECT_ID}/files`)[0]?.body).toBe('%PDF-1.4');

    await user.upload(input, new File(['plain'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('notes.txt: Only PDF, images and Office documents can be uploaded.')).toBeInTheDocument();
    await user.upload(input, new File(['big'], 'drone-video.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('drone-video.jpg: Files can be up to 50 MB.')).toBeInTheDocument();
    expect(screen.queryByText(/notes\.txt:/)).toBeNull();
  });

  it('adds a note on the timeline', async () => {
    answerPage();
    answer(
      `POST /api/projects/${PROJECT_ID}/notes`,
      json(anEntry({ id: 'note-1', kind: 'note', field: null, oldValue: null, newValue: null, body: 'Met the adjuster' }), { status: 201 }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write a note first')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Add a note' }), 'Met the adjuster');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(sent(`POST /api/projects/${PROJECT_ID}/notes`)[0]?.body).toEqual({ body: 'Met the adjuster' }));
  });

  it('moves the status, and shows the plan limit with a way to pricing when reopening is refused', async () => {
    answerPage({ project: aProject({ statusId: CLOSED, isActive: false, closedAt: '2026-11-03T10:00:00.000Z' }) });
    answer(`POST /api/projects/${PROJECT_ID}/status`, apiError('ACTIVE_FILE_LIMIT', { message: 'The Starter plan allows 10 active files.' }));
    renderPage();
    // The status badge and the state badge both say so.
    expect((await screen.findAllByText('Closed', { selector: 'span.rounded-full' })).length).toBe(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Inspected \(done\)/ }));
    await waitFor(() => expect(sent(`POST /api/projects/${PROJECT_ID}/status`)[0]?.body).toEqual({ statusId: INSPECTED }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The Starter plan allows 10 active files.');
    expect(within(alert).getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('offers the move its events suggest, accepted in one click', async () => {
    const suggestion = { statusId: INSPECTED, statusName: 'Inspected', cause: 'the inspection was completed', suggestedAt: '2026-11-03T10:00:00.000Z' };
    answerPage({ project: aProject({ statusId: LEAD, statusSuggestion: suggestion }) });
    let accepted = false;
    answer(`GET /api/projects/${PROJECT_ID}`, () =>
      json(accepted ? aProject({ statusId: INSPECTED }) : aProject({ statusId: LEAD, statusSuggestion: suggestion })),
    );
    answer(`POST /api/projects/${PROJECT_ID}/status-suggestion/accept`, () => {
      accepted = true;
      return json(aProject({ statusId: INSPECTED }));
    });
    renderPage();
    const offer = await screen.findByTestId('status-suggestion');
    expect(offer).toHaveTextContent('Suggested: move to Inspected, because the inspection was completed.');
    const user = userEvent.setup();
    await user.click(within(offer).getByRole('button', { name: 'Move to Inspected' }));
    await waitFor(() => expect(sent(`POST /api/projects/${PROJECT_ID}/status-suggestion/accept`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('status-suggestion')).not.toBeInTheDocument());
  });

  it('dismisses the move offered, and the claim file stays', async () => {
    const suggestion = { statusId: INSPECTED, statusName: 'Inspected', cause: 'the inspection was completed', suggestedAt: '2026-11-03T10:00:00.000Z' };
    answerPage({ project: aProject({ statusId: LEAD, statusSuggestion: suggestion }) });
    answer(`DELETE /api/projects/${PROJECT_ID}/status-suggestion`, json(aProject({ statusId: LEAD })));
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('status-suggestion')).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(sent(`DELETE /api/projects/${PROJECT_ID}/status-suggestion`)).toHaveLength(1));
    expect(sent(`POST /api/projects/${PROJECT_ID}/status`)).toHaveLength(0);
  });

  it('marks the claim filed while Claim filed lies ahead, and offers it no more once there', async () => {
    const FILED = '22222222-2222-4222-8222-222222222209';
    const pipeline = [
      ...statuses.slice(0, 2),
      { id: FILED, key: 'claim_filed', name: 'Claim filed', position: 2, isClosed: false, isHidden: false, projectCount: 0 },
      { ...statuses[2], position: 3 } as ProjectStatus,
    ];
    answerPage({ project: aProject({ statusId: INSPECTED }), pipeline });
    let filed = false;
    answer(`GET /api/projects/${PROJECT_ID}`, () => json(aProject({ statusId: filed ? FILED : INSPECTED })));
    answer(`POST /api/projects/${PROJECT_ID}/mark-filed`, () => {
      filed = true;
      return json(aProject({ statusId: FILED }));
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark claim filed' }));
    await waitFor(() => expect(sent(`POST /api/projects/${PROJECT_ID}/mark-filed`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark claim filed' })).not.toBeInTheDocument());
  });

  it('shows the carrier named in the field that is not in the directory, and adds it to the directory as the file carrier', async () => {
    answerPage({ project: aProject({ carrierName: 'Prairie Farm Mutual' }) });
    const carrier = {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Prairie Farm Mutual',
      claimsPhone: null,
      claimsEmail: null,
      portalUrl: null,
      notes: null,
      adjusterCount: 0,
      projectCount: 0,
      createdBy: null,
    };
    answer('POST /api/carriers', json(carrier, { status: 201 }));
    answer(`PATCH /api/projects/${PROJECT_ID}`, json(aProject({ carrier: { id: carrier.id, name: carrier.name }, carrierName: null })));
    renderPage();
    const claim = await screen.findByRole('region', { name: 'Insurance claim' });
    expect(within(claim).getByText('Prairie Farm Mutual')).toBeInTheDocument();
    expect(within(claim).getByText('Named in the field; not in your carrier directory yet.')).toBeInTheDocument();
    await userEvent.click(within(claim).getByRole('button', { name: 'Add Prairie Farm Mutual to the directory' }));
    await waitFor(() => expect(sent(`PATCH /api/projects/${PROJECT_ID}`)[0]?.body).toEqual({ carrierId: carrier.id }));
    expect(sent('POST /api/carriers')[0]?.body).toEqual({ name: 'Prairie Farm Mutual' });
    await waitFor(() => expect(within(claim).queryByRole('button', { name: /to the directory/ })).toBeNull());
    expect(within(claim).getByText('Prairie Farm Mutual')).toBeInTheDocument();
  });

  it("shows 'This claim file was not found' with a way back for a 404, and asks nothing for an id that is not one", async () => {
    answerAll({ [`GET /api/projects/${PROJECT_ID}`]: apiError('NOT_FOUND'), 'GET /api/project-statuses': json({ statuses }) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This claim file was not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to claim files' })).toHaveAttribute('href', '/projects');
  });

  it('does not ask the server about an id that is not a project id', async () => {
    answerAll({ 'GET /api/project-statuses': json({ statuses }) });
    renderPage('123');
    expect(await screen.findByRole('heading', { level: 1, name: 'This claim file was not found' })).toBeInTheDocument();
    expect(sentPaths().filter((path) => path.startsWith('GET /api/projects'))).toEqual([]);
  });
});
