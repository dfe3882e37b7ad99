import { CONFIDENCE_LABELS, type Confidence } from './assistant';
import { stateName, usState, type UsState } from './ice-barrier';
import { formatCalendarDate } from './time-zones';

// The clauses a contingency agreement (the homeowner's inspection and repair authorization, signed
// before any work) carries, and which of them the law of a state requires.
//
// None of this has been reviewed by a lawyer. Each rule below is written as it is commonly reported
// (statute aggregators, trade associations, state agency pages), never as verified law: every clause
// says so, and carries a line asking the company to have its attorney review it for its state. A
// clause's text is in our own plain words, except where a rule prescribes the words themselves (the
// federal cancellation statement and its form), where we keep to the prescribed words.
//
// The product only handles insurance claims, so every job is paid, at least in part, from a property
// insurance policy's proceeds: the state rules below that apply only to insurance-funded roofing
// work always apply here.

/** The fill-in fields an agreement needs from the claim file and the company, with their labels. */
export const AGREEMENT_FIELDS = [
  { key: 'homeowner_name', label: 'Homeowner' },
  { key: 'property_address', label: 'Property address' },
  { key: 'carrier_name', label: 'Carrier' },
  { key: 'claim_number', label: 'Claim number' },
  { key: 'date_of_loss', label: 'Date of loss' },
  { key: 'scope', label: 'Scope of work (as approved by the insurer)' },
  { key: 'materials', label: 'Materials' },
  { key: 'price_basis', label: 'Price basis' },
  { key: 'approximate_dates', label: 'Approximate dates of work' },
  { key: 'company_name', label: 'Your company' },
  { key: 'company_address', label: 'Your company address' },
  { key: 'company_phone', label: 'Your company phone' },
  { key: 'company_email', label: 'Your company email' },
  { key: 'company_insurers', label: 'Your surety and liability insurer' },
  { key: 'transaction_date', label: 'Date signed' },
  { key: 'cancel_by_date', label: 'Cancel-by date' },
] as const;
export type AgreementField = (typeof AGREEMENT_FIELDS)[number]['key'];

/** How a clause must be printed, so a PDF can honor it. */
export type ClausePrint = {
  bold: boolean;
  /** The smallest type size the rule allows, in points; null when it names none. */
  minPointSize: number | null;
  /** body: with the other terms; beside-signature: right next to the buyer's signature line; separate-form: its own detachable page. */
  placement: 'body' | 'beside-signature' | 'separate-form';
  /** How many copies the homeowner gets (a separate form may be required in duplicate). */
  copies: number;
};

const PLAIN: ClausePrint = { bold: false, minPointSize: null, placement: 'body', copies: 1 };
const BOLD_10: ClausePrint = { bold: true, minPointSize: 10, placement: 'body', copies: 1 };

export type AgreementClause = {
  /** Stable: stored on templates and signed agreements, never renamed. */
  id: string;
  title: string;
  /** What the agreement prints; `{{field}}` marks a fill-in field. */
  text: string;
  /** The states whose agreements carry it: 'all', or the property's or the company's state in the list. */
  states: 'all' | readonly UsState[];
  /** Whether the law of those states requires it (false: one of our own terms). */
  required: boolean;
  /** The rule it follows, as cited; null for one of our own terms. */
  statute: string | null;
  /** The rule in our own words, as commonly reported. */
  rule: string;
  /** How sure we are of the rule: S (commonly reported) for the statutes, ? for our own terms. */
  confidence: Confidence;
  /** Never true until a lawyer has reviewed the clause: the type forbids saying otherwise. */
  verifiedByCounsel: false;
  print: ClausePrint;
  /** The fill-in fields its text, or the rule behind it, needs. */
  fields: readonly AgreementField[];
  /** Other papers the rule also puts it on (Minnesota's deductible notice comes with the first estimate too). */
  alsoOn?: readonly 'first-estimate'[];
};

/** The mark every clause carries: how sure we are of its rule, and that no lawyer has checked it. */
export function clauseReviewMark(clause: AgreementClause): string {
  return `${CONFIDENCE_LABELS[clause.confidence]}; not verified by counsel`;
}

/** The line the product prints for the company beside a clause: "Have your attorney review this clause for Texas." */
export function attorneyReviewLine(state: UsState | null): string {
  return `Have your attorney review this clause for ${state ? stateName(state) : 'your state'}.`;
}

// ---------------------------------------------------------------- the federal three-day right to cancel

// The FTC's Cooling-Off Rule (16 CFR Part 429), as commonly reported: a sale of consumer goods or
// services of $25 or more made at the buyer's home (or $130 or more at a place the seller rents for
// the day) may be canceled by the buyer until midnight of the third business day after the sale.
// The contract must show, in bold type of at least 10 points right next to the buyer's signature, a
// statement of that right, and the seller must hand over, when the buyer signs, two copies of a
// "Notice of Cancellation" form (also bold, at least 10 points, easily detached, in the language of
// the sales talk) filled in with the date of the sale, the seller's name and business address and
// the date by which to cancel. A business day is any day but Sunday and ten federal holidays.
//
// A roofing agreement is always above $25 and is usually signed at the home, so every agreement
// carries it: printing it where the rule might not strictly apply costs nothing, leaving it out
// where it does makes the sale cancelable until the notice is given.

/**
 * The statement beside the buyer's signature. The rule gives these words ("in substantially the
 * following form"); "attached" holds because both copies of the notice print with the agreement.
 */
export const CANCELLATION_SIGNATURE_STATEMENT =
  'You, the buyer, may cancel this transaction at any time prior to midnight of the third business day after the date of this transaction. See the attached notice of cancellation form for an explanation of this right.';

/** The Notice of Cancellation as data: the fields the seller fills in before handing it over, and its words. */
export const NOTICE_OF_CANCELLATION = {
  caption: 'NOTICE OF CANCELLATION',
  /** The rule asks for the form (and the contract) in the language the sale was talked through in, Spanish for one. */
  language: 'the language of the sales talk',
  print: { bold: true, minPointSize: 10, placement: 'separate-form', copies: 2 } satisfies ClausePrint,
  /** Filled in by the seller on both copies before the buyer gets them. */
  fields: ['transaction_date', 'company_name', 'company_address', 'cancel_by_date'] as const satisfies readonly AgreementField[],
  /** Left blank for the buyer to fill in when canceling. */
  buyerLines: ['Date', "Buyer's signature"] as const,
  /** The words, as the rule gives them; `{{field}}` is filled in. */
  paragraphs: [
    '{{transaction_date}}',
    'You may CANCEL this transaction, without any penalty or obligation, within THREE BUSINESS DAYS from the above date.',
    'If you cancel, any property traded in, any payments made by you under the contract or sale, and any negotiable instrument executed by you will be returned within TEN BUSINESS DAYS following receipt by the seller of your cancellation notice, and any security interest arising out of the transaction will be canceled.',
    'If you cancel, you must make available to the seller at your residence, in substantially as good condition as when received, any goods delivered to you under this contract or sale, or you may, if you wish, comply with the instructions of the seller regarding the return shipment of the goods at the seller’s expense and risk.',
    'If you do make the goods available to the seller and the seller does not pick them up within 20 days of the date of your notice of cancellation, you may retain or dispose of the goods without any further obligation. If you fail to make the goods available to the seller, or if you agree to return the goods to the seller and fail to do so, then you remain liable for performance of all obligations under the contract.',
    'To cancel this transaction, mail or deliver a signed and dated copy of this cancellation notice or any other written notice, or send a telegram, to {{company_name}}, at {{company_address}} not later than midnight of {{cancel_by_date}}.',
    'I HEREBY CANCEL THIS TRANSACTION.',
  ],
} as const;

/** The filled notice: its paragraphs with the sale's date, the seller and the cancel-by date written in. */
export function fillNoticeOfCancellation(sale: { transactionDate: string; sellerName: string; sellerAddress: string }): string[] {
  const values: Record<(typeof NOTICE_OF_CANCELLATION.fields)[number], string> = {
    transaction_date: formatCalendarDate(sale.transactionDate),
    company_name: sale.sellerName,
    company_address: sale.sellerAddress,
    cancel_by_date: formatCalendarDate(cancelByDate(sale.transactionDate)),
  };
  return NOTICE_OF_CANCELLATION.paragraphs.map((p) =>
    p.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? values[key as keyof typeof values] : whole)),
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(iso: string): Date {
  const match = ISO_DATE.exec(iso);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || !match || date.getUTCDate() !== Number(match[3]) || date.getUTCMonth() !== Number(match[2]) - 1) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${iso}`);
  }
  return date;
}

const isoOf = (date: Date): string => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number): Date => new Date(Date.UTC(year, month - 1, day));

/** The nth weekday (0 Sunday to 6 Saturday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = utc(year, month, 1);
    return utc(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1));
  }
  const last = utc(year, month + 1, 0);
  return utc(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
}

/**
 * The days of a year that are not business days under the rule besides Sundays: the ten holidays it
 * lists (New Year's Day, Martin Luther King Jr.'s Birthday, Washington's Birthday, Memorial Day,
 * Independence Day, Labor Day, Columbus Day, Veterans Day, Thanksgiving Day, Christmas Day). The rule
 * names the holidays, not their dates, so a fixed-date holiday that falls on a weekend counts both on
 * its own day and on the weekday it is observed (the Friday before a Saturday, the Monday after a
 * Sunday): the cancel-by date may be later than the rule's earliest, never earlier. Juneteenth is a
 * federal holiday the rule does not list, so it is a business day here.
 */
export function cancellationHolidays(year: number): string[] {
  const fixed: [number, number][] = [
    [1, 1],
    [7, 4],
    [11, 11],
    [12, 25],
  ];
  const days: Date[] = [
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    nthWeekday(year, 5, 1, -1),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 10, 1, 2),
    nthWeekday(year, 11, 4, 4),
  ];
  // A holiday of next year observed this year (New Year's Day on a Saturday is observed on Dec 31).
  for (const y of [year, year + 1]) {
    for (const [month, day] of fixed) {
      const date = utc(y, month, day);
      const weekday = date.getUTCDay();
      const observed = weekday === 6 ? utc(y, month, day - 1) : weekday === 0 ? utc(y, month, day + 1) : null;
      for (const d of observed ? [date, observed] : [date]) if (d.getUTCFullYear() === year) days.push(d);
    }
  }
  return [...new Set(days.map(isoOf))].sort();
}

/** Whether a calendar date is a business day under the rule: any day but a Sunday or a listed holiday (Saturdays count). */
export function isCancellationBusinessDay(iso: string): boolean {
  const date = parseIsoDate(iso);
  return date.getUTCDay() !== 0 && !cancellationHolidays(date.getUTCFullYear()).includes(iso);
}

/**
 * The last day the buyer may cancel, as YYYY-MM-DD: the buyer may cancel until midnight at the end
 * of the third business day after the day of the sale (the day of the sale itself does not count).
 * A sale on a Friday before a plain weekend: Saturday, Monday, Tuesday; cancel by Tuesday midnight.
 */
export function cancelByDate(transactionDate: string): string {
  const day = parseIsoDate(transactionDate);
  let counted = 0;
  while (counted < 3) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (isCancellationBusinessDay(isoOf(day))) counted += 1;
  }
  return isoOf(day);
}

// ---------------------------------------------------------------- the clauses

const FTC = '16 CFR Part 429 (FTC Cooling-Off Rule)';

export const AGREEMENT_CLAUSES = [
  // Our own terms: what the agreement is. No law requires these words; the agreement needs them.
  {
    id: 'parties-and-claim',
    title: 'Who and what this agreement covers',
    text: 'This agreement is between {{homeowner_name}} (the homeowner) and {{company_name}} (the contractor) for the home at {{property_address}}. It covers the damage in claim {{claim_number}} with {{carrier_name}}, from the loss on {{date_of_loss}}.',
    states: 'all',
    required: false,
    statute: null,
    rule: 'Names the parties, the home and the insurance claim the work depends on.',
    confidence: '?',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: ['homeowner_name', 'company_name', 'property_address', 'claim_number', 'carrier_name', 'date_of_loss'],
  },
  {
    id: 'inspection-and-repair',
    title: 'Inspection and repair authorization',
    text: 'The homeowner lets the contractor inspect the roof and, if the insurer approves the claim, repair or replace it. The work is the scope as approved by the insurer: {{scope}}. Materials: {{materials}}. Approximate dates: {{approximate_dates}}. If the insurer approves more or less work later, the scope follows it once the homeowner agrees in writing.',
    states: 'all',
    required: false,
    statute: null,
    rule: 'The work depends on the insurer approving it, and follows what the insurer approves.',
    confidence: '?',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: ['scope', 'materials', 'approximate_dates'],
  },
  {
    id: 'price-basis',
    title: 'Price',
    text: 'The price is {{price_basis}}. The homeowner pays the contract price, including the deductible. Insurance payments remain the homeowner’s; nothing in this agreement transfers them or any claim right to the contractor.',
    states: 'all',
    required: false,
    statute: null,
    rule: 'States the price basis and that no insurance benefits are assigned (assignments are restricted or void in several states).',
    confidence: '?',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: ['price_basis'],
  },
  {
    id: 'contractor-contact',
    title: 'How to reach the contractor',
    text: '{{company_name}}, {{company_address}}. Phone {{company_phone}}, email {{company_email}}.',
    states: 'all',
    required: false,
    statute: null,
    rule: 'Where the homeowner sends questions and notices.',
    confidence: '?',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: ['company_name', 'company_address', 'company_phone', 'company_email'],
  },

  // Every state.
  {
    id: 'ftc-cancel-statement',
    title: 'Three-day right to cancel (beside your signature)',
    text: CANCELLATION_SIGNATURE_STATEMENT,
    states: 'all',
    required: true,
    statute: `${FTC}, 429.1(a)`,
    rule: 'A home sale of $25 or more may be canceled until midnight of the third business day after it; the contract says so in bold of at least 10 points next to the buyer’s signature, and shows the date of the sale and the seller’s name and address.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: { bold: true, minPointSize: 10, placement: 'beside-signature', copies: 1 },
    fields: ['transaction_date', 'company_name', 'company_address'],
  },
  {
    id: 'ftc-notice-of-cancellation',
    title: 'Notice of Cancellation (two copies)',
    text: NOTICE_OF_CANCELLATION.paragraphs.join('\n\n'),
    states: 'all',
    required: true,
    statute: `${FTC}, 429.1(b)`,
    rule: 'The buyer gets two filled-in copies of the Notice of Cancellation form when signing, in bold of at least 10 points, easily detached, with the date of the sale, the seller’s name and address and the date by which to cancel.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: NOTICE_OF_CANCELLATION.print,
    fields: NOTICE_OF_CANCELLATION.fields,
  },

  // Texas.
  {
    id: 'tx-no-public-adjusting',
    title: 'We do not handle your claim for you (Texas)',
    text: 'We are a roofing contractor, not a public adjuster. Texas law does not let us act as your public adjuster, and we will not offer or advertise to negotiate your claim with your insurance company for you. You, or a licensed public adjuster you hire, deal with your insurance company on the claim.',
    states: ['TX'],
    required: true,
    statute: 'Tex. Ins. Code 4102.163',
    rule: 'A contractor may not act as a public adjuster, or advertise or offer to adjust or negotiate a claim for the insured, on a property it repairs or may repair.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: [],
  },
  {
    id: 'tx-deductible',
    title: 'You pay your deductible (Texas)',
    text: 'You must pay your insurance deductible. We will not waive, rebate or pay any part of it, and we will not raise our price or give a discount or credit to cover it.',
    states: ['TX'],
    required: true,
    statute: 'Tex. Ins. Code 4102.163; Tex. Bus. & Com. Code 27.02',
    rule: 'A seller of goods or services paid from an insurance claim may not promise or advertise to pay, waive or rebate any part of the deductible, nor raise the price to cover it.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: [],
  },

  // Colorado.
  {
    id: 'co-written-contract',
    title: 'What this contract must state (Colorado)',
    text: 'Before any roofing work, this contract, signed by you and by us, states the scope of the work and the materials ({{scope}}; {{materials}}), the approximate dates ({{approximate_dates}}), the approximate cost based on the damage known today ({{price_basis}}), how to reach us ({{company_name}}, {{company_address}}, {{company_phone}}, {{company_email}}) and our surety and liability insurer ({{company_insurers}}).',
    states: ['CO'],
    required: true,
    statute: 'C.R.S. 6-22-103',
    rule: 'Before roofing work, a written contract signed by both sides with the scope, materials, approximate dates, approximate costs on the damage known at signing, the contractor’s contact details and its surety and liability insurer.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: ['scope', 'materials', 'approximate_dates', 'price_basis', 'company_name', 'company_address', 'company_phone', 'company_email', 'company_insurers'],
  },
  {
    id: 'co-rescission',
    title: 'Canceling this contract (Colorado)',
    text: 'You may cancel this contract within 72 hours after you receive written notice from your insurance company that your claim is denied. If you do, we refund every payment and deposit you made, in full. You may also cancel within 72 hours after signing it, with a full refund of any deposit.',
    states: ['CO'],
    required: true,
    statute: 'C.R.S. 6-22-103, 6-22-104',
    rule: 'The owner may rescind within 72 hours after receiving the insurer’s written denial of the claim, with a full refund of any payment; the contract also gives a 72-hour rescission after signing with a full refund of the deposit.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: [],
  },
  {
    id: 'co-trust',
    title: 'Your payments are held in trust (Colorado)',
    text: 'We hold any payment you make in trust until we have delivered the roofing materials to your home or done most of the roofing work.',
    states: ['CO'],
    required: true,
    statute: 'C.R.S. 6-22-103, 6-22-104',
    rule: 'A payment or deposit from the owner is held in trust until the materials are delivered to the site or most of the work is done; the contract says so in bold on its face.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: { bold: true, minPointSize: null, placement: 'body', copies: 1 },
    fields: [],
  },

  {
    id: 'co-deductible',
    title: 'We cannot pay your deductible (Colorado)',
    text: 'If you pay for this work with your insurance claim, we cannot pay, waive or rebate any part of your insurance deductible, or promise to.',
    states: ['CO'],
    required: true,
    statute: 'C.R.S. 6-22-103, 6-22-105',
    rule: 'A contract for roofing paid from an insurance claim states that the contractor cannot pay, waive or rebate, or promise to, any part of the deductible.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: [],
  },

  // Minnesota.
  {
    id: 'mn-deductible',
    title: 'We cannot pay your deductible (Minnesota)',
    text: 'Minnesota law does not let a contractor offer to pay, waive or rebate any part of your insurance deductible, or give you anything of value, to get you to sign a contract for repairs paid by an insurance claim. We will not. This notice also comes with our first estimate.',
    states: ['MN'],
    required: true,
    statute: 'Minn. Stat. 325E.66',
    rule: 'A residential contractor paid from an insurance claim may not offer to pay or rebate the deductible or give anything of value as an inducement, and gives a written notice of this with its first estimate.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: [],
    alsoOn: ['first-estimate'],
  },
  {
    id: 'mn-cancel-after-denial',
    title: 'Canceling after a claim denial (Minnesota)',
    text: 'You may cancel this contract within 72 hours after you receive written notice from your insurance company that your claim is denied.',
    states: ['MN'],
    required: true,
    statute: 'Minn. Stat. 325E.66',
    rule: 'The homeowner may cancel within 72 hours after receiving the insurer’s written denial of the claim.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: PLAIN,
    fields: [],
  },

  // South Carolina.
  {
    id: 'sc-cancel-after-denial',
    title: 'Canceling after a claim denial (South Carolina)',
    text: 'You may cancel this contract at any time before midnight of the fifth business day after you receive written notice from your insurance company that all or part of your claim, or of this contract, is not covered. To cancel, send us a written notice at {{company_address}}; it need not take any form, and a mailed notice counts from the day it is mailed.',
    states: ['SC'],
    required: true,
    statute: 'S.C. Code 40-59-25',
    rule: 'The insured may cancel a roofing contract paid from insurance until midnight of the fifth business day after receiving the insurer’s written denial of all or part of the claim; the contract states this in bold type of at least 10 points.',
    confidence: 'S',
    verifiedByCounsel: false,
    print: BOLD_10,
    fields: ['company_address'],
  },
] as const satisfies readonly AgreementClause[];

export type AgreementClauseId = (typeof AGREEMENT_CLAUSES)[number]['id'];

const CLAUSES: readonly AgreementClause[] = AGREEMENT_CLAUSES;

export function agreementClause(id: string): AgreementClause | undefined {
  return CLAUSES.find((c) => c.id === id);
}

// ---------------------------------------------------------------- templates

export type AgreementTemplate = {
  /** The clauses in the order they print. */
  clauseIds: readonly string[];
  /** The fill-in fields the template needs. */
  fields: readonly AgreementField[];
};

/** The facts that decide which clauses an agreement needs; a state is as stored, maybe unknown. */
export type AgreementFacts = { companyState: string | null | undefined; propertyState: string | null | undefined };

const appliesIn = (clause: AgreementClause, states: readonly UsState[]): boolean => clause.states === 'all' || clause.states.some((s) => states.includes(s));

function factStates(facts: AgreementFacts): UsState[] {
  return [usState(facts.propertyState), usState(facts.companyState)].filter((s): s is UsState => s !== null);
}

/**
 * The clauses an agreement must carry: every state's, and those of the property's state and of the
 * company's state. The property's state is the one whose law governs work on the home, but a company
 * based in another state is also bound by its own state's rules for the contracts it writes, so the
 * agreement carries both (an extra state's clauses give the homeowner more, never less). A state that
 * is missing or unknown adds nothing: only the every-state clauses are required for it, and
 * `agreementStateProblem` tells the company the property's state is needed.
 */
export function requiredClauses(facts: AgreementFacts): AgreementClause[] {
  const states = factStates(facts);
  return CLAUSES.filter((c) => c.required && appliesIn(c, states));
}

/** The required clauses a template lacks, in the order they are listed above. */
export function missingRequiredClauses(template: Pick<AgreementTemplate, 'clauseIds'>, facts: AgreementFacts): AgreementClause[] {
  return requiredClauses(facts).filter((c) => !template.clauseIds.includes(c.id));
}

/** The refusal when a send lacks required clauses: "The agreement must include: <title>, <title>." */
export function missingClausesMessage(missing: readonly Pick<AgreementClause, 'title'>[]): string {
  return `The agreement must include: ${missing.map((c) => c.title).join(', ')}.`;
}

/** Why the required clauses may be incomplete: the property's state is missing or unknown. Null when it is known. */
export function agreementStateProblem(facts: AgreementFacts): string | null {
  if (usState(facts.propertyState)) return null;
  return 'The property’s state is not known, so only the clauses every state requires are checked. Add the property’s state to the claim file before sending the agreement.';
}

/** The clauses of a template that print on this agreement, in the template's order: those for every state and for the agreement's states. */
export function agreementClausesFor(template: Pick<AgreementTemplate, 'clauseIds'>, facts: AgreementFacts): AgreementClause[] {
  const states = factStates(facts);
  return template.clauseIds.map(agreementClause).filter((c): c is AgreementClause => c !== undefined && appliesIn(c, states));
}

/** The fields the template's clauses use that the template does not list (a clause with no way to be filled in). */
export function missingTemplateFields(template: AgreementTemplate): AgreementField[] {
  const used = new Set(template.clauseIds.flatMap((id) => agreementClause(id)?.fields ?? []));
  return AGREEMENT_FIELDS.map((f) => f.key).filter((key) => used.has(key) && !template.fields.includes(key));
}

/**
 * The template a company starts with: our own terms, then every state clause (each prints only on an
 * agreement for its state), the cancellation statement last, beside the signature, and the notice
 * of cancellation after it, on its own page.
 */
export const DEFAULT_AGREEMENT_TEMPLATE: AgreementTemplate = {
  clauseIds: [
    'parties-and-claim',
    'inspection-and-repair',
    'price-basis',
    'contractor-contact',
    'tx-no-public-adjusting',
    'tx-deductible',
    'co-written-contract',
    'co-rescission',
    'co-trust',
    'co-deductible',
    'mn-deductible',
    'mn-cancel-after-denial',
    'sc-cancel-after-denial',
    'ftc-cancel-statement',
    'ftc-notice-of-cancellation',
  ] satisfies AgreementClauseId[],
  fields: [
    'homeowner_name',
    'property_address',
    'carrier_name',
    'claim_number',
    'date_of_loss',
    'scope',
    'materials',
    'price_basis',
    'approximate_dates',
    'company_name',
    'company_address',
    'company_phone',
    'company_email',
    'company_insurers',
    'transaction_date',
    'cancel_by_date',
  ],
};
