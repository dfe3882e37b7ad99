import { describe, expect, it } from 'vitest';
import {
  approvedAmountWords,
  ASSIGNMENT_OF_BENEFITS_WARNING,
  DEFAULT_PROPOSAL_TERMS,
  mentionsAssignment,
  canEditProposal,
  coverLetterIncompleteMessage,
  defaultProposalOptions,
  documentFileName,
  fillCoverLetter,
  homeownerShare,
  missingCoverLetterFields,
  proposalApprovedFigure,
} from './documents';

describe('documentFileName', () => {
  it('keeps a title to characters every system accepts, as a .pdf', () => {
    expect(documentFileName('Photo report - 12 Shingle Way')).toBe('Photo report - 12 Shingle Way.pdf');
    expect(documentFileName('Roof "A"/B: \r\nx')).toBe('Roof -A-B- -x.pdf');
    expect(documentFileName('Résumé ü')).toBe('Resume u.pdf');
    expect(documentFileName('../..')).toBe('document.pdf');
    expect(documentFileName('x'.repeat(300))).toBe(`${'x'.repeat(120)}.pdf`);
  });
});

describe('fillCoverLetter', () => {
  it('fills known fields, shows a missing one by its label, and leaves unknown names as written', () => {
    expect(
      fillCoverLetter('Claim {{claim_number}} for {{ homeowner_name }}; {{policy_number}}; {{nope}}', { claim_number: 'CLM-1', homeowner_name: 'Pat' }),
    ).toBe('Claim CLM-1 for Pat; [Policy number]; {{nope}}');
  });
});

describe('the printed cover letter', () => {
  const template = 'Claim {{claim_number}}, policy {{policy_number}}; adjuster {{adjuster_name}}; again {{policy_number}}; {{nope}}';

  it('never prints a mark for a missing field', () => {
    const printed = fillCoverLetter(template, { claim_number: 'CLM-1' }, { missing: 'blank' });
    expect(printed).toBe('Claim CLM-1, policy ; adjuster ; again ; {{nope}}');
    expect(printed).not.toContain('[');
  });

  it('names each field the letter uses with no value, once, in the order it appears', () => {
    expect(missingCoverLetterFields(template, { claim_number: 'CLM-1', adjuster_name: '  ' }).map((f) => f.key)).toEqual(['policy_number', 'adjuster_name']);
    expect(missingCoverLetterFields(template, { claim_number: 'CLM-1', policy_number: 'HO-1', adjuster_name: 'Sam' })).toEqual([]);
    expect(coverLetterIncompleteMessage(missingCoverLetterFields(template, {}))).toBe(
      'The cover letter names what this claim file does not have yet: Claim number, Policy number, Adjuster. Fill them in on the claim file, or take them out of the letter.',
    );
  });
});

describe('homeownerShare', () => {
  const dollars = (n: number) => n * 100;

  it('at the approved amount: the insurer pays it less the deductible, the homeowner the deductible', () => {
    expect(homeownerShare({ priceCents: dollars(10_000), approvedCents: dollars(10_000), deductibleCents: dollars(1_000) })).toEqual({
      approvedCents: dollars(10_000),
      deductibleCents: dollars(1_000),
      insurerPaysCents: dollars(9_000),
      homeownerPaysCents: dollars(1_000),
      upgradeCents: 0,
    });
  });

  it('above the approved amount: the homeowner pays the deductible and the upgrade', () => {
    expect(homeownerShare({ priceCents: dollars(12_345), approvedCents: dollars(10_000), deductibleCents: dollars(1_000) })).toMatchObject({
      insurerPaysCents: dollars(9_000),
      homeownerPaysCents: dollars(3_345),
      upgradeCents: dollars(2_345),
    });
  });

  it('below the approved amount: the insurer pays the price less the deductible', () => {
    expect(homeownerShare({ priceCents: dollars(8_000), approvedCents: dollars(10_000), deductibleCents: dollars(1_000) })).toMatchObject({
      insurerPaysCents: dollars(7_000),
      homeownerPaysCents: dollars(1_000),
      upgradeCents: 0,
    });
  });

  it('under the deductible, or with nothing approved, the homeowner pays it all; amounts below zero count as zero', () => {
    expect(homeownerShare({ priceCents: dollars(500), approvedCents: dollars(10_000), deductibleCents: dollars(1_000) })).toMatchObject({
      insurerPaysCents: 0,
      homeownerPaysCents: dollars(500),
    });
    expect(homeownerShare({ priceCents: dollars(9_000), approvedCents: 0, deductibleCents: dollars(1_000) })).toMatchObject({
      insurerPaysCents: 0,
      homeownerPaysCents: dollars(9_000),
      upgradeCents: dollars(9_000),
    });
    expect(homeownerShare({ priceCents: dollars(9_000), approvedCents: dollars(10_000), deductibleCents: -5 })).toMatchObject({
      deductibleCents: 0,
      insurerPaysCents: dollars(9_000),
      homeownerPaysCents: 0,
    });
  });

  it('always splits the whole price', () => {
    for (const [price, approved, deductible] of [
      [1, 2, 3],
      [1_000_00, 999_99, 250_00],
      [5_000_00, 5_000_00, 5_000_00],
      [0, 1_000_00, 100_00],
    ] as const) {
      const share = homeownerShare({ priceCents: price, approvedCents: approved, deductibleCents: deductible });
      expect(share.insurerPaysCents + share.homeownerPaysCents).toBe(price);
    }
  });
});

describe('canEditProposal', () => {
  const roles = ['owner', 'manager', 'member'] as const;
  const who = (proposal: Parameters<typeof canEditProposal>[2]) => roles.filter((role) => canEditProposal(role, 'me', proposal));

  it("lets the member who prepared a proposal change it, and owners and managers anyone's, until it is signed", () => {
    expect(who({ status: 'draft', createdBy: 'me' })).toEqual(['owner', 'manager', 'member']);
    expect(who({ status: 'sent', createdBy: 'me' })).toEqual(['owner', 'manager', 'member']);
    expect(who({ status: 'draft', createdBy: 'colleague' })).toEqual(['owner', 'manager']);
    expect(who({ status: 'sent', createdBy: 'colleague' })).toEqual(['owner', 'manager']);
    expect(who({ status: 'draft', createdBy: null })).toEqual(['owner', 'manager']);
    expect(who({ status: 'signed', createdBy: 'me' })).toEqual([]);
  });
});

describe('the proposal’s figures, in cents', () => {
  it('prices the good option at the figure itself and the others whole dollars above it: the upgrade is never a rounding remainder', () => {
    for (const base of [2_039_660, 773_880, 1_000_000, 1, 0, 99_999_999]) {
      const options = defaultProposalOptions(base);
      expect(options[0]?.priceCents).toBe(base);
      for (const option of options) {
        expect(Number.isInteger(option.priceCents)).toBe(true);
        const share = homeownerShare({ priceCents: option.priceCents, approvedCents: base, deductibleCents: 100_000 });
        expect(share.upgradeCents % 100).toBe(0);
        expect(share.insurerPaysCents + share.homeownerPaysCents).toBe(option.priceCents);
      }
    }
    expect(defaultProposalOptions(2_039_660).map((o) => o.priceCents)).toEqual([2_039_660, 2_284_460, 2_610_760]);
  });

  it('shows the insurer’s figure once the ledger has one, until signed; a typed amount stays; our estimate is never called approved', () => {
    const draft = { status: 'draft' as const, approvedCents: 2_039_660, approvedSource: 'estimate' as const };
    expect(proposalApprovedFigure(draft, null)).toEqual({ approvedCents: 2_039_660, approvedSource: 'estimate' });
    expect(proposalApprovedFigure(draft, { approvedCents: 2_160_000 })).toEqual({ approvedCents: 2_160_000, approvedSource: 'insurer' });
    expect(proposalApprovedFigure({ ...draft, approvedSource: 'typed' }, { approvedCents: 2_160_000 })).toEqual({
      approvedCents: 2_039_660,
      approvedSource: 'typed',
    });
    expect(proposalApprovedFigure({ status: 'signed', approvedCents: 2_160_000, approvedSource: 'insurer' }, { approvedCents: 9 })).toEqual({
      approvedCents: 2_160_000,
      approvedSource: 'insurer',
    });
    expect(approvedAmountWords('estimate').label).not.toMatch(/^Approved/);
    expect(approvedAmountWords('insurer').label).toBe('Approved by your insurance');
  });
});

describe('assignment of insurance benefits in proposal terms', () => {
  it('the default terms assign nothing, and every default option carries them', () => {
    expect(mentionsAssignment(DEFAULT_PROPOSAL_TERMS)).toBe(false);
    expect(DEFAULT_PROPOSAL_TERMS).not.toMatch(/proceeds are assigned/i);
    expect(defaultProposalOptions(1_000_000).every((o) => o.terms === DEFAULT_PROPOSAL_TERMS)).toBe(true);
  });

  it('finds an assignment however it is worded, in any case', () => {
    for (const terms of [
      'Insurance proceeds are assigned to the contractor up to the contract price.',
      'The homeowner hereby ASSIGNS all benefits under the policy.',
      'An Assignment of Benefits is attached.',
      'Homeowner signs the AOB at inspection.',
      'See the a.o.b. form.',
      'The contractor is the assignee of the claim.',
    ]) {
      expect(mentionsAssignment(terms), terms).toBe(true);
    }
  });

  it('leaves terms without one alone', () => {
    for (const terms of [
      '50% due at material delivery, balance on completion.',
      'Signed by the homeowner; a bobcat may be used.',
      'Reassessment of the scope after tear-off.',
      '',
    ]) {
      expect(mentionsAssignment(terms), terms).toBe(false);
    }
  });

  it('warns in the words the product shows', () => {
    expect(ASSIGNMENT_OF_BENEFITS_WARNING).toBe('Assignments of insurance benefits are restricted or void in several states; have your attorney review them.');
  });
});
