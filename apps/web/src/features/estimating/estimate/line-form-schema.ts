import { z } from 'zod';
import type { EstimateLine, PriceListItem } from '@ridgeline/shared/contracts/estimating';
import { formatCashAmount } from '@ridgeline/shared/domain/money';
import { parseDollars } from '../../../lib/money';
import { parsePercent, quantityText } from './draft';

// A line as typed: quantity and percentages as text, the unit price in dollars (stored in cents).

const quantity = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const cleaned = text.replace(/,/g, '');
    const value = Number(cleaned);
    if (cleaned === '' || !/^\d+(\.\d+)?$/.test(cleaned) || value > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'Enter a quantity, like 12.5' });
      return z.NEVER;
    }
    return Math.round(value * 100) / 100;
  });

/** Dollars typed, cents out (a price is required: 0 is a price). */
export const dollarsField = z.string().transform((text, ctx) => {
  const cents = parseDollars(text);
  if (cents === null || cents === undefined || cents > 100_000_000_00) {
    ctx.addIssue({ code: 'custom', message: 'Enter a price in dollars, like 285.00' });
    return z.NEVER;
  }
  return cents;
});

const percent = z.string().transform((text, ctx) => {
  const bp = parsePercent(text);
  if (bp === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Enter a percentage from 0 to 100' });
    return z.NEVER;
  }
  return bp ?? 0;
});

export const lineFormSchema = z.object({
  /** The price-list item a new line starts from ('' for a line of one's own). */
  priceItem: z.string(),
  description: z.string().trim().min(1, 'Enter a description').max(200),
  quantity,
  unit: z.string().trim().max(12, 'At most 12 characters'),
  unitPrice: dollarsField,
  depreciation: percent,
});
export type LineFormInput = z.input<typeof lineFormSchema>;
export type LineFormOutput = z.output<typeof lineFormSchema>;

export function lineFormValues(line: EstimateLine | undefined): LineFormInput {
  if (!line) return { priceItem: '', description: '', quantity: '', unit: '', unitPrice: '', depreciation: '' };
  return {
    priceItem: '',
    description: line.description,
    quantity: quantityText(line.quantity),
    unit: line.unit,
    unitPrice: formatCashAmount(line.unitPriceCents),
    depreciation: line.depreciationBp ? String(line.depreciationBp / 100) : '',
  };
}

/** The line the form describes: an edited line keeps its id, code, source, basis and photos; a new one takes the price-list item's code. */
export function lineFromForm(output: LineFormOutput, existing: EstimateLine | undefined, item: PriceListItem | undefined, newId: () => string): EstimateLine {
  return {
    id: existing?.id ?? newId(),
    code: existing ? existing.code : (item?.code ?? null),
    description: output.description,
    quantity: output.quantity,
    unit: output.unit,
    unitPriceCents: output.unitPrice,
    depreciationBp: output.depreciation,
    source: existing?.source ?? 'manual',
    basis: existing?.basis ?? null,
    photoIds: existing?.photoIds ?? [],
  };
}
