import type { ReportDocument } from '@ridgeline/shared/contracts/documents';
import { pagesOfDocument as photoPagesOf } from '@ridgeline/shared/domain/report-layout';

// The pages a report prints: the cover, each section's photo pages (its photos over its photos per
// page, rounded up; a section with no photos is left out), then the evidence appendix of every
// photo's fingerprint and times, which flows over as many pages as its rows need.

/** Rows of the evidence appendix that fit on one page (two lines each: label and file name). */
export const APPENDIX_ROWS_PER_PAGE = 24;

export type DocumentPages = { cover: number; sections: { id: string; pages: number }[]; appendix: number; total: number };

export function pagesOfDocument(document: Pick<ReportDocument, 'sections'>): DocumentPages {
  const photos = photoPagesOf(document);
  const appendix = Math.ceil(photos.photos / APPENDIX_ROWS_PER_PAGE);
  return { cover: 1, sections: photos.sections.map((s) => ({ id: s.id, pages: s.pages })), appendix, total: 1 + photos.photoPages + appendix };
}
