import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Project } from '@ridgeline/shared/contracts/projects';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { fakeMe } from '../../test/claim-flow-fakes';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { answerProjectReads, fakeCarrier, fakeProject } from '../../test/project-fakes';
import NewProjectPage from './new-project-page';

const NEW_CARRIER_ID = '00000000-0000-4000-8000-0000000000c2';

function renderPage(role: CompanyRole = 'owner') {
  answer('GET /api/me', json(fakeMe(role)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/projects/new']}>
        <Routes>
          <Route path="/projects/new" element={<NewProjectPage />} />
          <Route path="/projects/:id" element={<p>The project page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const created: Project = {
  ...fakeProject({ id: 'p-9' }),
  statusSuggestion: null,
  homeownerPhone: null,
  homeownerEmail: null,
  latitude: null,
  longitude: null,
  adjuster: null,
  carrierName: null,
  policyNumber: null,
  lossTypeSource: 'classified',
  lossDescription: 'Hail on the north slope',
  deductibleCents: 100050,
  acvCents: null,
  depreciationCents: null,
  serviceType: null,
  closedAt: null,
  createdBy: null,
};

async function fillRequired() {
  await userEvent.type(screen.getByLabelText('Title'), 'Smith roof');
  await userEvent.type(screen.getByLabelText('Street'), '12 Oak St');
  await userEvent.type(screen.getByLabelText('Homeowner name'), 'Jane Smith');
}

// Each test types a whole claim file and a carrier: more than the default 5 s on a busy machine (a test
// cut off at 5 s keeps typing into the page while its retry types too).
describe('/projects/new', { timeout: 30_000 }, () => {
  it('says what is missing or wrong, in words, and sends nothing', async () => {
    answerProjectReads();
    renderPage();
    await userEvent.type(screen.getByLabelText('Deductible'), '12abc');
    await userEvent.type(screen.getByLabelText('Latitude (optional)'), '123');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Create claim file' }));
    expect(await screen.findByText('Give the claim file a title, like "Smith roof".')).toBeInTheDocument();
    expect(screen.getByText('Enter the street address of the property.')).toBeInTheDocument();
    expect(screen.getByText("Enter the homeowner's name.")).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in dollars, like 1,250.00')).toBeInTheDocument();
    expect(screen.getByText('Enter a number between -90 and 90, or leave it empty')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(sent('POST /api/projects')).toHaveLength(0);
  });

  it('adds a carrier inline, classifies the loss, sends cents and nulls, and opens the new project', async () => {
    answerProjectReads();
    const acme = {
      id: NEW_CARRIER_ID,
      name: 'Acme Mutual',
      claimsPhone: null,
      claimsEmail: null,
      portalUrl: null,
      notes: null,
      projectCount: 0,
      adjusterCount: 0,
      createdBy: null,
    };
    answer('POST /api/carriers', json(acme, { status: 201 }));
    answer('GET /api/carriers', () => json({ carriers: sent('POST /api/carriers').length > 0 ? [fakeCarrier, acme] : [fakeCarrier] }));
    answer('POST /api/projects', json(created, { status: 201 }));
    renderPage();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add new carrier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new carrier' });
    await userEvent.type(within(dialog).getByLabelText('Carrier name'), 'Acme Mutual');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add carrier' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Carrier')).toHaveValue(NEW_CARRIER_ID);
    // The dialog's submit stayed in the dialog.
    expect(sent('POST /api/projects')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Loss description'), 'Hail on the north slope');
    expect(screen.getByText('Classified as: Hail')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Deductible'), '$1,000.50');
    await userEvent.type(screen.getByLabelText('Claim number'), ' CLM-77 ');
    await userEvent.selectOptions(screen.getByLabelText('Service type'), 'copy_over_only');
    await userEvent.selectOptions(screen.getByLabelText('Assignee'), 'u-bob');
    await userEvent.click(screen.getByRole('button', { name: 'Create claim file' }));

    expect(await screen.findByText('The project page')).toBeInTheDocument();
    expect(sent('POST /api/carriers')[0]?.body).toMatchObject({ name: 'Acme Mutual' });
    expect(sent('POST /api/projects')[0]?.body).toEqual({
      title: 'Smith roof',
      homeownerName: 'Jane Smith',
      homeownerPhone: null,
      homeownerEmail: null,
      street: '12 Oak St',
      city: null,
      state: null,
      zip: null,
      latitude: null,
      longitude: null,
      carrierId: NEW_CARRIER_ID,
      adjusterId: null,
      policyNumber: null,
      claimNumber: 'CLM-77',
      dateOfLoss: null,
      lossType: null,
      lossDescription: 'Hail on the north slope',
      deductibleCents: 100050,
      rcvCents: null,
      acvCents: null,
      depreciationCents: null,
      serviceType: 'copy_over_only',
      assigneeId: 'u-bob',
    });
  });

  it('starts a member as the assignee of the claim file they open, unless they choose another', async () => {
    answerProjectReads();
    answer('POST /api/projects', json(created, { status: 201 }));
    renderPage('member');
    await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveValue(fakeMe().id));
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create claim file' }));
    expect(await screen.findByText('The project page')).toBeInTheDocument();
    expect(sent('POST /api/projects')[0]?.body).toMatchObject({ assigneeId: fakeMe().id });
  });

  it("leaves an owner's new claim file unassigned unless they choose someone", async () => {
    answerProjectReads();
    renderPage('owner');
    expect(await screen.findByRole('option', { name: 'Bob Shingle' })).toBeInTheDocument();
    expect(screen.getByLabelText('Assignee')).toHaveValue('');
  });

  it('keeps the form and shows the plan limit with a link to /pricing when there is no free slot', async () => {
    answerProjectReads();
    const message = 'Your Professional plan allows up to 25 active files. Close or archive a claim file, or upgrade your plan on /pricing.';
    answer('POST /api/projects', apiError('ACTIVE_FILE_LIMIT', { message }));
    renderPage();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create claim file' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByLabelText('Title')).toHaveValue('Smith roof');
  });
});
