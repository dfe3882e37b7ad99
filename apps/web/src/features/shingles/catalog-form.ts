import { z } from 'zod';
import type { CatalogEntryInput } from '@ridgeline/shared/contracts/shingles';
import { DISCONTINUED_STATES, ROW_CONFIDENCES, SHINGLE_CUTS, SHINGLE_TYPES, type CatalogEntry } from '@ridgeline/shared/domain/shingle-id';
import { formatInches, parseLength } from '@ridgeline/shared/domain/shingle-length';

// The form adding or changing a catalog line: sizes typed as on a tape, the source and the
// confidence required. A company's own product is stored unverified whatever is ticked; only a
// platform admin writing the shared catalog says which figures a manufacturer document confirms.
// Changing a line sends the whole line again (the API replaces it): what the form does not show
// (nailing area, sealant, granules) is sent as it was, and a figure left as it was keeps its
// verified mark; a figure changed is verified only when the box is ticked.

const size = z
  .string()
  .trim()
  .refine((text) => text === '' || parseLength(text).ok, 'Enter a length like 39 3/8, 39-3/8, 39.375 or 1000 mm');

export const catalogFormSchema = z.object({
  manufacturer: z.string().trim().min(1, 'Enter the maker').max(80),
  line: z.string().trim().min(1, 'Enter the product line').max(120),
  type: z.enum([...SHINGLE_TYPES, '']),
  cut: z.enum([...SHINGLE_CUTS, '']),
  length: size,
  height: size,
  exposure: size,
  sizesVerified: z.boolean(),
  yearsMade: z.string().trim().max(80),
  discontinued: z.enum(DISCONTINUED_STATES),
  confidence: z.enum(ROW_CONFIDENCES),
  source: z.string().trim().min(1, 'Say where the figures come from').max(300),
  note: z.string().trim().max(500),
});

export type CatalogFormValues = z.input<typeof catalogFormSchema>;

export const EMPTY_CATALOG_FORM: CatalogFormValues = {
  manufacturer: '',
  line: '',
  type: '',
  cut: '',
  length: '',
  height: '',
  exposure: '',
  sizesVerified: false,
  yearsMade: '',
  discontinued: 'unknown',
  confidence: 'C',
  source: '',
  note: '',
};

/** A line's values in the form, to change it. */
export function fromCatalogEntry(entry: CatalogEntry): CatalogFormValues {
  const size = (figure: CatalogEntry['length']) => (figure ? formatInches(figure.value) : '');
  return {
    manufacturer: entry.manufacturer,
    line: entry.line,
    type: entry.type ?? '',
    cut: entry.cut ?? '',
    length: size(entry.length),
    height: size(entry.height),
    exposure: size(entry.exposure),
    sizesVerified: false,
    yearsMade: entry.yearsMade?.text ?? '',
    discontinued: entry.discontinued.value,
    confidence: entry.confidence,
    source: entry.source,
    note: entry.note ?? '',
  };
}

export function toCatalogInput(values: CatalogFormValues, before: CatalogEntry | null = null): CatalogEntryInput {
  const figure = (text: string, was: CatalogEntry['length'] | undefined) => {
    const parsed = parseLength(text);
    if (text.trim() === '' || !parsed.ok) return null;
    const unchanged = was?.value === parsed.inches;
    return { value: parsed.inches, verified: values.sizesVerified || (unchanged && was.verified) };
  };
  const yearsText = values.yearsMade.trim();
  return {
    ...(before ? { nailZone: before.nailZone, sealant: before.sealant, granulesOnBack: before.granulesOnBack } : {}),
    manufacturer: values.manufacturer.trim(),
    line: values.line.trim(),
    type: values.type === '' ? null : values.type,
    cut: values.cut === '' ? null : values.cut,
    length: figure(values.length, before?.length),
    height: figure(values.height, before?.height),
    exposure: figure(values.exposure, before?.exposure),
    yearsMade: yearsText ? { text: yearsText, verified: before?.yearsMade?.text === yearsText && before.yearsMade.verified } : null,
    discontinued: { value: values.discontinued, verified: before?.discontinued.value === values.discontinued && before.discontinued.verified },
    confidence: values.confidence,
    source: values.source.trim(),
    note: values.note.trim() || null,
  };
}
