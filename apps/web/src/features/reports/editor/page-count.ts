import type { ReportDocument } from '@ridgeline/shared/contracts/documents';

// The pages a report prints: the cover, each section's pages (its photos, so many per page; a
// section with no photos prints none), then the appendix of every photo's fingerprint and times.

/** Rows of the evidence appendix on one page. */
export const APPENDIX_ROWS_PER_PAGE = 20;

export type DocumentPages = { cover: number; sections: { id: string; pages: number }[]; appendix: number; total: number };

export function pagesOfDocument(document: Pick<ReportDocument, 'sections'>): DocumentPages {
  const sections = document.sections.map((s) => ({ id: s.id, pages: Math.ceil(s.photos.length / s.layout) }));
  const photos = document.sections.reduce((n, s) => n + s.photos.length, 0);
  const appendix = Math.ceil(photos / APPENDIX_ROWS_PER_PAGE);
  return { cover: 1, sections, appendix, total: 1 + sections.reduce((n, s) => n + s.pages, 0) + appendix };
}
