import { z } from 'zod';
import { photoCategorySchema, photoTypeSchema } from '@ridgeline/shared/contracts/photos';
import type { Structure } from '@ridgeline/shared/contracts/inspections';
import { longText } from '@ridgeline/shared/contracts/common';
import { PHOTO_CATEGORIES, slopeSubcategory, SUBCATEGORY_PATTERN, type CapturePhase, type PhotoCategory } from '@ridgeline/shared/domain/field-capture';
import type { Shot } from '@ridgeline/shared/domain/shot-list';
import type { EnqueuePhotoInput } from '../../../offline/upload-queue';
import type { Position } from './use-last-position';

// What the next photos are tagged with: the shot's category, subcategory and structure (set by
// tapping a shot, or chosen), the photo type and notes. The words and limits are the upload
// contract's, so a photo that is queued is a photo the server takes.

export const captureDetailsSchema = z.object({
  category: photoCategorySchema,
  subcategory: z.union([z.literal(''), z.string().regex(SUBCATEGORY_PATTERN, 'Choose a subcategory')]),
  structureId: z.string(),
  photoType: z.union([z.literal(''), photoTypeSchema]),
  notes: longText(1000),
});
export type CaptureDetails = z.infer<typeof captureDetailsSchema>;

/** The category a phase's photos get when no shot is chosen. */
const PHASE_CATEGORY: Record<CapturePhase, PhotoCategory> = {
  overview: 'overview',
  elevations: 'elevation',
  roof: 'roof',
  collateral: 'collateral',
  interior: 'interior',
  detail: 'damage',
};

/** The details a screen starts with: the first missing required shot, else the first shot, else the phase's category. */
export function initialDetails(phase: CapturePhase, shots: readonly Shot[], structures: readonly Pick<Structure, 'id'>[]): CaptureDetails {
  const shot = shots.find((s) => s.required && s.count === 0) ?? shots[0];
  return {
    category: shot?.category ?? PHASE_CATEGORY[phase],
    subcategory: shot?.subcategory ?? '',
    structureId: shot?.structureId ?? structures[0]?.id ?? '',
    photoType: '',
    notes: '',
  };
}

/**
 * The shot the next photos go to after a capture filled `filledKey`: the next required shot still
 * missing in walking order after it (wrapping round to the first), else the next optional one
 * missing, else the same shot again.
 */
export function nextShotAfterCapture(shots: readonly Shot[], filledKey: string | null): Shot | null {
  const from = shots.findIndex((s) => s.key === filledKey);
  const ordered = (from < 0 ? shots : [...shots.slice(from + 1), ...shots.slice(0, from)]).filter((s) => s.count === 0 && s.key !== filledKey);
  return ordered.find((s) => s.required) ?? ordered[0] ?? shots[from] ?? null;
}

/** The subcategories a category offers; the roof's include each slope and test square of the session. */
export function subcategoryOptions(category: PhotoCategory, structures: readonly Pick<Structure, 'slopes'>[]): { value: string; label: string }[] {
  const fixed = PHOTO_CATEGORIES.find((c) => c.value === category)?.subcategories.map((s) => ({ value: s.value as string, label: s.label as string })) ?? [];
  if (category !== 'roof') return fixed;
  const directions = [...new Set(structures.flatMap((s) => s.slopes.map((slope) => slope.direction)))];
  return [
    ...directions.flatMap((d) => [
      { value: slopeSubcategory('slope', d), label: `Slope ${d}` },
      { value: slopeSubcategory('test_square', d), label: `Test square ${d}` },
    ]),
    ...fixed,
  ];
}

/** The queue items of chosen files: each tagged with the details, the phase, the position known now, and its capture time. */
export function queueItems(
  files: readonly File[],
  input: { sessionId: string; phase: CapturePhase; details: CaptureDetails; position: Position | null; fromCamera: boolean; now: number },
): EnqueuePhotoInput[] {
  const { details } = input;
  return files.map((file, index) => ({
    file,
    fileName: file.name || `photo-${input.now}-${index + 1}.jpg`,
    sessionId: input.sessionId,
    metadata: {
      category: details.category,
      subcategory: details.subcategory || null,
      phase: input.phase,
      photoType: details.photoType || null,
      notes: details.notes || null,
      structureId: details.structureId || null,
      gpsCoords: input.position,
      // A photo just taken was taken now; one from the library is ordered by when its file was last
      // changed, and the server never takes either for its taken time (only the file's camera metadata).
      timestamp: input.fromCamera || !file.lastModified ? input.now : file.lastModified,
      origin: input.fromCamera ? 'camera' : 'library',
    },
  }));
}
