import { z } from 'zod';
import { SHINGLE_COLOR_MAX, SHINGLE_LAYERS_MAX, SHINGLE_LIMITS, SHINGLE_TAPE_TEXT_MAX } from '@ridgeline/shared/contracts/shingles';
import { EMPTY_MEASUREMENTS, NAIL_ZONES, SEALANTS, SHINGLE_CUTS, SHINGLE_TYPES, type ShingleMeasurements } from '@ridgeline/shared/domain/shingle-id';
import { formatInches, parseLength } from '@ridgeline/shared/domain/shingle-length';

// The measuring form: lengths typed the way a roofer reads a tape (5 5/8, 5-5/8, 5.625, 143 mm),
// checked with the shared parser and the API's limits, then turned into the measurements the
// ranking reads.

const lengthField = (limits: { min: number; max: number }, what: string) =>
  z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      if (text === '') return;
      const parsed = parseLength(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
      else if (parsed.inches < limits.min || parsed.inches > limits.max) {
        ctx.addIssue({ code: 'custom', message: `A ${what} is between ${limits.min} and ${limits.max} in` });
      }
    });

export const measureFormSchema = z
  .object({
    length: lengthField(SHINGLE_LIMITS.length, 'length'),
    exposure: lengthField(SHINGLE_LIMITS.exposure, 'exposure'),
    height: lengthField(SHINGLE_LIMITS.height, 'height'),
    type: z.enum([...SHINGLE_TYPES, 'unknown']),
    cut: z.enum([...SHINGLE_CUTS, 'unknown']),
    nailZone: z.enum([...NAIL_ZONES, 'unknown']),
    sealant: z.enum([...SEALANTS, 'unknown']),
    granulesOnBack: z.enum(['yes', 'no', 'unknown']),
    tapeText: z.string().trim().max(SHINGLE_TAPE_TEXT_MAX),
    color: z.string().trim().max(SHINGLE_COLOR_MAX),
    layers: z.string().regex(new RegExp(`^([1-${SHINGLE_LAYERS_MAX}])?$`), 'Choose the number of layers'),
    address: z.string().trim().max(300),
  })
  .refine((values) => values.length !== '' || values.exposure !== '', { message: 'Measure the exposure or the length', path: ['exposure'] });

export type MeasureFormValues = z.input<typeof measureFormSchema>;

// What was seen starts as the empty measurements' (unknown, no tape text).
const { type, cut, nailZone, sealant, granulesOnBack, tapeText } = EMPTY_MEASUREMENTS;

export const EMPTY_FORM: MeasureFormValues = {
  length: '',
  exposure: '',
  height: '',
  type,
  cut,
  nailZone,
  sealant,
  granulesOnBack,
  tapeText,
  color: '',
  layers: '',
  address: '',
};

const inchesOf = (text: string): number | null => {
  const parsed = parseLength(text);
  return text.trim() !== '' && parsed.ok ? parsed.inches : null;
};

export function toMeasurements(values: MeasureFormValues): ShingleMeasurements {
  return {
    lengthIn: inchesOf(values.length),
    exposureIn: inchesOf(values.exposure),
    heightIn: inchesOf(values.height),
    type: values.type,
    cut: values.cut,
    nailZone: values.nailZone,
    sealant: values.sealant,
    granulesOnBack: values.granulesOnBack,
    tapeText: values.tapeText.trim(),
  };
}

/** A measured length for a reader: 39-3/8 in, or a dash. */
export const inchesText = (inches: number | null) => (inches === null ? '—' : `${formatInches(inches)} in`);
