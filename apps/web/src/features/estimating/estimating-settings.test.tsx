import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceList } from '@ridgeline/shared/contracts/estimating';
import { DEFAULT_PRICE_LIST } from '@ridgeline/shared/domain/estimate';
import { createQueryClient } from '../../lib/query-client';
import { answerCompany } from '../../test/claim-flow-fakes';
import { fakeCompany } from '../../test/company-fakes';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { EstimatingSettings } from './estimating-settings';
import { mergePriceList } from './settings/price-list-form';

// The estimating part of /settings against the fake API: the threshold saved and checked, the price
// list edited row by row, reset to the defaults, imported from CSV with its row errors and a
// preview, and read-only for members.

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/toast', () => ({ notify: toast }));

// Typing into a long form is slow on a busy machine: these tests get more than the default 5 s.
const FORM_TEST_TIMEOUT_MS = 30_000;

const defaults: PriceList = { items: DEFAULT_PRICE_LIST.map((item) => ({ ...item })) };

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

function renderSettings() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EstimatingSettings />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** PUT /api/price-list answers what it was sent. */
function answerPriceListSave() {
  answer('PUT /api/price-list', (request) => json(request.body as PriceList));
}

const savedItems = () => (sent('PUT /api/price-list').at(-1)?.body as PriceList).items;

describe('EstimatingSettings', { timeout: FORM_TEST_TIMEOUT_MS }, () => {
  it('shows where the ice barrier goes, with the rule, the state from the address and its default; saves the company’s choice', async () => {
    answerCompany({
      address: '1200 S Broadway, Edmond, OK 73034',
      iceBarrier: { state: 'OK', stateFrom: 'address', atEaves: false, atEavesFrom: 'state', eaveWidthFt: 6, edition: '2024' },
    });
    answer('GET /api/price-list', json(defaults));
    answer('PATCH /api/company', (request) =>
      json(
        fakeCompany({
          iceBarrier: { state: 'MN', stateFrom: 'chosen', atEaves: true, atEavesFrom: 'chosen', eaveWidthFt: 3, edition: '2024' },
          ...(request.body as object),
        }),
      ),
    );
    renderSettings();

    const form = await screen.findByRole('form', { name: 'Ice barrier' });
    expect(within(form).getByTestId('ice-barrier-rule')).toHaveTextContent('Commonly reported: IRC R905.1.2 (2024 IRC)');
    expect(within(form).getByTestId('ice-barrier-rule')).toHaveTextContent('The 2024 IRC no longer adds 36 in');
    expect(within(form).getByRole('option', { name: 'From your address (Oklahoma)' })).toBeInTheDocument();
    expect(within(form).getByRole('option', { name: "Oklahoma's default: not required" })).toBeInTheDocument();
    expect(within(form).getByTestId('ice-barrier-preview')).toHaveTextContent(
      "Estimates leave the eaves out and line only the valleys. Oklahoma's default (a state-wide guess, not verified",
    );

    // Choosing Minnesota shows its default before anything is saved.
    await userEvent.selectOptions(within(form).getByLabelText('State your jobs are in'), 'MN');
    expect(within(form).getByRole('option', { name: "Minnesota's default: required" })).toBeInTheDocument();
    expect(within(form).getByTestId('ice-barrier-preview')).toHaveTextContent('Estimates include the ice barrier at the eaves');

    const width = within(form).getByLabelText('Width up the roof from the eave (ft)');
    await userEvent.clear(width);
    await userEvent.type(width, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save ice barrier' }));
    expect(await within(form).findByText('Enter a whole number of feet from 3 to 12')).toBeInTheDocument();
    expect(sent('PATCH /api/company')).toHaveLength(0);

    await userEvent.clear(width);
    await userEvent.type(width, '3');
    await userEvent.selectOptions(within(form).getByLabelText('Ice barrier at the eaves'), 'required');
    await userEvent.click(within(form).getByRole('button', { name: 'Save ice barrier' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ice barrier saved', 'New estimate lines follow it.'));
    expect(sent('PATCH /api/company').at(-1)?.body).toEqual({ jurisdictionState: 'MN', iceBarrierAtEaves: true, iceBarrierEaveFt: 3 });
  });

  it('saves the hail-hit threshold, and refuses a number out of range', async () => {
    answerCompany();
    answer('GET /api/price-list', json(defaults));
    answer('PATCH /api/company', json(fakeCompany({ hailHitThreshold: 12 })));
    renderSettings();

    const field = await screen.findByLabelText('Hits to recommend replacing');
    expect(field).toHaveValue('8');
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(await screen.findByText('Enter a whole number from 1 to 100')).toBeInTheDocument();
    expect(sent('PATCH /api/company')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Threshold saved', 'An inspection now recommends replacing at 12 hits in a test square.'));
    expect(sent('PATCH /api/company')[0]?.body).toEqual({ hailHitThreshold: 12 });
    expect(await screen.findByLabelText('Hits to recommend replacing')).toHaveValue('12');
  });

  it('edits the price list: formula items named by what they price, own items added and removed, prices in dollars', async () => {
    answerCompany();
    answer('GET /api/price-list', json(defaults));
    answerPriceListSave();
    renderSettings();

    const shingles = await screen.findByRole('group', { name: 'Shingles: roof squares plus waste' });
    expect(within(shingles).getByLabelText('Description')).toHaveValue('Laminated - comp. shingle rfg. - w/out felt');
    const price = within(shingles).getByLabelText('Unit price ($)');
    expect(price).toHaveValue('265.00');
    // Every item is still its default, and says so until it is edited.
    expect(screen.getAllByText('Default price')).toHaveLength(DEFAULT_PRICE_LIST.length);
    expect(within(screen.getByRole('group', { name: 'Dumpster: one load per 20 squares of tear-off' })).getByLabelText('Description')).toHaveValue(
      'Dumpster load - Approx. 20 yards, 4 tons of debris',
    );
    await userEvent.clear(price);
    await userEvent.type(price, '2.9.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await within(shingles).findByText('Enter a price in dollars, like 12.50')).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '295');
    expect(within(shingles).queryByText('Default price')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const added = screen.getByRole('group', { name: `Item ${DEFAULT_PRICE_LIST.length + 1}` });
    await userEvent.type(within(added).getByLabelText('Description'), 'Satellite dish reset');
    await userEvent.type(within(added).getByLabelText('Unit price ($)'), '75');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Tear-off: squares times layers' }));

    // A formula code is priced once.
    await userEvent.selectOptions(within(added).getByLabelText('Prices'), 'starter');
    await userEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await screen.findByText('Each formula code may appear only once')).toBeInTheDocument();
    expect(sent('PUT /api/price-list')).toHaveLength(0);
    await userEvent.selectOptions(within(added).getByLabelText('Prices'), '');

    await userEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Price list saved', 'New estimate lines are priced from it.'));
    const items = savedItems();
    expect(items).toHaveLength(DEFAULT_PRICE_LIST.length);
    expect(items[0]).toEqual({ code: 'shingles', description: 'Laminated - comp. shingle rfg. - w/out felt', unit: 'SQ', unitPriceCents: 29_500 });
    expect(items.some((i) => i.code === 'tear_off')).toBe(false);
    expect(items.at(-1)).toEqual({ code: null, description: 'Satellite dish reset', unit: 'EA', unitPriceCents: 7_500 });
  });

  it('resets to the defaults, kept with the next save', async () => {
    answerCompany();
    answer('GET /api/price-list', json({ items: [{ code: 'shingles', description: 'Our shingles', unit: 'SQ', unitPriceCents: 30_000 }] }));
    answerPriceListSave();
    renderSettings();

    expect(await screen.findByDisplayValue('Our shingles')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(screen.getAllByRole('group')).toHaveLength(DEFAULT_PRICE_LIST.length);
    expect(screen.getByText('Changes are kept once you save the price list.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(sent('PUT /api/price-list')).toHaveLength(1));
    expect(savedItems()).toEqual(defaults.items);
  });

  it('imports a CSV: lists the rows it cannot read, previews the rest, then merges and saves', async () => {
    answerCompany();
    answer('GET /api/price-list', json(defaults));
    answerPriceListSave();
    renderSettings();

    const csv = 'code,description,unit,price\nshingles,Laminated shingles,SQ,$310.00\nbogus,Thing,EA,1\n,Satellite dish reset,EA,75\n,No price,EA,abc';
    fireEvent.change(await screen.findByLabelText('Or paste CSV'), { target: { value: csv } });
    await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));

    const preview = await screen.findByRole('region', { name: 'Import preview' });
    const errors = within(preview).getByRole('alert');
    expect(errors).toHaveTextContent('2 rows not imported:');
    expect(errors).toHaveTextContent('Row 3: Unknown code "bogus"');
    expect(errors).toHaveTextContent('Row 5: "abc" is not a price');
    const rows = within(within(preview).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Shingles: roof squares plus waste' + 'Laminated shinglesSQ$310.00',
      'Your own itemSatellite dish resetEA$75.00',
    ]);

    await userEvent.click(within(preview).getByRole('button', { name: 'Save imported prices' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Price list saved', '2 prices imported.'));
    expect(savedItems()).toEqual(
      mergePriceList(defaults.items, [
        { code: 'shingles', description: 'Laminated shingles', unit: 'SQ', unitPriceCents: 31_000 },
        { code: null, description: 'Satellite dish reset', unit: 'EA', unitPriceCents: 7_500 },
      ]).items,
    );
    expect(savedItems()[0]).toMatchObject({ code: 'shingles', unitPriceCents: 31_000 });
    expect(screen.queryByRole('region', { name: 'Import preview' })).not.toBeInTheDocument();
  });

  it('asks for a file or rows before previewing, and shows a refused save', async () => {
    answerCompany({}, 'manager');
    answer('GET /api/price-list', json(defaults));
    answer('PUT /api/price-list', apiError('FORBIDDEN', { message: 'Only owners and managers can change the price list.' }));
    renderSettings();

    await userEvent.click(await screen.findByRole('button', { name: 'Preview import' }));
    expect(await screen.findByText('Choose a CSV file or paste its rows')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await screen.findByText('Only owners and managers can change the price list.')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Price list not saved', 'Only owners and managers can change the price list.');
  });

  it('is read-only for members, with the sentence saying who may change it', async () => {
    answerCompany({ hailHitThreshold: 10 }, 'member');
    answer('GET /api/price-list', json(defaults));
    renderSettings();

    expect(await screen.findByText('Only company owners and managers can change the price list.')).toBeInTheDocument();
    expect(screen.getByText('Only company owners and managers can change the threshold.')).toBeInTheDocument();
    expect(screen.getByLabelText('Hits to recommend replacing')).toBeDisabled();
    expect(screen.getByLabelText('Hits to recommend replacing')).toHaveValue('10');
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview import' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Price list' });
    expect(within(table).getAllByRole('row')).toHaveLength(DEFAULT_PRICE_LIST.length + 1);
    expect(within(table).getByText('$265.00')).toBeInTheDocument();
    expect(within(table).getAllByText('Default price')).toHaveLength(DEFAULT_PRICE_LIST.length);
  });
});
