// Documents made from a claim file: photo reports (one click, or arranged in the editor), the claim
// submission packet, and the homeowner's proposal; the share links that open them without signing
// in. The vocabulary and the few rules both sides need live here.

import { canChangeMadeBy, type CompanyRole } from './roles';

/** What a document is. An advanced report is one the user arranged in the editor. */
export const REPORT_KINDS = ['photo', 'advanced', 'packet', 'proposal'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  photo: 'Photo report',
  advanced: 'Advanced photo report',
  packet: 'Claim packet',
  proposal: 'Proposal',
};

/**
 * Where a document is: a draft is being arranged; queued and rendering are the PDF on its way (with a
 * percent); ready has a PDF; failed says why. A ready document whose inputs changed since (a photo
 * re-annotated, a caption edited) is `stale` and renders again when asked.
 */
export const REPORT_STATUSES = ['draft', 'queued', 'rendering', 'ready', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Photos per page a section can be laid out with. */
export const PHOTOS_PER_PAGE = [1, 2, 4, 6] as const;
export type PhotosPerPage = (typeof PHOTOS_PER_PAGE)[number];
export const DEFAULT_PHOTOS_PER_PAGE: PhotosPerPage = 2;

/** Longest override reason, caption and cover letter. */
export const OVERRIDE_REASON_MAX = 500;
export const CAPTION_MAX = 300;
export const COVER_LETTER_MAX = 8000;

/**
 * The file name a document downloads as, from its title: letters, digits, spaces, dots, dashes and
 * underscores (accents dropped, anything else a dash), at most 120 characters, then `.pdf`. The same
 * document gets the same name from the app, a share link and the claim file's files.
 */
export function documentFileName(title: string): string {
  const cleaned = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 120)
    .trim();
  return `${cleaned || 'document'}.pdf`;
}

// ---------------------------------------------------------------- share links

export const SHARE_AUDIENCES = ['adjuster', 'homeowner'] as const;
export type ShareAudience = (typeof SHARE_AUDIENCES)[number];
export const SHARE_AUDIENCE_LABELS: Record<ShareAudience, string> = { adjuster: 'Adjuster', homeowner: 'Homeowner' };

/** A share link lasts this many days unless told otherwise, and never more than the maximum. */
export const SHARE_LINK_DEFAULT_DAYS = 30;
export const SHARE_LINK_MAX_DAYS = 365;

/** The public page of a share link. */
export const sharePath = (token: string) => `/share/${encodeURIComponent(token)}`;

// ---------------------------------------------------------------- cover letter

/** The claim's fields a cover letter template may name, as `{{field}}`. */
export const COVER_LETTER_FIELDS = [
  { key: 'company_name', label: 'Your company' },
  { key: 'company_address', label: 'Your company address' },
  { key: 'company_phone', label: 'Your company phone' },
  { key: 'homeowner_name', label: 'Homeowner' },
  { key: 'property_address', label: 'Property address' },
  { key: 'carrier_name', label: 'Carrier' },
  { key: 'claim_number', label: 'Claim number' },
  { key: 'policy_number', label: 'Policy number' },
  { key: 'date_of_loss', label: 'Date of loss' },
  { key: 'loss_type', label: 'Loss type' },
  { key: 'adjuster_name', label: 'Adjuster' },
  { key: 'estimate_total', label: 'Estimate total (RCV)' },
  { key: 'insurer_approved', label: 'Approved by the insurer (RCV plus approved supplements)' },
  { key: 'today', label: "Today's date" },
  { key: 'sender_name', label: 'Your name' },
] as const;
export type CoverLetterField = (typeof COVER_LETTER_FIELDS)[number]['key'];
export type CoverLetterValues = Partial<Record<CoverLetterField, string>>;

export const DEFAULT_COVER_LETTER = `{{today}}

{{carrier_name}}
Attn: {{adjuster_name}}

Re: Claim {{claim_number}}, policy {{policy_number}}
Insured: {{homeowner_name}}
Property: {{property_address}}
Date of loss: {{date_of_loss}}

Dear {{adjuster_name}},

On behalf of {{homeowner_name}}, {{company_name}} submits the enclosed documentation of the {{loss_type}} damage at {{property_address}}: the photo report with every photo's capture time, location and SHA-256 fingerprint, the roof measurements, and our estimate of {{estimate_total}} with the items we ask to be added to the scope.

Please review the enclosed and contact us with any questions.

Sincerely,

{{sender_name}}
{{company_name}}
{{company_address}}
{{company_phone}}`;

const FIELD_PATTERN = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * The template with each `{{field}}` replaced by the claim's value; a name that is not a field stays
 * as written. In the editor's preview (`missing: 'mark'`) a field with no value shows as
 * `[field label]`, so a missing claim number is seen before the letter goes out; a printed letter
 * (`missing: 'blank'`) never carries such a mark: the API refuses a letter naming a field with no
 * value (see missingCoverLetterFields), and a value gone since prints as nothing.
 */
export function fillCoverLetter(template: string, values: CoverLetterValues, options: { missing: 'mark' | 'blank' } = { missing: 'mark' }): string {
  return template.replace(FIELD_PATTERN, (whole, key: string) => {
    const field = COVER_LETTER_FIELDS.find((f) => f.key === key);
    if (!field) return whole;
    const value = values[field.key]?.trim();
    if (value) return value;
    return options.missing === 'mark' ? `[${field.label}]` : '';
  });
}

/** The fields the template names that have no value for this claim, once each, in the order they appear. */
export function missingCoverLetterFields(template: string, values: CoverLetterValues): (typeof COVER_LETTER_FIELDS)[number][] {
  const missing: (typeof COVER_LETTER_FIELDS)[number][] = [];
  for (const match of template.matchAll(FIELD_PATTERN)) {
    const field = COVER_LETTER_FIELDS.find((f) => f.key === match[1]);
    if (field && !values[field.key]?.trim() && !missing.includes(field)) missing.push(field);
  }
  return missing;
}

/** The refusal's words: "The cover letter names what this claim file does not have yet: Adjuster, Policy number. ..." */
export function coverLetterIncompleteMessage(missing: readonly { label: string }[]): string {
  return `The cover letter names what this claim file does not have yet: ${missing.map((f) => f.label).join(', ')}. Fill them in on the claim file, or take them out of the letter.`;
}

// ---------------------------------------------------------------- proposal

/** The homeowner's options, cheapest first. */
export const PROPOSAL_TIERS = [
  { value: 'good', label: 'Good' },
  { value: 'better', label: 'Better' },
  { value: 'best', label: 'Best' },
] as const;
export type ProposalTier = (typeof PROPOSAL_TIERS)[number]['value'];
export const PROPOSAL_TIER_VALUES = PROPOSAL_TIERS.map((t) => t.value) as unknown as readonly [ProposalTier, ...ProposalTier[]];

export const PROPOSAL_STATUSES = ['draft', 'sent', 'signed'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/**
 * Who changes a proposal until the homeowner signs it: the person who prepared it, and owners and
 * managers; once signed it is frozen for everyone.
 */
export function canEditProposal(role: CompanyRole, userId: string, proposal: { status: ProposalStatus; createdBy: string | null }): boolean {
  return proposal.status !== 'signed' && canChangeMadeBy(role, userId, proposal.createdBy);
}

/** A drawn signature is a PNG data URL of at most this many characters. */
export const SIGNATURE_MAX_CHARS = 400_000;

/** A proposal's title (its PDF, its share link): named by the property's street, or plain "Proposal" without one. */
export const proposalTitle = (street: string | null | undefined): string => (street ? `Proposal - ${street}` : 'Proposal');

export type ProposalOptionDraft = { tier: ProposalTier; productLine: string; priceCents: number; warranty: string; terms: string };

/**
 * The terms a new proposal starts with. They assign nothing: the insurer's payments stay the
 * homeowner's, and the homeowner pays the contractor the contract price, deductible included.
 */
export const DEFAULT_PROPOSAL_TERMS =
  "Price includes tear-off, disposal, materials and labor as listed in the estimate. 50% due at material delivery, balance on completion. The homeowner pays the contract price, including the deductible. Insurance payments remain the homeowner's; nothing in these terms transfers them or any claim right to the contractor.";

/**
 * An assignment of insurance benefits (the homeowner signing over the claim's proceeds or rights to
 * the contractor) is limited, given a required form, or void in several states, so the default terms
 * carry none. When a company writes its own terms that mention one, the product shows this warning;
 * it does not refuse them.
 */
export const ASSIGNMENT_OF_BENEFITS_WARNING = 'Assignments of insurance benefits are restricted or void in several states; have your attorney review them.';

/**
 * Whether terms mention an assignment: any word starting with "assign" (assign, assigns, assigned,
 * assignment, assignee...), or "AOB" (also written A.O.B.), in any case. Broad on purpose: a false
 * alarm costs a warning, a missed assignment costs the company.
 */
export function mentionsAssignment(terms: string): boolean {
  return /\bassign/i.test(terms) || /\bA\.?O\.?B\b/i.test(terms);
}

/**
 * Good, better and best built from one figure (what the insurer approved, or our estimate's
 * replacement cost while it has approved none): the good option at exactly that figure, an
 * impact-resistant (Class 4) line 12% above it and a designer line 28% above it, each step up rounded
 * to whole dollars. All in integer cents: an option's price less the figure is its upgrade to the
 * cent, never a rounding remainder. The contractor edits every field before sending.
 */
export function defaultProposalOptions(baseCents: number): ProposalOptionDraft[] {
  const base = Math.max(0, Math.round(baseCents));
  const price = (percent: number) => base + Math.round((base * percent) / 10_000) * 100;
  return [
    {
      tier: 'good',
      productLine: 'Architectural laminated shingles (as estimated)',
      priceCents: base,
      warranty: 'Manufacturer limited lifetime; 5-year workmanship',
      terms: DEFAULT_PROPOSAL_TERMS,
    },
    {
      tier: 'better',
      productLine: 'Impact-resistant Class 4 architectural shingles',
      priceCents: price(12),
      warranty: 'Manufacturer limited lifetime; 10-year workmanship',
      terms: DEFAULT_PROPOSAL_TERMS,
    },
    {
      tier: 'best',
      productLine: 'Designer shingles with synthetic underlayment upgrade',
      priceCents: price(28),
      warranty: 'Manufacturer enhanced system warranty; 25-year workmanship',
      terms: DEFAULT_PROPOSAL_TERMS,
    },
  ];
}

/**
 * Where a proposal's approved amount comes from: the insurer's figures on the claim file's ledger
 * (insurerApproved), our own estimate while the ledger has none, or typed by the contractor on the
 * proposal. Only the insurer's and a typed one are printed as approved.
 */
export const PROPOSAL_APPROVED_SOURCES = ['insurer', 'estimate', 'typed'] as const;
export type ProposalApprovedSource = (typeof PROPOSAL_APPROVED_SOURCES)[number];

/**
 * The approved amount a proposal shows now. A signed proposal keeps what it was signed with, and an
 * amount the contractor typed stays; otherwise the insurer's figure (RCV plus approved supplements)
 * wins as soon as the ledger has one, and the stored figure (our estimate) stands until then.
 */
export function proposalApprovedFigure(
  proposal: { status: ProposalStatus; approvedCents: number | null; approvedSource: ProposalApprovedSource },
  insurer: { approvedCents: number } | null,
): { approvedCents: number | null; approvedSource: ProposalApprovedSource } {
  if (proposal.status === 'signed' || proposal.approvedSource === 'typed')
    return { approvedCents: proposal.approvedCents, approvedSource: proposal.approvedSource };
  if (insurer) return { approvedCents: insurer.approvedCents, approvedSource: 'insurer' };
  return { approvedCents: proposal.approvedCents, approvedSource: 'estimate' };
}

/** Whether the approved amount is the insurer's (from the ledger or typed from its papers), not our estimate. */
export const isInsurerFigure = (source: ProposalApprovedSource): boolean => source !== 'estimate';

/**
 * The words of the approved amount on paper, on the homeowner's page and on the proposal's card. Until
 * the insurer has approved a figure, what it pays is what it would pay if it approves our estimate.
 */
export function approvedAmountWords(source: ProposalApprovedSource): { label: string; upgradeLabel: string; above: string; insurerPays: string } {
  return isInsurerFigure(source)
    ? {
        label: 'Approved by your insurance',
        upgradeLabel: 'Upgrade above the approved amount',
        above: 'above what your insurance approved',
        insurerPays: 'Insurance pays',
      }
    : {
        label: 'Our estimate, not yet approved by your insurance',
        upgradeLabel: 'Upgrade above our estimate',
        above: 'above our estimate',
        insurerPays: 'Insurance would pay',
      };
}

/** The most photos a proposal's PDF shows (chosen in the proposal's editor). */
export const PROPOSAL_PHOTOS_MAX = 6;

/** An option's price split between the insurer and the homeowner. */
export type HomeownerShare = {
  /** What the insurer approved for the claim (replacement cost). */
  approvedCents: number;
  deductibleCents: number;
  /** What the insurer pays toward this option. */
  insurerPaysCents: number;
  /** What the homeowner pays: the deductible and any upgrade over the approved amount. */
  homeownerPaysCents: number;
  /** How much the option costs above the approved amount (0 when it costs no more). */
  upgradeCents: number;
};

/**
 * The homeowner's part of an option, for insurance work, in integer cents. The insurer pays the
 * approved amount (proposalApprovedFigure: the insurer's figures, or our estimate's) up to the option's
 * price, less the deductible, never below zero; the homeowner pays the rest of the price: the
 * deductible, plus what the option costs above the approved amount. An option priced under the
 * deductible is paid by the homeowner alone. Amounts below zero count as zero.
 */
export function homeownerShare(input: { priceCents: number; approvedCents: number; deductibleCents: number }): HomeownerShare {
  const price = Math.max(0, input.priceCents);
  const approved = Math.max(0, input.approvedCents);
  const deductible = Math.max(0, input.deductibleCents);
  const insurerPaysCents = Math.max(0, Math.min(price, approved) - deductible);
  return {
    approvedCents: approved,
    deductibleCents: deductible,
    insurerPaysCents,
    homeownerPaysCents: price - insurerPaysCents,
    upgradeCents: Math.max(0, price - approved),
  };
}
