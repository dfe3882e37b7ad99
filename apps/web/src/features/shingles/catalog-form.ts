import { z } from 'zod';
import type { CatalogEntryInput } from '@ridgeline/shared/contracts/shingles';
import { DISCONTINUED_STATES, ROW_CONFIDENCES, SHINGLE_CUTS, SHINGLE_TYPES } from '@ridgeline/shared/domain/shingle-id';
import { parseLength } from '@ridgeline/shared/domain/shingle-length';

// The form adding a catalog line: sizes typed as on a tape, the source and the confidence required.
// A company's own product is stored unverified whatever is ticked; only a platform admin adding to the
// shared catalog says which figures a manufacturer document confirms.

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

export function toCatalogInput(values: CatalogFormValues): CatalogEntryInput {
  const figure = (text: string) => {
    const parsed = parseLength(text);
    return text.trim() !== '' && parsed.ok ? { value: parsed.inches, verified: values.sizesVerified } : null;
  };
  return {
    manufacturer: values.manufacturer.trim(),
    line: values.line.trim(),
    type: values.type === '' ? null : values.type,
    cut: values.cut === '' ? null : values.cut,
    length: figure(values.length),
    height: figure(values.height),
    exposure: figure(values.exposure),
    yearsMade: values.yearsMade.trim() ? { text: values.yearsMade.trim(), verified: false } : null,
    discontinued: { value: values.discontinued, verified: false },
    confidence: values.confidence,
    source: values.source.trim(),
    note: values.note.trim() || null,
  };
}
