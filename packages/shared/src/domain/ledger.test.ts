import { describe, expect, it } from 'vitest';
import {
  daysAfter,
  futureReceivedWarning,
  insurerApproved,
  ledgerIssueText,
  pendingSupplements,
  pendingSupplementText,
  reconcileLedger,
  statusDisagreements,
  statusDisagreementText,
  type LedgerEntryInput,
} from './ledger';
import { ledgerMoveCauses } from './status-progress';

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

// The estimate: RCV $18,250.37, depreciation $4,112.09, so ACV $14,138.28; the claim file's deductible $1,000.00.
const estimate = { figuresFrom: 'estimate' as const, rcvCents: 1_825_037, acvCents: 1_413_828, depreciationCents: 411_209, deductibleCents: 100_000 };

describe('reconcileLedger', () => {
  it('starts from the estimate and the claim file, shown as such, with nothing received', () => {
    const summary = reconcileLedger([], estimate);
    expect(summary.rcv).toEqual({ amountCents: 1_825_037, source: 'estimate' });
    expect(summary.recoverableDepreciation).toEqual({ amountCents: 411_209, source: 'estimate' });
    expect(summary.deductible).toEqual({ amountCents: 100_000, source: 'claim_file' });
    // insurer: 1,825,037 - 0 non-recoverable - 100,000 deductible = 1,725,037; plus the deductible = 1,825,037.
    expect(summary.insurerApprovedCents).toBe(1_725_037);
    expect(summary.totalDueCents).toBe(1_825_037);
    expect(summary.balanceDueCents).toBe(1_825_037);
    expect(summary.issues).toEqual([]);
    expect(summary.state).toBe('balance_due');
  });

  it('says there is nothing to reconcile with no estimate and no entry', () => {
    const summary = reconcileLedger([], { figuresFrom: 'claim_file', rcvCents: null, acvCents: null, depreciationCents: null, deductibleCents: null });
    expect(summary.state).toBe('no_figures');
    expect(summary.balanceDueCents).toBe(0);
  });

  it('reconciles approved figures, supplements and payments to zero, to the cent', () => {
    const supplement = entry({ kind: 'supplement_requested', amountCents: 120_055, label: 'Drip edge' });
    const expectedDepreciation = entry({ kind: 'payment_expected', paymentType: 'depreciation_release', amountCents: 400_001 });
    const entries = [
      entry({ kind: 'figure', figure: 'rcv', amountCents: 1_800_000 }),
      entry({ kind: 'figure', figure: 'acv', amountCents: 1_389_999 }),
      entry({ kind: 'figure', figure: 'recoverable_depreciation', amountCents: 400_001 }),
      entry({ kind: 'figure', figure: 'non_recoverable_depreciation', amountCents: 10_000 }),
      entry({ kind: 'figure', figure: 'deductible', amountCents: 125_000 }),
      supplement,
      entry({ kind: 'supplement_approved', relatedId: supplement.id, amountCents: 100_050 }),
      entry({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 1_264_999 }),
      expectedDepreciation,
      entry({ kind: 'payment_received', paymentType: 'depreciation_release', amountCents: 400_001, relatedId: expectedDepreciation.id }),
      entry({ kind: 'payment_received', paymentType: 'supplement_check', amountCents: 100_050 }),
    ];
    const summary = reconcileLedger(entries, estimate);
    // The ACV check is ACV - deductible = 1,389,999 - 125,000 = 1,264,999.
    // insurer: 1,800,000 RCV + 100,050 supplement - 10,000 non-recoverable - 125,000 deductible = 1,765,050.
    expect(summary.insurerApprovedCents).toBe(1_765_050);
    // total due: 1,765,050 + 125,000 = 1,890,050.
    expect(summary.totalDueCents).toBe(1_890_050);
    // received from the insurer: 1,264,999 + 400,001 + 100,050 = 1,765,050, all it approved.
    expect(summary.receivedCents).toBe(1_765_050);
    expect(summary.receivedFromInsurerCents).toBe(1_765_050);
    expect(summary.deductibleReceivedCents).toBe(0);
    expect(summary.depreciationReleasedCents).toBe(400_001);
    expect(summary.expectedOutstandingCents).toBe(0);
    // 1,890,050 - 1,765,050 = 125,000: the homeowner's deductible is what is left.
    expect(summary.balanceDueCents).toBe(125_000);
    // ACV 1,389,999 + 400,001 + 10,000 = 1,800,000 = RCV: no ACV issue.
    expect(summary.issues).toEqual([]);
    expect(summary.state).toBe('balance_due');

    // The homeowner pays the deductible: 1,765,050 + 125,000 = 1,890,050, the balance is 0.
    const paid = reconcileLedger([...entries, entry({ kind: 'payment_received', paymentType: 'deductible', amountCents: 125_000 })], estimate);
    expect(paid.balanceDueCents).toBe(0);
    expect(paid.state).toBe('paid_in_full');
    expect(ledgerMoveCauses(entries, paid)).toContain('paid_in_full');
  });

  it('lets the latest figure win and ignores reversed entries', () => {
    const first = entry({ kind: 'figure', figure: 'rcv', amountCents: 1_000_000 });
    const payment = entry({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 500_000 });
    const entries = [
      first,
      entry({ kind: 'figure', figure: 'rcv', amountCents: 1_100_000 }),
      payment,
      entry({ kind: 'reversal', relatedId: payment.id }),
      entry({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 499_999 }),
    ];
    const summary = reconcileLedger(entries, estimate);
    expect(summary.rcv).toEqual({ amountCents: 1_100_000, source: 'approved' });
    expect(summary.receivedCents).toBe(499_999);
    // 1,100,000 - 100,000 deductible + 100,000 deductible - 499,999 received = 600,001.
    expect(summary.balanceDueCents).toBe(600_001);
  });

  it('says why a ledger does not balance', () => {
    const supplement = entry({ kind: 'supplement_requested', amountCents: 50_000, label: 'Ice and water shield' });
    const entries = [
      entry({ kind: 'figure', figure: 'rcv', amountCents: 1_000_000 }),
      entry({ kind: 'figure', figure: 'acv', amountCents: 800_000 }),
      entry({ kind: 'figure', figure: 'recoverable_depreciation', amountCents: 150_000 }),
      entry({ kind: 'figure', figure: 'deductible', amountCents: 100_000 }),
      supplement,
      entry({ kind: 'supplement_approved', relatedId: supplement.id, amountCents: 60_000 }),
      entry({ kind: 'payment_received', paymentType: 'depreciation_release', amountCents: 150_100 }),
      entry({ kind: 'payment_received', paymentType: 'mortgage_endorsed', amountCents: 900_000 }),
      entry({ kind: 'payment_received', paymentType: 'deductible', amountCents: 100_500 }),
    ];
    const summary = reconcileLedger(entries, estimate);
    // total due: 1,000,000 + 60,000 - 0 - 100,000 + 100,000 = 1,060,000; received 150,100 + 900,000 + 100,500 = 1,150,600.
    expect(summary.balanceDueCents).toBe(-90_600);
    expect(summary.state).toBe('does_not_balance');
    expect(summary.issues).toEqual([
      { code: 'received_above_total', amountCents: 90_600, label: null },
      // 60,000 approved - 50,000 requested = 10,000.
      { code: 'supplement_approved_above_requested', amountCents: 10_000, label: 'Ice and water shield' },
      // 150,100 released - 150,000 recoverable = 100.
      { code: 'depreciation_released_above_recoverable', amountCents: 100, label: null },
      // 100,500 paid - 100,000 deductible = 500.
      { code: 'deductible_received_above_deductible', amountCents: 500, label: null },
      // 1,000,000 - 150,000 - 0 - 800,000 = 50,000.
      { code: 'acv_does_not_match', amountCents: 50_000, label: null },
    ]);
    expect(summary.issues.map(ledgerIssueText)).toEqual([
      'Received $906.00 more than the insurer approved plus the deductible.',
      'The supplement "Ice and water shield" was approved $100.00 above what was requested.',
      'Depreciation released is $1.00 above the recoverable depreciation.',
      'The homeowner paid $5.00 more than the deductible.',
      'ACV plus depreciation is $500.00 away from the RCV.',
    ]);
  });

  it('reads O&P as approved, not approved or undecided, and supplements as pending, approved or denied', () => {
    const pending = entry({ kind: 'supplement_requested', amountCents: 20_000, label: 'Starter' });
    const denied = entry({ kind: 'supplement_requested', amountCents: 30_000, label: 'Vents' });
    const entries = [pending, denied, entry({ kind: 'supplement_denied', relatedId: denied.id }), entry({ kind: 'figure', figure: 'op', amountCents: 0 })];
    const summary = reconcileLedger(entries, estimate);
    expect(summary.op).toEqual({ status: 'not_approved', amountCents: 0 });
    expect(summary.supplements.map((s) => s.status)).toEqual(['pending', 'denied']);
    expect(summary.supplementsRequestedCents).toBe(50_000);
    expect(summary.supplementsDeniedCents).toBe(30_000);
    expect(summary.supplementsApprovedCents).toBe(0);
    expect(reconcileLedger([], estimate).op.status).toBe('undecided');
  });
});

describe('statusDisagreements', () => {
  it('says when the claim file is in Paid with money still due, or in Depreciation requested with no release on the ledger', () => {
    const received = [entry({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 1_313_828 })];
    const summary = reconcileLedger(received, estimate);
    // 1,825,037 due - 1,313,828 received = 511,209.
    const paid = statusDisagreements({ key: 'paid', name: 'Paid' }, received, summary);
    expect(paid).toEqual([{ code: 'paid_with_balance_due', statusName: 'Paid', amountCents: 511_209 }]);
    expect(paid.map(statusDisagreementText)).toEqual(['The claim file is in "Paid", but the ledger is not paid in full ($5,112.09 off).']);
    // 411,209 recoverable, nothing released.
    expect(statusDisagreements({ key: 'depreciation_requested', name: 'Depreciation requested' }, received, summary)).toEqual([
      { code: 'depreciation_requested_not_expected', statusName: 'Depreciation requested', amountCents: 411_209 },
    ]);
    const asked = [...received, entry({ kind: 'payment_expected', paymentType: 'depreciation_release', amountCents: 411_209 })];
    expect(statusDisagreements({ key: 'depreciation_requested', name: 'Depreciation requested' }, asked, reconcileLedger(asked, estimate))).toEqual([]);
    expect(statusDisagreements({ key: 'approved', name: 'Approved' }, received, summary)).toEqual([]);
  });
});

describe('what the insurer has approved (the one rule the documents read)', () => {
  const entry = (id: string, kind: LedgerEntryInput['kind'], rest: Partial<LedgerEntryInput> = {}): LedgerEntryInput => ({
    id,
    kind,
    figure: null,
    paymentType: null,
    amountCents: null,
    label: null,
    relatedId: null,
    ...rest,
  });
  const start = { figuresFrom: 'estimate' as const, rcvCents: 2_039_660, acvCents: null, depreciationCents: null, deductibleCents: 100_000 };

  it('is nothing while the ledger has no approved RCV: our estimate is not the insurer’s', () => {
    expect(insurerApproved(reconcileLedger([], start))).toBeNull();
  });

  it('is the approved RCV plus the approved supplements, never a pending or denied one, with the approved deductible', () => {
    const entries = [
      entry('rcv', 'figure', { figure: 'rcv', amountCents: 1_840_000 }),
      entry('s1', 'supplement_requested', { label: 'Drip edge', amountCents: 320_000 }),
      entry('a1', 'supplement_approved', { relatedId: 's1', amountCents: 320_000 }),
      entry('s2', 'supplement_requested', { label: 'Ice barrier', amountCents: 733_839 }),
      entry('s3', 'supplement_requested', { label: 'Vents', amountCents: 10_000 }),
      entry('d3', 'supplement_denied', { relatedId: 's3' }),
    ];
    const summary = reconcileLedger(entries, start);
    expect(insurerApproved(summary)).toEqual({ rcvCents: 1_840_000, supplementsApprovedCents: 320_000, approvedCents: 2_160_000, deductibleCents: null });
    expect(pendingSupplements(summary).map((s) => s.label)).toEqual(['Ice barrier']);
    expect(pendingSupplementText(pendingSupplements(summary)[0] ?? { label: '', requestedCents: 0 })).toBe(
      'Supplement "Ice barrier" ($7,338.39) is neither approved nor denied.',
    );
    const withDeductible = reconcileLedger([...entries, entry('ded', 'figure', { figure: 'deductible', amountCents: 150_000 })], start);
    expect(insurerApproved(withDeductible)?.deductibleCents).toBe(150_000);
  });
});

describe('a check dated in the future', () => {
  it('is warned at entry in days, and today or before is not', () => {
    expect(futureReceivedWarning('2026-12-21', '2026-12-02')).toBe('Dated in 19 days: record it as expected?');
    expect(futureReceivedWarning('2026-12-03', '2026-12-02')).toBe('Dated in 1 day: record it as expected?');
    expect(futureReceivedWarning('2026-12-02', '2026-12-02')).toBeNull();
    expect(futureReceivedWarning('2026-11-30', '2026-12-02')).toBeNull();
    expect(daysAfter('2027-01-01', '2026-12-31')).toBe(1);
  });
});
