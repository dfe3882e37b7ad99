import type { PdfDocumentModel } from './model';

// The messages between the API's thread and the render worker. The worker asks for images by their
// place in the draw order and the main side answers with the bytes made for drawing (the ArrayBuffer
// transferred, not copied) or the note of an image that cannot be printed. The PDF leaves the worker
// as it is drawn, in pieces (transferred too); the main side says how many bytes it has written on,
// and the worker draws no further while more than a few megabytes are still unwritten. The worker
// reports progress and finally the page count.

export type WorkerInput = { model: PdfDocumentModel };

export type ToWorker = { type: 'image'; index: number; bytes: ArrayBuffer | null; note: string | null } | { type: 'written'; bytes: number };

export type FromWorker =
  | { type: 'need'; index: number }
  | { type: 'progress'; done: number; total: number }
  | { type: 'data'; bytes: ArrayBuffer }
  | { type: 'done'; pageCount: number }
  | { type: 'error'; message: string };

/** An ArrayBuffer holding exactly these bytes that can be transferred (a copy when the buffer is a slice of a shared pool). */
export function ownArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes.buffer;
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}

/** Where an image message goes: the render worker (or, in a test, a port). */
export type ImagePort = { postMessage(value: ToWorker, transferList: ArrayBuffer[]): void };

/**
 * Sends an image's bytes to the worker, moving them (no copy). Node 22 and later refuse to move
 * memory a native module allocated (sharp's output buffer, DataCloneError): those bytes are copied
 * once into memory of our own, and the copy is moved.
 */
export function postImage(port: ImagePort, index: number, bytes: Uint8Array | null, note: string | null): void {
  const buffer = bytes ? ownArrayBuffer(bytes) : null;
  try {
    port.postMessage({ type: 'image', index, bytes: buffer, note }, buffer ? [buffer] : []);
  } catch (error) {
    if (!buffer || !(error instanceof Error && error.name === 'DataCloneError')) throw error;
    const copy = new Uint8Array(buffer).slice().buffer;
    port.postMessage({ type: 'image', index, bytes: copy, note }, [copy]);
  }
}
