import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaimLedger, LedgerEntry } from '@ridgeline/shared/contracts/ledger';
import { reconcileLedger, type LedgerEntryInput } from '@ridgeline/shared/domain/ledger';
import { localToday } from '../../lib/dates';
import { notify } from '../../lib/toast';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { MoneyTab } from './money-tab';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const PROJECT_ID = '66666666-6666-4666-8666-666666666666';
const LEDGER_URL = `/api/projects/${PROJECT_ID}/ledger` as const;
const ENTRIES_URL = `/api/projects/${PROJECT_ID}/ledger/entries` as const;
// The estimate: RCV $18,250.37, depreciation $4,112.09, ACV $14,138.28; the claim file's deductible $1,000.00.
const START = { figuresFrom: 'estimate' as const, rcvCents: 1_825_037, acvCents: 1_413_828, depreciationCents: 411_209, deductibleCents: 100_000 };

let counter = 0;
function entry(fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'kind'>): LedgerEntry {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    figure: null,
    paymentType: null,
    amountCents: null,
    label: null,
    date: null,
    reference: null,
    relatedId: null,
    note: null,
    reversedById: null,
    createdByName: 'Alice Roof',
    createdAt: '2026-11-20T15:00:00.000Z',
    ...fields,
  };
}

/** A ledger as the server answers it: the same reconciliation over the entries. */
function ledgerOf(entries: LedgerEntry[], overrides: Partial<ClaimLedger> = {}): ClaimLedger {
  const inputs: LedgerEntryInput[] = entries;
  return { entries, summary: reconcileLedger(inputs, START), suggestedStatuses: [], statusDisagreements: [], canWrite: true, ...overrides };
}

beforeEach(() => vi.clearAllMocks());

function renderTab(onMoveStatus?: () => void) {
  answerSession(alice);
  renderWithSession(<MoneyTab projectId={PROJECT_ID} onMoveStatus={onMoveStatus} />, {
    url: `/projects/${PROJECT_ID}`,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
}

/** The row of the figures list whose term is `name`. */
const figureRow = (name: string) => within(screen.getByLabelText('Figures')).getByText(name).closest('div') as HTMLElement;

describe('the Money tab', () => {
  it('starts from the estimate, each figure shown as such, with the balance to the cent', async () => {
    answer(`GET ${LEDGER_URL}`, json(ledgerOf([])));
    renderTab();
    expect(await screen.findByTestId('money-balance')).toHaveTextContent('$18,250.37');
    expect(screen.getByTestId('money-state')).toHaveTextContent('Balance due');
    expect(figureRow('RCV')).toHaveTextContent('from the estimate$18,250.37');
    expect(figureRow('Deductible')).toHaveTextContent('from the claim file$1,000.00');
    // 1,825,037 - 100,000 = 1,725,037 from the insurer.
    expect(figureRow('Insurer approved')).toHaveTextContent('$17,250.37');
    expect(screen.getByText('No entries yet')).toBeInTheDocument();
  });

  it('adds a payment received in cents from typed dollars, and shows the ledger the server answers', async () => {
    answer(`GET ${LEDGER_URL}`, json(ledgerOf([])));
    const acv = entry({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 1_313_828, date: '2026-11-02', reference: 'Check 10442' });
    answer(`POST ${ENTRIES_URL}`, json(ledgerOf([acv]), { status: 201 }));
    renderTab();
    const form = await screen.findByRole('form', { name: 'Add a money entry' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Amount ($)'), '13,138.28');
    await user.type(within(form).getByLabelText('Received on'), '2026-11-02');
    await user.type(within(form).getByLabelText('Check or reference number (optional)'), 'Check 10442');
    await user.click(within(form).getByRole('button', { name: 'Add entry' }));

    await waitFor(() => expect(sent(`POST ${ENTRIES_URL}`)).toHaveLength(1));
    expect(sent(`POST ${ENTRIES_URL}`)[0]?.body).toEqual({
      kind: 'payment_received',
      paymentType: 'acv_check',
      amountCents: 1_313_828,
      date: '2026-11-02',
      reference: 'Check 10442',
      expectedId: null,
      note: null,
    });
    expect(notify.success).toHaveBeenCalledWith('Entry added');
    // 1,825,037 - 1,313,828 = 511,209.
    await waitFor(() => expect(screen.getByTestId('money-balance')).toHaveTextContent('$5,112.09'));
    expect(screen.getByText('Payment received: Insurer ACV check, $13,138.28')).toBeInTheDocument();
  });

  it('settles the payment expected of the same type when one is received', async () => {
    const expected = entry({ kind: 'payment_expected', paymentType: 'depreciation_release', amountCents: 411_209 });
    answer(`GET ${LEDGER_URL}`, json(ledgerOf([expected])));
    answer(`POST ${ENTRIES_URL}`, json(ledgerOf([expected]), { status: 201 }));
    renderTab();
    const form = await screen.findByRole('form', { name: 'Add a money entry' });
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Payment'), 'depreciation_release');
    expect(within(form).getByLabelText('Settles an expected payment (optional)')).toHaveValue(expected.id);
    await user.type(within(form).getByLabelText('Amount ($)'), '4112.09');
    await user.type(within(form).getByLabelText('Received on'), '2026-12-10');
    await user.click(within(form).getByRole('button', { name: 'Add entry' }));
    await waitFor(() =>
      expect(sent(`POST ${ENTRIES_URL}`)[0]?.body).toMatchObject({
        kind: 'payment_received',
        paymentType: 'depreciation_release',
        amountCents: 411_209,
        expectedId: expected.id,
      }),
    );
  });

  it('warns at entry that a check dated in the future is expected, not received, and records it as expected', async () => {
    answer(`GET ${LEDGER_URL}`, json(ledgerOf([])));
    answer(`POST ${ENTRIES_URL}`, json(ledgerOf([]), { status: 201 }));
    renderTab();
    const form = await screen.findByRole('form', { name: 'Add a money entry' });
    const user = userEvent.setup();
    const now = new Date();
    const ahead = localToday(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 19));
    await user.type(within(form).getByLabelText('Amount ($)'), '3,200.00');
    await user.type(within(form).getByLabelText('Received on'), ahead);
    expect(within(form).getByRole('alert')).toHaveTextContent('Dated in 19 days: record it as expected?');
    await user.click(within(form).getByRole('button', { name: 'Record it as expected' }));
    expect(within(form).getByLabelText('What happened')).toHaveValue('payment_expected');
    expect(within(form).queryByText(/Dated in 19 days/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(sent(`POST ${ENTRIES_URL}`)[0]?.body).toMatchObject({ kind: 'payment_expected', amountCents: 320_000, date: ahead }));
  });

  it('calls out a supplement neither approved nor denied', async () => {
    const drip = entry({ kind: 'supplement_requested', label: 'Drip edge', amountCents: 733_839 });
    answer(`GET ${LEDGER_URL}`, json(ledgerOf([drip])));
    renderTab();
    expect(await screen.findByTestId('pending-supplement')).toHaveTextContent('Supplement "Drip edge" ($7,338.39) is neither approved nor denied.');
  });

  it('refuses an amount that is not dollars and cents without sending anything', async () => {
    answer(`GET ${LEDGER_URL}`, json(ledgerOf([])));
    renderTab();
    const form = await screen.findByRole('form', { name: 'Add a money entry' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Amount ($)'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Add entry' }));
    expect(await within(form).findByText('Enter an amount in dollars, such as 1,250.00.')).toBeInTheDocument();
    expect(sent(`POST ${ENTRIES_URL}`)).toHaveLength(0);
  });

  it("says why a ledger does not balance, offers the suggested status, and shows the server's refusal in the form", async () => {
    const received = entry({ kind: 'payment_received', paymentType: 'mortgage_endorsed', amountCents: 2_000_000, date: '2026-11-03' });
    answer(
      `GET ${LEDGER_URL}`,
      json(
        ledgerOf([received], {
          suggestedStatuses: [{ statusId: '77777777-7777-4777-8777-777777777777', key: 'paid', name: 'Paid' }],
          statusDisagreements: [{ code: 'depreciation_requested_not_expected', statusName: 'Depreciation requested', amountCents: 411_209 }],
        }),
      ),
    );
    answer(`POST ${ENTRIES_URL}`, apiError('LEDGER_FULL'));
    const onMoveStatus = vi.fn();
    renderTab(onMoveStatus);
    await waitFor(() => expect(screen.getByTestId('money-state')).toHaveTextContent('Does not balance'));
    // 2,000,000 received - 1,825,037 due = 174,963 too much.
    expect(screen.getByText('Received $1,749.63 more than the insurer approved plus the deductible.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The claim file is in "Depreciation requested", but no depreciation release is on the ledger ($4,112.09 of recoverable depreciation). Add it as a payment expected.',
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move to Paid' }));
    expect(onMoveStatus).toHaveBeenCalledWith(expect.objectContaining({ key: 'paid' }));

    const form = screen.getByRole('form', { name: 'Add a money entry' });
    await user.selectOptions(within(form).getByLabelText('What happened'), 'figure');
    await user.type(within(form).getByLabelText('Amount ($)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Add entry' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent("This claim file's ledger is full (500 entries).");
  });

  it('reverses an entry with the reason, and marks it reversed', async () => {
    const wrong = entry({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 705_000, date: '2026-11-02' });
    answer(`GET ${LEDGER_URL}`, json(ledgerOf([wrong])));
    const reversal = entry({ kind: 'reversal', relatedId: wrong.id, note: 'Typed the wrong amount' });
    answer(`POST ${ENTRIES_URL}`, json(ledgerOf([{ ...wrong, reversedById: reversal.id }, reversal]), { status: 201 }));
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reverse: Payment received: Insurer ACV check, $7,050.00' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Why'), 'Typed the wrong amount');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse entry' }));
    await waitFor(() => expect(sent(`POST ${ENTRIES_URL}`)[0]?.body).toEqual({ kind: 'reversal', reversesId: wrong.id, note: 'Typed the wrong amount' }));
    expect(await screen.findByText('Reversed')).toBeInTheDocument();
    expect(screen.getByText(/^Reverses:/)).toBeInTheDocument();
  });

  it('lets a member read but not write', async () => {
    answer(`GET ${LEDGER_URL}`, json(ledgerOf([entry({ kind: 'figure', figure: 'rcv', amountCents: 1_800_000 })], { canWrite: false })));
    renderTab();
    expect(await screen.findByText('Only company owners and managers record money on a claim file.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a money entry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
    expect(figureRow('RCV')).toHaveTextContent('approved$18,000.00');
  });
});
