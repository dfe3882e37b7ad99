import type { PdfDocumentModel, PdfRenderOptions, PdfRenderResult } from './model';

/**
 * Draws the document to a PDF off the API's event loop and answers its bytes and page count.
 * (The engine is being written; this signature is its contract.)
 */
export async function renderPdf(model: PdfDocumentModel, options: PdfRenderOptions): Promise<PdfRenderResult> {
  void model;
  void options;
  throw new Error('The PDF engine is not written yet');
}
