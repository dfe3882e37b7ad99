// The one job that renders a document's PDF (reports, packets, proposals): features that make a
// document queue it by this name; the reports feature works it.

export const RENDER_DOCUMENT_JOB = 'render-document';

export type RenderDocumentJob = { reportId: string; companyId: string };
