import { z } from 'zod';
import { proposalOptionSchema, type Proposal, type UpdateProposalInput } from '@ridgeline/shared/contracts/documents';
import { longText } from '@ridgeline/shared/contracts/common';
import { PROPOSAL_PHOTOS_MAX, PROPOSAL_TIERS } from '@ridgeline/shared/domain/documents';
import { formatUsdCents } from '@ridgeline/shared/domain/money';
import { parseDollars } from '../../lib/money';

// The proposal editor on the one form path: the contract's option schema with the price as people
// type it (dollars, "$12,400.50"), turned into cents before the contract's own rules apply.

const price = z
  .string()
  .refine((value) => typeof parseDollars(value) === 'number', 'Enter the price in dollars, like 12,400.00')
  .transform((value) => parseDollars(value) ?? 0)
  .pipe(proposalOptionSchema.shape.priceCents);

/** An amount that may be left empty (not known yet): null then. */
const optionalAmount = z
  .string()
  .refine((value) => parseDollars(value) !== undefined, 'Enter an amount in dollars, like 1,000.00, or leave it empty')
  .transform((value) => parseDollars(value) ?? null)
  .pipe(proposalOptionSchema.shape.priceCents.nullable());

export const proposalFormSchema = z.object({
  intro: longText(3000),
  options: z
    .array(proposalOptionSchema.extend({ priceCents: price }))
    .min(1)
    .max(3),
  deductibleCents: optionalAmount,
  approvedCents: optionalAmount,
  photoIds: z.array(z.uuid()).max(PROPOSAL_PHOTOS_MAX, `Choose at most ${PROPOSAL_PHOTOS_MAX} photos`),
});
export type ProposalFormInput = z.input<typeof proposalFormSchema>;
export type ProposalFormOutput = z.output<typeof proposalFormSchema>;

/** Dollars as the price box shows them: "12,400.00" (no currency sign, so it can be typed over). */
export function dollarsText(cents: number): string {
  return formatUsdCents(cents).replace(/^\$/, '');
}

/** What the editor starts from: the proposal as stored, amounts in dollars (empty when not known). */
export function proposalFormValues(proposal: Pick<Proposal, 'intro' | 'options' | 'deductibleCents' | 'approvedCents' | 'photoIds'>): ProposalFormInput {
  return {
    intro: proposal.intro,
    options: proposal.options.map((o) => ({ ...o, priceCents: dollarsText(o.priceCents) })),
    deductibleCents: proposal.deductibleCents === null ? '' : dollarsText(proposal.deductibleCents),
    approvedCents: proposal.approvedCents === null ? '' : dollarsText(proposal.approvedCents),
    photoIds: proposal.photoIds,
  };
}

/** What the PUT sends: the checked values, amounts in cents. */
export function proposalUpdateInput(values: ProposalFormOutput): UpdateProposalInput {
  return {
    intro: values.intro,
    options: values.options.map((o) => ({ tier: o.tier, productLine: o.productLine, priceCents: o.priceCents, warranty: o.warranty, terms: o.terms })),
    deductibleCents: values.deductibleCents,
    approvedCents: values.approvedCents,
    photoIds: values.photoIds,
  };
}

export const tierLabel = (tier: string) => PROPOSAL_TIERS.find((t) => t.value === tier)?.label ?? tier;
