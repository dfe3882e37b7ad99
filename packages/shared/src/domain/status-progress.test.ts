import { describe, expect, it } from 'vitest';
import { reconcileLedger, type LedgerEntryInput } from './ledger';
import { DEFAULT_PIPELINE } from './pipeline';
import { STATUS_MOVE_CAUSES, STATUS_MOVE_CAUSE_TEXT, STATUS_MOVE_REQUIRES, STATUS_MOVE_TARGETS, ledgerMoveCauses, ledgerStatusKeys } from './status-progress';

let nextId = 0;
function entry(fields: Partial<LedgerEntryInput> & Pick<LedgerEntryInput, 'kind'>): LedgerEntryInput {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    figure: null,
    paymentType: null,
    amountCents: null,
    label: null,
    relatedId: null,
    ...fields,
  };
}

// The estimate: RCV $18,250.37, depreciation $4,112.09; the claim file's deductible $1,000.00.
const estimate = { figuresFrom: 'estimate' as const, rcvCents: 1_825_037, acvCents: 1_413_828, depreciationCents: 411_209, deductibleCents: 100_000 };
const causesOf = (entries: LedgerEntryInput[]) => ledgerMoveCauses(entries, reconcileLedger(entries, estimate));
const keysOf = (entries: LedgerEntryInput[]) => ledgerStatusKeys(entries, reconcileLedger(entries, estimate));

describe('what moves a claim file forward', () => {
  it('every cause points to a status of the default pipeline, open, and has its words', () => {
    const keys = new Set<string>(DEFAULT_PIPELINE.filter((status) => !status.isClosed).map((status) => status.key));
    for (const cause of STATUS_MOVE_CAUSES) {
      expect(keys.has(STATUS_MOVE_TARGETS[cause]), cause).toBe(true);
      expect(STATUS_MOVE_CAUSE_TEXT[cause]).toMatch(/^[a-z]/);
    }
    for (const required of Object.values(STATUS_MOVE_REQUIRES)) expect(keys.has(required)).toBe(true);
  });

  it('a signed proposal takes the file to the build only once the claim is approved', () => {
    expect(STATUS_MOVE_TARGETS.proposal_signed).toBe('build_scheduled');
    expect(STATUS_MOVE_REQUIRES.proposal_signed).toBe('approved');
  });
});

describe('what the ledger proves about the claim', () => {
  it('nothing while only our estimate stands', () => {
    expect(causesOf([])).toEqual([]);
    expect(keysOf([])).toEqual([]);
  });

  it("the insurer's RCV: Approved; its payment: Approved; the homeowner's deductible alone: nothing", () => {
    const rcv = entry({ kind: 'figure', figure: 'rcv', amountCents: 1_825_037 });
    expect(causesOf([rcv])).toEqual(['insurer_figures']);
    expect(keysOf([rcv])).toEqual(['approved']);
    expect(causesOf([entry({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 1_313_828 })])).toEqual(['insurer_payment']);
    expect(causesOf([entry({ kind: 'payment_received', paymentType: 'deductible', amountCents: 100_000 })])).toEqual([]);
  });

  it('a supplement waiting and a depreciation release asked: the furthest first', () => {
    const expected = entry({ kind: 'payment_expected', paymentType: 'depreciation_release', amountCents: 411_209 });
    const supplement = entry({ kind: 'supplement_requested', amountCents: 10_000, label: 'Flashing' });
    const entries = [entry({ kind: 'figure', figure: 'rcv', amountCents: 1_825_037 }), expected, supplement];
    expect(causesOf(entries)).toEqual(['insurer_figures', 'supplement_requested', 'depreciation_requested']);
    expect(keysOf(entries)).toEqual(['depreciation_requested', 'supplement_requested', 'approved']);
    // The supplement decided: it no longer waits.
    const decided = [...entries, entry({ kind: 'supplement_denied', relatedId: supplement.id })];
    expect(causesOf(decided)).not.toContain('supplement_requested');
    // A reversed request asks for nothing.
    const reversed = [entries[0] as LedgerEntryInput, expected, entry({ kind: 'reversal', relatedId: expected.id })];
    expect(causesOf(reversed)).toEqual(['insurer_figures']);
  });

  it('paid in full: Paid, furthest of all', () => {
    const entries = [
      entry({ kind: 'figure', figure: 'rcv', amountCents: 1_825_037 }),
      entry({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 1_313_828 }),
      entry({ kind: 'payment_received', paymentType: 'depreciation_release', amountCents: 411_209 }),
      entry({ kind: 'payment_received', paymentType: 'deductible', amountCents: 100_000 }),
    ];
    expect(causesOf(entries)).toContain('paid_in_full');
    expect(keysOf(entries)[0]).toBe('paid');
  });
});
