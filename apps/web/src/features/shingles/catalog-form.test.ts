import { describe, expect, it } from 'vitest';
import { catalogEntryInputSchema } from '@ridgeline/shared/contracts/shingles';
import type { CatalogEntry } from '@ridgeline/shared/domain/shingle-id';
import { catalogFormSchema, fromCatalogEntry, toCatalogInput } from './catalog-form';

const line: CatalogEntry = {
  id: 'gaf-timberline-hdz',
  manufacturer: 'GAF',
  line: 'Timberline HDZ',
  type: 'laminated',
  cut: null,
  length: { value: 39.375, verified: true },
  height: { value: 13.25, verified: true },
  exposure: { value: 5.625, verified: false },
  nailZone: { value: 'fabric_strip', verified: true },
  sealant: null,
  granulesOnBack: { value: true, verified: false },
  yearsMade: { text: '2020 to now', verified: true },
  discontinued: { value: 'no', verified: true },
  confidence: 'A',
  source: 'GAF data sheet',
  note: null,
  scope: 'catalog',
};

describe('changing a catalog line in the form', () => {
  it('sends the line as it was when nothing is changed: the fields the form does not show and every verified mark stay', () => {
    const values = catalogFormSchema.parse(fromCatalogEntry(line));
    const input = toCatalogInput(values, line);
    const { id: _id, scope: _scope, ...expected } = line;
    expect(input).toEqual(expected);
    expect(catalogEntryInputSchema.safeParse(input).success).toBe(true);
  });

  it('marks a changed figure unverified unless the box is ticked, and a changed status unverified', () => {
    const values = { ...fromCatalogEntry(line), length: '40 7/8', discontinued: 'yes' as const };
    const input = toCatalogInput(values, line);
    expect(input.length).toEqual({ value: 40.875, verified: false });
    expect(input.height).toEqual({ value: 13.25, verified: true });
    expect(input.discontinued).toEqual({ value: 'yes', verified: false });
    expect(toCatalogInput({ ...values, sizesVerified: true }, line).length).toEqual({ value: 40.875, verified: true });
  });
});
