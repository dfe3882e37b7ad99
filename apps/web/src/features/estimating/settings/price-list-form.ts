import { z } from 'zod';
import { priceCodeSchema, priceListSchema, type PriceList, type PriceListItem } from '@ridgeline/shared/contracts/estimating';
import { DEFAULT_PRICE_LIST, isDefaultPrice, PRICE_CODES, type PriceCode, type PriceListEntry } from '@ridgeline/shared/domain/estimate';
import { parseDollars } from '../../../lib/money';

// The price list as the settings edit it: one row per item, the price typed in dollars, checked by
// the shared contract on the way out. Formula items are named by what they price; an imported CSV
// is merged into the list by code (items of the company's own by description).

/** What each formula code prices, as the editor labels it. */
export const PRICE_CODE_LABELS: Record<PriceCode, string> = {
  shingles: 'Shingles: roof squares plus waste',
  starter: 'Starter: eave and rake feet',
  drip_edge: 'Drip edge: eave and rake feet',
  ridge_cap: 'Ridge cap: ridge and hip feet',
  ice_water: 'Ice and water barrier: eaves where your jurisdiction requires it, valleys 3 ft, in squares',
  underlayment: 'Underlayment: roof squares not under the ice barrier',
  step_flashing: 'Step flashing: feet',
  headwall: 'Headwall flashing: feet',
  steep_7_9: 'Steep charge, 7/12 to 9/12: squares at that pitch',
  steep_10_12: 'Steep charge, 10/12 to 12/12: squares at that pitch',
  steep_over_12: 'Steep charge, over 12/12: squares at that pitch',
  high_charge: 'High roof charge: squares of 2 stories and up',
  tear_off: 'Tear-off: squares times layers',
  pipe_jack: 'Pipe jack flashing: pipe jacks counted',
  roof_vent: 'Roof vents: vents counted',
  dumpster: 'Dumpster: one load per 20 squares of tear-off',
  permit: 'Permit: one per roof replacement',
  gutters: 'Gutters: eave feet where gutter damage was photographed',
  siding: 'Siding: the area measured where siding damage was photographed',
  window_glass: 'Windows: damaged windows counted where window damage was photographed',
  window_screen: 'Window screens: damaged screens counted where screen damage was photographed',
  ac_fins: 'A/C condenser fins: condensers counted where their damage was photographed',
};

/** The label of a row's code: what a formula item prices, or the company's own item. */
export function priceCodeLabel(code: PriceCode | null): string {
  return code ? PRICE_CODE_LABELS[code] : 'Your own item';
}

const DOLLARS_MESSAGE = 'Enter a price in dollars, like 12.50';

const rowSchema = z.object({
  code: z.union([z.literal(''), priceCodeSchema]),
  description: z.string().trim().min(1, 'Enter a description'),
  unit: z.string().trim().min(1, 'Enter a unit, like SQ, LF or EA'),
  price: z.string().refine((text) => typeof parseDollars(text) === 'number', DOLLARS_MESSAGE),
});
export type PriceRow = z.input<typeof rowSchema>;

/** The editor's form: rows as typed, turned into the PUT body and checked by the contract (its errors land on the rows' fields). */
export const priceListFormSchema = z
  .object({ items: z.array(rowSchema) })
  .transform(({ items }) => ({
    items: items.map((row) => ({
      code: row.code === '' ? null : row.code,
      description: row.description,
      unit: row.unit,
      unitPriceCents: parseDollars(row.price) ?? 0,
    })),
  }))
  .pipe(priceListSchema);
export type PriceListFormInput = z.input<typeof priceListFormSchema>;

/** "285.00" for 28500 cents: the price as the field shows it. */
export function centsToDollarsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function toRows(items: readonly PriceListEntry[]): PriceRow[] {
  return items.map((item) => ({ code: item.code ?? '', description: item.description, unit: item.unit, price: centsToDollarsText(item.unitPriceCents) }));
}

export const DEFAULT_ROWS: readonly PriceRow[] = toRows(DEFAULT_PRICE_LIST);

/** Whether a row as typed is still its code's default price (the company has not made it its own). */
export function isDefaultRow(row: Pick<PriceRow, 'code' | 'description' | 'unit' | 'price'>): boolean {
  const cents = parseDollars(row.price);
  return (
    row.code !== '' &&
    typeof cents === 'number' &&
    isDefaultPrice({ code: row.code, description: row.description.trim(), unit: row.unit.trim(), unitPriceCents: cents })
  );
}

/** A new row of the company's own. */
export const EMPTY_ROW: PriceRow = { code: '', description: '', unit: 'EA', price: '' };

/** Formula items first in the formulas' order, then the company's own in their order. */
export function sortItems<T extends { code: PriceCode | null }>(items: readonly T[]): T[] {
  const rank = (item: T) => (item.code === null ? PRICE_CODES.length : PRICE_CODES.indexOf(item.code));
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

const sameDescription = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * An imported list merged into the current one: an imported formula item replaces that code's row,
 * an item of the company's own replaces the one with the same description, anything else is added.
 * A later imported row wins over an earlier one.
 */
export function mergePriceList(current: readonly PriceListItem[], imported: readonly PriceListEntry[]): PriceList {
  const items: PriceListItem[] = [...current];
  for (const row of imported) {
    const at = items.findIndex((item) =>
      row.code === null ? item.code === null && sameDescription(item.description, row.description) : item.code === row.code,
    );
    if (at >= 0) items[at] = row;
    else items.push(row);
  }
  return { items: sortItems(items) };
}
