import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateEstimateInput, EstimateLine } from '@ridgeline/shared/contracts/estimating';
import { answer, apiError, sent } from '../../test/fake-server';
import { fakeCompany } from '../../test/company-fakes';
import { answerEstimateReads, fakeEstimate, fakeMeasurement, MEASURED_SESSION_ID, savedFromRequest } from '../../test/estimating-fakes';
import { notify } from '../../lib/toast';
import { EstimateEditor } from './estimate-editor';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

/** The first answers and screens can take a few seconds on a busy machine. */
const SLOW = { timeout: 8_000 };

// The measurement of the fakes (one 6/12 facet, 2,000 sq ft on plan, ridge 40, rake 60, eave 80 LF,
// 10% waste, 1 layer, 1 story) priced from the default list:
//   roof 2,000 x 1.118034 = 2,236.07 sq ft = 22.36 SQ; order 22.36068 x 1.1 = 24.60 SQ
//   shingles w/out felt 24.60 SQ x $265.00 = $6,519.00
//   starter       140 LF   x   $2.25 =   $315.00   (eave 80 + rake 60)
//   drip edge     140 LF   x   $3.10 =   $434.00
//   ridge cap      40 LF   x   $5.95 =   $238.00
//   ice & water  4.80 SQ   x $175.00 =   $840.00   (80 x 6 ft / 100: a company with no state keeps the eaves)
//   underlayment 17.56 SQ  x  $42.00 =   $737.52   (22.36 - 4.80: one underlayment per area)
//   tear-off     22.36 SQ  x  $74.00 = $1,654.64
//   dumpster        2 EA   x $585.00 = $1,170.00   (22.36 SQ / 20 = 1.118, rounded up)
//   permit          1 EA   x $350.00 =   $350.00
//   line items                        $12,258.16
//   O&P on: overhead and profit 10% each = $1,225.82 + $1,225.82 (1,225.816); RCV $14,709.80
const LINE_ITEMS = '$12,258.16';

function renderEditor(props: Partial<ComponentProps<typeof EstimateEditor>> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/field-inspection/${MEASURED_SESSION_ID}/estimate`]}>
        <EstimateEditor
          sessionId={MEASURED_SESSION_ID}
          measurementsPath={`/field-inspection/${MEASURED_SESSION_ID}/measurements`}
          nextStep={<a href="/convert">Convert to claim file</a>}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function total(term: string): string {
  const list = screen.getByLabelText('Estimate totals');
  const dt = within(list).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

/** The terms of a totals list, in order. */
function terms(label: string): string[] {
  return within(screen.getByLabelText(label))
    .getAllByRole('term')
    .map((dt) => dt.textContent ?? '');
}

beforeEach(() => vi.clearAllMocks());

// Typing whole forms is slow on a busy machine: these tests get more than the default 5 s.
describe('EstimateEditor', { timeout: 30_000 }, () => {
  it('builds the lines from the measurement and prices them; O&P changes the totals; the first save is a POST', async () => {
    answerEstimateReads();
    answer('POST /api/estimates', (request) => savedFromRequest(request, 1));
    renderEditor();
    const table = await screen.findByRole('table', { name: 'Estimate lines' }, SLOW);
    expect(within(table).getAllByRole('row')).toHaveLength(10);
    expect(within(table).getAllByText('Eave 80 LF + rake 60 LF')).toHaveLength(2);
    expect(total('Line items')).toBe(LINE_ITEMS);
    expect(total('RCV')).toBe(LINE_ITEMS);
    // O&P is off: no overhead or profit line at all, not even at $0.00.
    expect(terms('Estimate totals')).toEqual(['Line items', 'RCV', 'Depreciation', 'ACV']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Overhead & profit' }));
    expect(terms('Estimate totals')).toEqual(['Line items', 'Overhead (10%)', 'Profit (10%)', 'RCV', 'Depreciation', 'ACV']);
    expect(total('Overhead (10%)')).toBe('$1,225.82');
    expect(total('Profit (10%)')).toBe('$1,225.82');
    expect(total('RCV')).toBe('$14,709.80');

    // 10% of RCV depreciated: $1,470.98; ACV $13,238.82.
    await user.type(screen.getByLabelText('Depreciation %'), '10');
    expect(total('Depreciation')).toBe('$1,470.98');
    expect(total('ACV')).toBe('$13,238.82');

    await user.click(screen.getByRole('button', { name: 'Save estimate' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Estimate saved'), SLOW);
    const [post] = sent('POST /api/estimates');
    const body = post?.body as CreateEstimateInput;
    expect(body.sessionId).toBe(MEASURED_SESSION_ID);
    expect(body.opEnabled).toBe(true);
    expect(body.overallDepreciationBp).toBe(1000);
    expect(body.lines.map((l) => l.code)).toEqual([
      'shingles',
      'starter',
      'drip_edge',
      'ridge_cap',
      'ice_water',
      'underlayment',
      'tear_off',
      'dumpster',
      'permit',
    ]);
    expect(body.lines[0]?.description).toBe('Laminated - comp. shingle rfg. - w/out felt');
    expect(await screen.findByRole('link', { name: 'Convert to claim file' }, SLOW)).toBeInTheDocument();
  });

  it('saves the latest version in place, and as a new version with its number', async () => {
    const line: EstimateLine = {
      id: 'l1',
      code: 'shingles',
      description: 'Shingles',
      quantity: 10,
      unit: 'SQ',
      unitPriceCents: 30_000,
      depreciationBp: 0,
      source: 'formula',
      basis: '10 SQ + 0% waste',
      photoIds: [],
    };
    answerEstimateReads({ estimates: [fakeEstimate({ lines: [line] })] });
    answer('PUT /api/estimates/00000000-0000-4000-8000-0000000000d1', (request) => savedFromRequest(request, 1));
    answer('POST /api/estimates', (request) => savedFromRequest(request, 2));
    renderEditor();
    const user = userEvent.setup();

    // Edit the line: 12 SQ at $300.00 = $3,600.00.
    await user.click(await screen.findByRole('button', { name: 'Edit Shingles' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit line' }, SLOW);
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save line' }));
    expect(total('Line items')).toBe('$3,600.00');

    await user.click(screen.getByRole('button', { name: 'Save estimate' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Estimate saved'), SLOW);
    expect(sent('PUT /api/estimates/00000000-0000-4000-8000-0000000000d1')).toHaveLength(1);
    expect(sent('POST /api/estimates')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save as new version' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Version 2 saved'), SLOW);
    expect((sent('POST /api/estimates')[0]?.body as CreateEstimateInput).lines[0]?.quantity).toBe(12);
  });

  it('without a measurement says so, links to the step, and takes lines by hand', async () => {
    answerEstimateReads({ measurement: null });
    renderEditor();
    expect(await screen.findByText(/no measurements yet/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Measurements step' })).toHaveAttribute('href', `/field-inspection/${MEASURED_SESSION_ID}/measurements`);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add line' }, SLOW);
    await user.selectOptions(within(dialog).getByLabelText('From the price list'), 'Drip edge ($3.10 / LF)');
    await user.type(within(dialog).getByLabelText('Quantity'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    expect(total('Line items')).toBe('$310.00');

    // A price that is not dollars is refused with words.
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    const second = await screen.findByRole('dialog', { name: 'Add line' }, SLOW);
    await user.type(within(second).getByLabelText('Description'), 'Satellite dish reset');
    await user.type(within(second).getByLabelText('Quantity'), '1');
    await user.type(within(second).getByLabelText('Unit price'), 'abc');
    await user.click(within(second).getByRole('button', { name: 'Add line' }));
    expect(await within(second).findByText('Enter a price in dollars, like 285.00', {}, SLOW)).toBeInTheDocument();
    await user.clear(within(second).getByLabelText('Unit price'));
    await user.type(within(second).getByLabelText('Unit price'), '85');
    await user.click(within(second).getByRole('button', { name: 'Add line' }));
    expect(total('Line items')).toBe('$395.00');

    await user.click(screen.getByRole('button', { name: 'Remove Drip edge' }));
    expect(total('Line items')).toBe('$85.00');
  });

  it('lists what a pasted carrier scope lacks, with the measurement behind each item', async () => {
    answerEstimateReads();
    renderEditor();
    await screen.findByRole('table', { name: 'Estimate lines' }, SLOW);
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Carrier scope CSV' }));
    await user.paste(
      'Description,Qty,Unit,Price\nLaminated comp. shingle roofing,24.6,SQ,270.00\nRidge cap,40,LF,5.50\nTear off,22.36,SQ,70\nUnderlayment,15,SQ,40\nbad row,x,SQ,1',
    );
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByText('Row 6: "x" is not a quantity', {}, SLOW)).toBeInTheDocument();

    const preview = screen.getByRole('region', { name: 'Preview (not saved yet)' });
    expect(within(preview).getByText('Asphalt starter - universal starter course')).toBeInTheDocument();
    expect(within(preview).getByText('Drip edge')).toBeInTheDocument();
    expect(within(preview).getAllByText('Supported by: Eave 80 LF + rake 60 LF')).toHaveLength(2);
    expect(within(preview).getByText("Under-counted: ours 17.56 SQ, the carrier's 15 SQ")).toBeInTheDocument();
    expect(within(preview).queryByText(/Laminated/)).not.toBeInTheDocument();
  });

  it('an Oklahoma company’s lines leave the eaves out of the ice barrier, say why, and charge the rest of the roof one underlayment', async () => {
    const iceBarrier = { state: 'OK', stateFrom: 'address', atEaves: false, atEavesFrom: 'state', eaveWidthFt: 6, edition: '2021' } as const;
    answerEstimateReads({ company: fakeCompany({ address: '1200 S Broadway, Edmond, OK 73034', iceBarrier }) });
    renderEditor();
    const table = await screen.findByRole('table', { name: 'Estimate lines' }, SLOW);
    // The fake roof has no valleys, so no ice and water line at all; the underlayment covers all 22.36 SQ.
    expect(within(table).queryByText('Ice & water barrier')).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Roofing felt - synthetic underlayment/ })).toHaveTextContent('22.36 SQ');
    expect(screen.getByTestId('ice-barrier-note')).toHaveTextContent("No ice barrier at the eaves in Oklahoma: only the valleys are lined. Oklahoma's default");
    expect(screen.getByRole('link', { name: 'Change it in Settings' })).toHaveAttribute('href', '/settings?section=estimating');
    // $12,258.16 - $840.00 of ice barrier + 4.80 SQ x $42.00 of underlayment back = $11,619.76.
    expect(total('Line items')).toBe('$11,619.76');
  });

  it('shows the server refusing a save in words', async () => {
    answerEstimateReads({ estimates: [fakeEstimate()] });
    answer(
      'PUT /api/estimates/00000000-0000-4000-8000-0000000000d1',
      apiError('CONFLICT', { message: 'Only the latest version can be changed. Save it as a new version instead.' }),
    );
    renderEditor();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save estimate' }, SLOW));
    await vi.waitFor(
      () =>
        expect(notify.error).toHaveBeenCalledWith('The estimate was not saved', 'Only the latest version can be changed. Save it as a new version instead.'),
      SLOW,
    );
  });

  it('recalculates the formula lines from the measurement after asking, keeping the lines added by hand', async () => {
    const edited: EstimateLine = {
      id: 'f1',
      code: 'shingles',
      description: 'Shingles',
      quantity: 99,
      unit: 'SQ',
      unitPriceCents: 28_500,
      depreciationBp: 0,
      source: 'formula',
      basis: 'old',
      photoIds: [],
    };
    const manual: EstimateLine = {
      id: 'm1',
      code: null,
      description: 'Satellite dish reset',
      quantity: 1,
      unit: 'EA',
      unitPriceCents: 8_500,
      depreciationBp: 0,
      source: 'manual',
      basis: null,
      photoIds: [],
    };
    answerEstimateReads({ estimates: [fakeEstimate({ lines: [edited, manual] })] });
    renderEditor();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Recalculate from measurements' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Recalculate from measurements?' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Recalculate' }));
    const table = screen.getByRole('table', { name: 'Estimate lines' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Satellite dish reset')).toBeInTheDocument();
    expect(within(table).queryByText('Shingles')).not.toBeInTheDocument();
    // $12,258.16 of formula lines + $85.00.
    expect(total('Line items')).toBe('$12,343.16');
  });

  it('prices the counts of the measurement and the gutter damage the inspection recorded', async () => {
    const measured = fakeMeasurement();
    const [house] = measured.structures;
    if (!house) throw new Error('no structure');
    answerEstimateReads({ measurement: { ...measured, structures: [{ ...house, pipeJacks: 2, roofVents: 3 }] } });
    renderEditor({ damage: [{ code: 'gutters', structureId: house.structureId, photoIds: ['00000000-0000-4000-8000-00000000aa01'] }] });
    const table = await screen.findByRole('table', { name: 'Estimate lines' }, SLOW);
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    expect(row('Flashing - pipe jack')).toHaveTextContent('2 EA');
    expect(row('Flashing - pipe jack')).toHaveTextContent('2 pipe jacks on the roof');
    expect(row('Roof vent - turtle type - Metal')).toHaveTextContent('3 EA');
    expect(row('Dumpster load - Approx. 20 yards, 4 tons of debris')).toHaveTextContent('Tear-off 22.36 SQ, one load per 20 SQ');
    expect(row('R&R Gutter / downspout - aluminum - up to 5"')).toHaveTextContent('80 LF');
    expect(row('R&R Gutter / downspout - aluminum - up to 5"')).toHaveTextContent('Eave 80 LF where gutter damage was photographed');
    // $12,258.16 + 2 x $58.00 + 3 x $72.50 + 80 LF x $11.25 = $12,258.16 + $116.00 + $217.50 + $900.00.
    expect(total('Line items')).toBe('$13,491.66');
  });

  it('prices every damaged area photographed from the measurement, each line with its photos; one not counted is named, not priced', async () => {
    const measured = fakeMeasurement();
    const [house] = measured.structures;
    if (!house) throw new Error('no structure');
    answerEstimateReads({ measurement: { ...measured, structures: [{ ...house, sidingSqFt: 420, damagedWindows: 2 }] } });
    const sidingIds = ['00000000-0000-4000-8000-00000000ab01', '00000000-0000-4000-8000-00000000ab02'];
    const photos = new Map(sidingIds.map((id, i) => [id, { thumbUrl: `/thumbs/${id}.jpg`, label: `Siding photo ${i + 1}` }]));
    renderEditor({
      damage: [
        { code: 'siding', structureId: house.structureId, photoIds: sidingIds },
        { code: 'window_glass', structureId: house.structureId, photoIds: ['00000000-0000-4000-8000-00000000ab03'] },
        { code: 'window_screen', structureId: house.structureId, photoIds: ['00000000-0000-4000-8000-00000000ab04'] },
      ],
      photos,
    });
    const table = await screen.findByRole('table', { name: 'Estimate lines' }, SLOW);
    const siding = within(table).getByRole('row', { name: /R&R Siding - vinyl/ });
    expect(siding).toHaveTextContent('420 SF');
    expect(siding).toHaveTextContent('Siding 420 SF where siding damage was photographed (2 photos)');
    expect(siding).toHaveTextContent('Supported by 2 photos');
    expect(within(siding).getByRole('img', { name: 'Siding photo 1' })).toHaveAttribute('src', `/thumbs/${sidingIds[0] ?? ''}.jpg`);
    expect(within(table).getByRole('row', { name: /Reglaze window/ })).toHaveTextContent('2 damaged windows counted (1 photo)');
    // Screens photographed, none counted: named, with the step that prices them.
    const unpriced = screen.getByRole('region', { name: 'Photographed, not priced yet' });
    expect(unpriced).toHaveTextContent('Window screen damage on Main house (1 photo): enter the damaged screens in the Measurements step, then recalculate.');
    expect(within(table).queryByRole('row', { name: /Window screen/ })).not.toBeInTheDocument();

    // Saved with the lines: the photos go to the server with them.
    answer('POST /api/estimates', (request) => savedFromRequest(request, 1));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save estimate' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('Estimate saved'), SLOW);
    const body = sent('POST /api/estimates')[0]?.body as CreateEstimateInput;
    expect(body.lines.find((l) => l.code === 'siding')?.photoIds).toEqual(sidingIds);
  });

  it('shows overhead and profit of a saved version only when its O&P is on', async () => {
    const line: EstimateLine = {
      id: 'l1',
      code: 'drip_edge',
      description: 'Drip edge',
      quantity: 100,
      unit: 'LF',
      unitPriceCents: 310,
      depreciationBp: 0,
      source: 'formula',
      basis: null,
      photoIds: [],
    };
    answerEstimateReads({
      estimates: [
        fakeEstimate({ id: '00000000-0000-4000-8000-0000000000d2', version: 2, lines: [line] }),
        fakeEstimate({ version: 1, isLatest: false, opEnabled: true, lines: [line] }),
      ],
    });
    renderEditor();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Estimate lines' }, SLOW);
    expect(terms('Estimate totals')).toEqual(['Line items', 'RCV', 'Depreciation', 'ACV']);
    await user.click(screen.getByRole('button', { name: /v1/ }));
    // $310.00 of line items, $31.00 overhead and $31.00 profit.
    expect(terms('Totals of version 1')).toEqual(['Line items', 'Overhead (10%)', 'Profit (10%)', 'RCV', 'Depreciation', 'ACV']);
    expect(within(screen.getByLabelText('Totals of version 1')).getByText('Overhead (10%)').nextElementSibling).toHaveTextContent('$31.00');
    expect(screen.getByRole('link', { name: 'Export CSV of version 1' })).toHaveAttribute(
      'href',
      '/api/estimates/00000000-0000-4000-8000-0000000000d1/export.csv',
    );
    await user.click(screen.getByRole('button', { name: 'Back to the latest version' }));
    expect(terms('Estimate totals')).toEqual(['Line items', 'RCV', 'Depreciation', 'ACV']);
    // The latest version as saved is exported from the editor.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/estimates/00000000-0000-4000-8000-0000000000d2/export.csv');
  });

  it('opens an older version read-only', async () => {
    answerEstimateReads({
      estimates: [fakeEstimate({ id: '00000000-0000-4000-8000-0000000000d2', version: 2 }), fakeEstimate({ version: 1, isLatest: false, opEnabled: true })],
    });
    renderEditor();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /v1/ }, SLOW));
    expect(screen.getByRole('heading', { name: /Version 1/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save estimate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add line' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the latest version' }));
    expect(screen.getByRole('button', { name: 'Save estimate' })).toBeInTheDocument();
  });

  it('prints the saved supplement list alone', async () => {
    const line: EstimateLine = {
      id: 'l1',
      code: 'drip_edge',
      description: 'Drip edge',
      quantity: 140,
      unit: 'LF',
      unitPriceCents: 310,
      depreciationBp: 0,
      source: 'formula',
      basis: 'Eave 80 LF + rake 60 LF',
      photoIds: [],
    };
    answerEstimateReads({
      estimates: [fakeEstimate({ lines: [line], carrierScope: [{ description: 'Drip edge', quantity: 100, unit: 'LF', unitPriceCents: 300 }] })],
    });
    renderEditor();
    const saved = await screen.findByRole('region', { name: 'Saved with version 1' }, SLOW);
    expect(within(saved).getByText("Under-counted: ours 140 LF, the carrier's 100 LF")).toBeInTheDocument();
    let marked = false;
    const print = vi.fn(() => {
      marked = saved.hasAttribute('data-printing');
    });
    vi.stubGlobal('print', print);
    await userEvent.setup().click(within(saved).getByRole('button', { name: 'Print supplement' }));
    expect(print).toHaveBeenCalledOnce();
    expect(marked).toBe(true);
    window.dispatchEvent(new Event('afterprint'));
    expect(saved.hasAttribute('data-printing')).toBe(false);
  });
});
