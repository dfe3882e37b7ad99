import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_CLAUSES,
  agreementClausesFor,
  agreementStateProblem,
  attorneyReviewLine,
  cancelByDate,
  cancellationHolidays,
  clauseReviewMark,
  DEFAULT_AGREEMENT_TEMPLATE,
  fillNoticeOfCancellation,
  isCancellationBusinessDay,
  missingClausesMessage,
  missingRequiredClauses,
  missingTemplateFields,
  NOTICE_OF_CANCELLATION,
  requiredClauses,
  type AgreementClauseId,
} from './agreement-clauses';
import { US_STATE_CODES } from './ice-barrier';

const EVERY_STATE: AgreementClauseId[] = ['ftc-cancel-statement', 'ftc-notice-of-cancellation'];
const ids = (clauses: readonly { id: string }[]) => clauses.map((c) => c.id);
const without = (id: AgreementClauseId) => ({ clauseIds: DEFAULT_AGREEMENT_TEMPLATE.clauseIds.filter((c) => c !== id) });

describe('the cancel-by date (midnight of the third business day after the sale)', () => {
  it('does not count the day of the sale, and counts Saturdays', () => {
    // Wednesday Dec 2, 2026: Thursday, Friday, Saturday.
    expect(cancelByDate('2026-12-02')).toBe('2026-12-05');
  });

  it('skips a Sunday', () => {
    // Friday Dec 4, 2026: Saturday, (Sunday), Monday, Tuesday.
    expect(cancelByDate('2026-12-04')).toBe('2026-12-08');
    expect(cancelByDate('2026-12-05')).toBe('2026-12-09');
    expect(cancelByDate('2026-12-06')).toBe('2026-12-09');
  });

  it('skips a federal holiday the rule lists', () => {
    // Tuesday Nov 24, 2026: Wednesday, (Thanksgiving), Friday, Saturday.
    expect(cancelByDate('2026-11-24')).toBe('2026-11-28');
  });

  it('skips a weekend and a Monday holiday together', () => {
    // Friday Sep 4, 2026: Saturday, (Sunday), (Labor Day), Tuesday, Wednesday.
    expect(cancelByDate('2026-09-04')).toBe('2026-09-09');
  });

  it('skips a weekend holiday both on its day and on the weekday it is observed', () => {
    // July 4, 2026 is a Saturday, observed Friday July 3: Thursday July 2 runs to Monday, Tuesday, Wednesday.
    expect(cancelByDate('2026-07-02')).toBe('2026-07-08');
    // Christmas 2027 is a Saturday (observed Friday Dec 24); New Year's Day 2028 too (observed Friday Dec 31, 2027).
    expect(cancelByDate('2027-12-23')).toBe('2027-12-29');
    expect(cancelByDate('2027-12-30')).toBe('2028-01-05');
  });

  it('counts Juneteenth, which the rule does not list', () => {
    // Thursday June 18, 2026: Friday (Juneteenth), Saturday, (Sunday), Monday.
    expect(cancelByDate('2026-06-18')).toBe('2026-06-22');
  });

  it('lists the ten holidays on their dates', () => {
    expect(cancellationHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-07-03',
      '2026-07-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    expect(cancellationHolidays(2027)).toContain('2027-12-31');
    expect(isCancellationBusinessDay('2026-12-05')).toBe(true);
    expect(isCancellationBusinessDay('2026-12-06')).toBe(false);
    expect(isCancellationBusinessDay('2026-12-25')).toBe(false);
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => cancelByDate('2026-02-30')).toThrow(RangeError);
    expect(() => cancelByDate('12/04/2026')).toThrow(RangeError);
  });
});

describe('the Notice of Cancellation', () => {
  it('is a separate bold form of at least 10 points, in two copies, with the fields the seller fills in', () => {
    expect(NOTICE_OF_CANCELLATION.print).toEqual({ bold: true, minPointSize: 10, placement: 'separate-form', copies: 2 });
    expect(NOTICE_OF_CANCELLATION.fields).toEqual(['transaction_date', 'company_name', 'company_address', 'cancel_by_date']);
  });

  it('fills in the date of the sale, the seller and the computed cancel-by date', () => {
    const filled = fillNoticeOfCancellation({ transactionDate: '2026-12-04', sellerName: 'Summit Roofing', sellerAddress: '12 Main St, Edmond, OK 73034' });
    expect(filled[0]).toBe('Dec 4, 2026');
    expect(filled.join('\n')).toContain('to Summit Roofing, at 12 Main St, Edmond, OK 73034 not later than midnight of Dec 8, 2026.');
    expect(filled.join('\n')).not.toContain('{{');
  });
});

describe('requiredClauses', () => {
  it('always requires the every-state clauses, whatever the states', () => {
    for (const state of [...US_STATE_CODES, null, undefined, '', 'XX', 'Texas']) {
      expect(ids(requiredClauses({ companyState: state, propertyState: state }))).toEqual(expect.arrayContaining(EVERY_STATE));
    }
  });

  it("adds the property's state and the company's own state", () => {
    expect(ids(requiredClauses({ companyState: 'OK', propertyState: 'TX' }))).toEqual([...EVERY_STATE, 'tx-no-public-adjusting', 'tx-deductible']);
    expect(ids(requiredClauses({ companyState: 'CO', propertyState: 'OK' }))).toEqual([
      ...EVERY_STATE,
      'co-written-contract',
      'co-rescission',
      'co-trust',
      'co-deductible',
    ]);
    expect(ids(requiredClauses({ companyState: 'MN', propertyState: 'SC' }))).toEqual([
      ...EVERY_STATE,
      'mn-deductible',
      'mn-cancel-after-denial',
      'sc-cancel-after-denial',
    ]);
  });

  it('reads a state written in any case or with spaces, and ignores one that is not a state', () => {
    expect(ids(requiredClauses({ companyState: null, propertyState: ' tx ' }))).toContain('tx-deductible');
    expect(ids(requiredClauses({ companyState: null, propertyState: 'Colorado' }))).toContain('co-trust');
    expect(ids(requiredClauses({ companyState: 'XX', propertyState: null }))).toEqual(EVERY_STATE);
    expect(ids(requiredClauses({ companyState: 'OK', propertyState: 'OK' }))).toEqual(EVERY_STATE);
  });

  it('says when the property state is unknown', () => {
    expect(agreementStateProblem({ companyState: 'TX', propertyState: 'XX' })).toMatch(/state is not known/);
    expect(agreementStateProblem({ companyState: null, propertyState: null })).toMatch(/state is not known/);
    expect(agreementStateProblem({ companyState: null, propertyState: 'co' })).toBeNull();
  });
});

describe('missingRequiredClauses', () => {
  it('the default template lacks nothing in any state', () => {
    for (const state of US_STATE_CODES) {
      expect(missingRequiredClauses(DEFAULT_AGREEMENT_TEMPLATE, { companyState: state, propertyState: state })).toEqual([]);
    }
  });

  it.each([
    ['TX', 'tx-no-public-adjusting'],
    ['TX', 'tx-deductible'],
    ['CO', 'co-written-contract'],
    ['CO', 'co-rescission'],
    ['CO', 'co-trust'],
    ['CO', 'co-deductible'],
    ['MN', 'mn-deductible'],
    ['MN', 'mn-cancel-after-denial'],
    ['SC', 'sc-cancel-after-denial'],
  ] as const)('%s: a template without %s is refused naming it', (state, id) => {
    const missing = missingRequiredClauses(without(id), { companyState: null, propertyState: state });
    expect(ids(missing)).toEqual([id]);
    expect(missingClausesMessage(missing)).toBe(`The agreement must include: ${missing[0]?.title}.`);
    // The same clause is required when it is the company's state and the home is elsewhere.
    expect(ids(missingRequiredClauses(without(id), { companyState: state, propertyState: 'OK' }))).toEqual([id]);
    // And not where neither state is that one.
    expect(missingRequiredClauses(without(id), { companyState: 'OK', propertyState: 'OK' })).toEqual([]);
  });

  it.each(EVERY_STATE)('every state, even an unknown one: a template without %s is refused naming it', (id) => {
    for (const state of ['OK', 'TX', 'XX', null]) {
      expect(ids(missingRequiredClauses(without(id), { companyState: state, propertyState: state }))).toEqual([id]);
    }
  });

  it('names every missing clause in one message', () => {
    const missing = missingRequiredClauses({ clauseIds: [] }, { companyState: null, propertyState: 'TX' });
    expect(missingClausesMessage(missing)).toBe(
      'The agreement must include: Three-day right to cancel (beside your signature), Notice of Cancellation (two copies), We do not handle your claim for you (Texas), You pay your deductible (Texas).',
    );
  });
});

describe('the default template', () => {
  it('lists every clause once and every field its clauses use', () => {
    expect([...DEFAULT_AGREEMENT_TEMPLATE.clauseIds].sort()).toEqual(ids(AGREEMENT_CLAUSES).sort());
    expect(new Set(DEFAULT_AGREEMENT_TEMPLATE.clauseIds).size).toBe(DEFAULT_AGREEMENT_TEMPLATE.clauseIds.length);
    expect(missingTemplateFields(DEFAULT_AGREEMENT_TEMPLATE)).toEqual([]);
    expect(missingTemplateFields({ ...DEFAULT_AGREEMENT_TEMPLATE, fields: DEFAULT_AGREEMENT_TEMPLATE.fields.filter((f) => f !== 'company_insurers') })).toEqual(
      ['company_insurers'],
    );
  });

  it('needs the claim facts the brief names: homeowner, address, carrier, claim number, date of loss, scope, price basis', () => {
    expect(DEFAULT_AGREEMENT_TEMPLATE.fields).toEqual(
      expect.arrayContaining(['homeowner_name', 'property_address', 'carrier_name', 'claim_number', 'date_of_loss', 'scope', 'price_basis']),
    );
  });

  it("prints a state's clauses only on that state's agreements, the cancellation statement and form last", () => {
    const printed = ids(agreementClausesFor(DEFAULT_AGREEMENT_TEMPLATE, { companyState: 'OK', propertyState: 'SC' }));
    expect(printed).toEqual(['parties-and-claim', 'inspection-and-repair', 'price-basis', 'contractor-contact', 'sc-cancel-after-denial', ...EVERY_STATE]);
  });

  it('assigns no insurance benefits', () => {
    for (const clause of AGREEMENT_CLAUSES) expect(clause.text).not.toMatch(/\bassign|\bAOB\b/i);
  });
});

describe('every clause is marked unverified', () => {
  it('carries the commonly-reported mark, no counsel verification, and a statute when it is required', () => {
    for (const clause of AGREEMENT_CLAUSES) {
      expect(clause.verifiedByCounsel).toBe(false);
      expect(clauseReviewMark(clause)).toMatch(/not verified by counsel$/);
      if (clause.required) {
        expect(clause.statute).toBeTruthy();
        expect(clauseReviewMark(clause)).toBe('Commonly reported; not verified by counsel');
      }
    }
  });

  it('asks the company to have its attorney review the clause for its state', () => {
    expect(attorneyReviewLine('TX')).toBe('Have your attorney review this clause for Texas.');
    expect(attorneyReviewLine(null)).toBe('Have your attorney review this clause for your state.');
  });

  it('keeps the print rules as data: bold 10-point beside the signature, bold 10-point in South Carolina', () => {
    const byId = (id: AgreementClauseId) => AGREEMENT_CLAUSES.find((c) => c.id === id);
    expect(byId('ftc-cancel-statement')?.print).toEqual({ bold: true, minPointSize: 10, placement: 'beside-signature', copies: 1 });
    expect(byId('sc-cancel-after-denial')?.print).toEqual({ bold: true, minPointSize: 10, placement: 'body', copies: 1 });
    expect(byId('co-trust')?.print.bold).toBe(true);
    expect(byId('mn-deductible')).toMatchObject({ alsoOn: ['first-estimate'] });
  });
});
