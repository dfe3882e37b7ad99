import { describe, expect, it } from 'vitest';
import { defaultProposalOptions } from '@ridgeline/shared/domain/documents';
import { proposalFormSchema, proposalFormValues, proposalUpdateInput } from './proposal-form-schema';

describe('the proposal form', () => {
  const options = defaultProposalOptions(1_234_500);

  it('shows prices in dollars and sends them in cents', () => {
    const values = proposalFormValues({ intro: 'Hello', options, deductibleCents: null, approvedCents: null, photoIds: [] });
    expect(values.options.map((o) => o.priceCents)).toEqual(['12,345.00', '13,826.00', '15,802.00']);
    const edited = { ...values, options: values.options.map((o, i) => (i === 1 ? { ...o, priceCents: '$13,500.50' } : o)) };
    const input = proposalUpdateInput(proposalFormSchema.parse(edited));
    expect(input.options?.map((o) => o.priceCents)).toEqual([1_234_500, 1_350_050, 1_580_200]);
    expect(input.options?.[1]).toMatchObject({ tier: 'better', productLine: options[1]?.productLine });
  });

  it('refuses a price that is not an amount of dollars, or empty', () => {
    const values = proposalFormValues({ intro: '', options, deductibleCents: null, approvedCents: null, photoIds: [] });
    for (const typed of ['twelve', '', '12.345', '-5']) {
      const result = proposalFormSchema.safeParse({ ...values, options: [{ ...values.options[0], priceCents: typed }] });
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter the price in dollars, like 12,400.00');
    }
  });

  it('shows the deductible and the approved amount in dollars, empty when not known, and sends cents or null', () => {
    const values = proposalFormValues({ intro: '', options, deductibleCents: 100_000, approvedCents: null, photoIds: [] });
    expect([values.deductibleCents, values.approvedCents]).toEqual(['1,000.00', '']);
    const input = proposalUpdateInput(proposalFormSchema.parse({ ...values, deductibleCents: '$1,250', approvedCents: '10,000.00' }));
    expect([input.deductibleCents, input.approvedCents]).toEqual([125_000, 1_000_000]);
    expect(proposalUpdateInput(proposalFormSchema.parse({ ...values, deductibleCents: '' })).deductibleCents).toBeNull();
    const refused = proposalFormSchema.safeParse({ ...values, deductibleCents: 'a thousand' });
    expect(refused.error?.issues[0]?.message).toBe('Enter an amount in dollars, like 1,000.00, or leave it empty');
  });
});
