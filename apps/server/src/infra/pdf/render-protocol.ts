import type { PdfDocumentModel } from './model';

// The messages between the API's thread and the render worker. The worker asks for images by their
// place in the draw order and the main side answers with the bytes made for drawing (the ArrayBuffer
// transferred, not copied) or the note of an image that cannot be printed; the worker reports
// progress and finally the PDF (transferred too).

export type WorkerInput = { model: PdfDocumentModel };

export type ToWorker = { type: 'image'; index: number; bytes: ArrayBuffer | null; note: string | null };

export type FromWorker =
  | { type: 'need'; index: number }
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; bytes: ArrayBuffer; pageCount: number }
  | { type: 'error'; message: string };

/** An ArrayBuffer holding exactly these bytes that can be transferred (a copy when the buffer is a slice of a shared pool). */
export function ownArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes.buffer;
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}
