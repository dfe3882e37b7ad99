import { OVERRIDE_REASON_MAX, PHOTOS_PER_PAGE, type PhotosPerPage } from '@ridgeline/shared/domain/documents';
import { z } from 'zod';

// The report dialogs' rules: photos per page among 1, 2, 4 and 6; when required photos are missing
// the user says why before the report is made anyway (the reason is printed in the report).

export const LAYOUT_CHOICES = PHOTOS_PER_PAGE.map((n) => String(n)) as unknown as readonly ['1', '2', '4', '6'];

export const toLayout = (value: string): PhotosPerPage => Number(value) as PhotosPerPage;

export const REASON_REQUIRED = 'Say why the report is made without the missing photos.';

const layoutField = z.enum(LAYOUT_CHOICES);
const reasonField = z.string().trim().max(OVERRIDE_REASON_MAX, `At most ${OVERRIDE_REASON_MAX} characters`);

/** A reason is required exactly when some required photos are missing. */
function requireReason<T extends { overrideReason: string }>(missingShots: boolean) {
  return (values: T, ctx: z.RefinementCtx) => {
    if (missingShots && values.overrideReason.trim() === '') ctx.addIssue({ code: 'custom', path: ['overrideReason'], message: REASON_REQUIRED });
  };
}

export function photoReportFormSchema(missingShots: boolean) {
  return z.object({ layout: layoutField, overrideReason: reasonField }).superRefine(requireReason(missingShots));
}

export function packetFormSchema(missingShots: boolean) {
  return z
    .object({
      coverLetter: z
        .string()
        .max(8000, 'At most 8,000 characters')
        .refine((s) => s.trim() !== '', 'Write the cover letter'),
      photoReport: z.boolean(),
      measurements: z.boolean(),
      estimateId: z.string(),
      layout: layoutField,
      overrideReason: reasonField,
    })
    .superRefine((values, ctx) => {
      // The photo report's shot list only matters when the packet holds the photo report.
      if (values.photoReport) requireReason<typeof values>(missingShots)(values, ctx);
    });
}
