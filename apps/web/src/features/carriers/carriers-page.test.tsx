import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Adjuster, Carrier } from '@ridgeline/shared/contracts/carriers';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { notify } from '../../lib/toast';
import { fakeMe } from '../../test/claim-flow-fakes';
import { answer, answerAll, apiError, json, noContent, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import CarriersPage, { ADJUSTERS_EMPTY_TEXT, CARRIERS_EMPTY_TEXT } from './carriers-page';
import { DIRECTORY_RIGHTS_TEXT } from './directory-rights';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const STATE_FARM: Carrier = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'State Farm',
  claimsPhone: '(800) 732-5246',
  claimsEmail: 'claims@statefarm.example',
  portalUrl: 'https://portal.statefarm.example/claims',
  notes: null,
  projectCount: 3,
  adjusterCount: 1,
  createdBy: null,
};
const ALLSTATE: Carrier = {
  ...STATE_FARM,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Allstate',
  claimsPhone: null,
  claimsEmail: null,
  portalUrl: null,
  projectCount: 1,
  adjusterCount: 0,
};
const DANA: Adjuster = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Dana Field',
  phone: '405-555-0142',
  email: 'dana@statefarm.example',
  notes: null,
  carrier: { id: STATE_FARM.id, name: STATE_FARM.name },
  createdBy: null,
};

beforeEach(() => vi.clearAllMocks());

function renderCarriers(url = '/companies', role: CompanyRole = 'owner') {
  answerSession(alice);
  answer('GET /api/me', json(fakeMe(role)));
  renderWithSession(<CarriersPage />, { url, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
}

/** GET /api/carriers answering the search: carriers whose name holds q. */
function answerCarriers(carriers: Carrier[]) {
  answer('GET /api/carriers', (request) => {
    const q = (request.url.searchParams.get('q') ?? '').toLowerCase();
    return json({ carriers: carriers.filter((carrier) => carrier.name.toLowerCase().includes(q)) });
  });
}

describe('/companies carriers', () => {
  it("has the h1 'Companies' and lists carriers with tel:, mailto: and portal links and their counts", async () => {
    answerCarriers([STATE_FARM, ALLSTATE]);
    renderCarriers();
    expect(screen.getByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Companies - Ridgeline'));
    const list = await screen.findByRole('list', { name: 'Carriers' });
    const [first] = within(list).getAllByRole('listitem');
    if (!first) throw new Error('no carrier listed');
    const card = within(first);
    expect(card.getByRole('link', { name: 'State Farm' })).toHaveAttribute('href', `/companies/${STATE_FARM.id}`);
    expect(card.getByRole('link', { name: /claims line/ })).toHaveAttribute('href', 'tel:8007325246');
    expect(card.getByRole('link', { name: /Email State Farm claims/ })).toHaveAttribute('href', 'mailto:claims@statefarm.example');
    const portal = card.getByRole('link', { name: /State Farm portal/ });
    expect(portal).toHaveAttribute('href', 'https://portal.statefarm.example/claims');
    expect(portal).toHaveAttribute('target', '_blank');
    expect(portal).toHaveAttribute('rel', 'noopener noreferrer');
    // Each link's name starts with what it shows, so speech control finds it by its words.
    expect(portal).toHaveAccessibleName('portal.statefarm.example (State Farm portal, opens in a new tab)');
    expect(card.getByRole('link', { name: /claims line/ }).textContent).toMatch(/^\(800\) 732-5246/);
    expect(card.getByRole('link', { name: /Email State Farm claims/ })).toHaveAccessibleName('claims@statefarm.example (Email State Farm claims)');
    expect(card.getByText('3 claim files · 1 adjuster')).toBeInTheDocument();
  });

  it('searches: the list asks the server with q once typing pauses, and says when nothing matches', async () => {
    answerCarriers([STATE_FARM, ALLSTATE]);
    renderCarriers();
    await screen.findByRole('link', { name: 'Allstate' });
    await userEvent.type(screen.getByLabelText('Search carriers'), 'farm');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Allstate' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'State Farm' })).toBeInTheDocument();
    const searches = sent('GET /api/carriers').map((request) => request.url.searchParams.get('q'));
    expect(searches).toEqual([null, 'farm']);

    await userEvent.clear(screen.getByLabelText('Search carriers'));
    await userEvent.type(screen.getByLabelText('Search carriers'), 'zurich');
    expect(await screen.findByText('No carrier matches “zurich”.')).toBeInTheDocument();
    expect(screen.queryByText(CARRIERS_EMPTY_TEXT)).not.toBeInTheDocument();
  });

  it('teaches what to add when the directory is empty', async () => {
    answerCarriers([]);
    renderCarriers();
    expect(await screen.findByText(CARRIERS_EMPTY_TEXT)).toBeInTheDocument();
  });

  it('adds a carrier: the schema refuses a bad email and portal before anything is sent, then posts the cleaned values', async () => {
    answerCarriers([]);
    answer('POST /api/carriers', json({ ...ALLSTATE, id: '44444444-4444-4444-8444-444444444444', name: 'Acme Mutual' }, { status: 201 }));
    renderCarriers();
    await screen.findByText(CARRIERS_EMPTY_TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Add carrier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add carrier' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add carrier' }));
    expect(await dialog.findAllByText(/./, { selector: '[id$="-error"]' })).toHaveLength(1);
    expect(dialog.getByLabelText('Carrier name')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(dialog.getByLabelText('Carrier name'), 'Acme Mutual');
    await userEvent.type(dialog.getByLabelText('Claims email'), 'not-an-email');
    await userEvent.type(dialog.getByLabelText('Portal URL'), 'ftp://acme.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Add carrier' }));
    await waitFor(() => expect(dialog.getByLabelText('Portal URL')).toHaveAttribute('aria-invalid', 'true'));
    expect(dialog.getByText('Enter a web address starting with https://')).toBeInTheDocument();
    expect(dialog.getByLabelText('Claims email')).toHaveAttribute('aria-invalid', 'true');
    expect(sent('POST /api/carriers')).toHaveLength(0);

    await userEvent.clear(dialog.getByLabelText('Claims email'));
    await userEvent.type(dialog.getByLabelText('Claims email'), 'Claims@Acme.example');
    await userEvent.clear(dialog.getByLabelText('Portal URL'));
    await userEvent.type(dialog.getByLabelText('Portal URL'), 'https://acme.example');
    await userEvent.type(dialog.getByLabelText('Claims phone'), '(405) 555-0100');
    await userEvent.click(dialog.getByRole('button', { name: 'Add carrier' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Carrier added', 'Acme Mutual is in your directory.'));
    expect(sent('POST /api/carriers')[0]?.body).toEqual({
      name: 'Acme Mutual',
      claimsPhone: '(405) 555-0100',
      claimsEmail: 'claims@acme.example',
      portalUrl: 'https://acme.example',
      notes: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The directory is read again after the write.
    await waitFor(() => expect(sent('GET /api/carriers').length).toBeGreaterThanOrEqual(2));
  });

  it('a name already in the directory (409 CARRIER_EXISTS) shows the message at the name and keeps the dialog open', async () => {
    answerCarriers([STATE_FARM]);
    answer('POST /api/carriers', apiError('CARRIER_EXISTS'));
    renderCarriers();
    await screen.findByRole('link', { name: 'State Farm' });
    await userEvent.click(screen.getByRole('button', { name: 'Add carrier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add carrier' }));
    await userEvent.type(dialog.getByLabelText('Carrier name'), 'state farm');
    await userEvent.click(dialog.getByRole('button', { name: 'Add carrier' }));
    expect(await dialog.findByText('A carrier with this name is already in your directory.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Carrier name')).toHaveAttribute('aria-invalid', 'true');
    expect(notify.success).not.toHaveBeenCalledWith('Carrier added', expect.anything());
  });

  it('edits a carrier with its values filled in, and deletes one after the confirmation', async () => {
    answerCarriers([STATE_FARM]);
    answerAll({
      'PATCH /api/carriers/11111111-1111-4111-8111-111111111111': json({ ...STATE_FARM, claimsEmail: null }),
      'DELETE /api/carriers/11111111-1111-4111-8111-111111111111': noContent(),
    });
    renderCarriers();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit State Farm' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit State Farm' }));
    expect(dialog.getByLabelText('Carrier name')).toHaveValue('State Farm');
    await userEvent.clear(dialog.getByLabelText('Claims email'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save carrier' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Carrier updated', 'State Farm is saved.'));
    // An emptied field is cleared (null), the others are sent as they are.
    expect(sent('PATCH /api/carriers/11111111-1111-4111-8111-111111111111')[0]?.body).toMatchObject({ name: 'State Farm', claimsEmail: null });

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete State Farm' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete State Farm? Its 3 claim files keep their data but lose the carrier link.');
    expect(sent('DELETE /api/carriers/11111111-1111-4111-8111-111111111111')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete State Farm' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Carrier deleted', 'State Farm is no longer in your directory.'));
    expect(sent('DELETE /api/carriers/11111111-1111-4111-8111-111111111111')).toHaveLength(1);
    confirm.mockRestore();
  });
});

describe('/companies as a member', () => {
  it('offers Edit only on the entries the member added, never Delete, and says why', async () => {
    const mine: Carrier = { ...ALLSTATE, createdBy: fakeMe().id };
    answerCarriers([STATE_FARM, mine]);
    renderCarriers('/companies', 'member');
    expect(await screen.findByText(DIRECTORY_RIGHTS_TEXT)).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Carriers' });
    expect(await screen.findByRole('button', { name: 'Edit Allstate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit State Farm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    answer(
      'GET /api/adjusters',
      json({ adjusters: [DANA, { ...DANA, id: '44444444-4444-4444-8444-444444444444', name: 'Mina Met', createdBy: fakeMe().id }] }),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Adjusters' }));
    expect(await screen.findByRole('button', { name: 'Edit Mina Met' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Dana Field' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });
});

describe('/companies adjusters', () => {
  it('lists adjusters with carrier, phone and email, searches them, and adds one with a carrier', async () => {
    answer('GET /api/adjusters', (request) => {
      const q = (request.url.searchParams.get('q') ?? '').toLowerCase();
      return json({ adjusters: [DANA].filter((adjuster) => adjuster.name.toLowerCase().includes(q)) });
    });
    answerCarriers([STATE_FARM, ALLSTATE]);
    answer(
      'POST /api/adjusters',
      json({ ...DANA, id: '55555555-5555-4555-8555-555555555555', name: 'Lee Ridge', carrier: { id: ALLSTATE.id, name: 'Allstate' } }, { status: 201 }),
    );
    renderCarriers('/companies?tab=adjusters');
    const list = await screen.findByRole('list', { name: 'Adjusters' });
    expect(within(list).getByRole('heading', { name: 'Dana Field' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'State Farm' })).toHaveAttribute('href', `/companies/${STATE_FARM.id}`);
    expect(within(list).getByRole('link', { name: /Call Dana Field/ })).toHaveAttribute('href', 'tel:4055550142');
    expect(within(list).getByRole('link', { name: /Email Dana Field/ })).toHaveAttribute('href', 'mailto:dana@statefarm.example');

    await userEvent.type(screen.getByLabelText('Search adjusters'), 'nobody');
    expect(await screen.findByText('No adjuster matches “nobody”.')).toBeInTheDocument();
    expect(sent('GET /api/adjusters').at(-1)?.url.searchParams.get('q')).toBe('nobody');

    await userEvent.click(screen.getByRole('button', { name: 'Add adjuster' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add adjuster' }));
    await userEvent.type(await dialog.findByLabelText('Adjuster name'), 'Lee Ridge');
    await userEvent.selectOptions(dialog.getByLabelText('Carrier'), 'Allstate');
    await userEvent.click(dialog.getByRole('button', { name: 'Add adjuster' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Adjuster added', 'Lee Ridge is in your directory.'));
    expect(sent('POST /api/adjusters')[0]?.body).toMatchObject({ name: 'Lee Ridge', carrierId: ALLSTATE.id, phone: null, email: null });
  });

  it('teaches what to add when no adjuster is in the directory', async () => {
    answer('GET /api/adjusters', json({ adjusters: [] }));
    renderCarriers('/companies?tab=adjusters');
    expect(await screen.findByText(ADJUSTERS_EMPTY_TEXT)).toBeInTheDocument();
  });
});
