import { z } from 'zod';
import { inspectionFieldsSchema, type InspectionSession } from '@ridgeline/shared/contracts/inspections';
import { formatUsdCents } from '@ridgeline/shared/domain/money';
import { parseDollars } from '../../lib/money';
import { blankIsNull } from '../../lib/blank-is-null';

// The insurance step's form on the one form path: the contract's rules with each field as typed.
// Empty boxes are null; the deductible is typed in dollars and sent in cents.

const fields = inspectionFieldsSchema.shape;

export const insuranceFormSchema = z.object({
  /** '' when the carrier is typed rather than chosen from the directory. */
  carrierId: blankIsNull(fields.carrierId.unwrap()),
  carrierName: blankIsNull(fields.carrierName.unwrap()),
  policyNumber: blankIsNull(fields.policyNumber.unwrap()),
  claimNumber: blankIsNull(fields.claimNumber.unwrap()),
  adjusterName: blankIsNull(fields.adjusterName.unwrap()),
  adjusterPhone: fields.adjusterPhone,
  adjusterEmail: fields.adjusterEmail,
  deductibleCents: z
    .string()
    .refine((value) => parseDollars(value) !== undefined, 'Enter an amount in dollars, like 1,250.00')
    .transform((value) => parseDollars(value) ?? null)
    .pipe(fields.deductibleCents.unwrap()),
  dateOfLoss: blankIsNull(fields.dateOfLoss.unwrap()),
});
export type InsuranceFormInput = z.input<typeof insuranceFormSchema>;
export type InsuranceFormOutput = z.output<typeof insuranceFormSchema>;

/** "1,250.00" for 125000 cents (what the box shows again), '' when there is none. */
export function dollarsText(cents: number | null): string {
  return cents === null ? '' : formatUsdCents(cents).replace(/^\$/, '');
}

export function insuranceFromSession(session: InspectionSession): InsuranceFormInput {
  return {
    carrierId: session.carrierId ?? '',
    carrierName: session.carrierId ? '' : (session.carrierName ?? ''),
    policyNumber: session.policyNumber ?? '',
    claimNumber: session.claimNumber ?? '',
    adjusterName: session.adjusterName ?? '',
    adjusterPhone: session.adjusterPhone ?? '',
    adjusterEmail: session.adjusterEmail ?? '',
    deductibleCents: dollarsText(session.deductibleCents),
    dateOfLoss: session.dateOfLoss ?? '',
  };
}
