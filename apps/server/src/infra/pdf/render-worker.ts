import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { drawDocument, imagesInDrawOrder } from './draw';
import type { PdfImageRef, PrintedImage } from './model';
import { ownArrayBuffer, type FromWorker, type ToWorker, type WorkerInput } from './render-protocol';

// The render worker: draws one document off the API's event loop, within the heap the main side
// gave it. Images are asked of the main side a few ahead of the one being drawn (they come made for
// drawing, never the stored originals) and dropped once drawn, so only a handful are held at a time.
// The PDF goes to the main side as it is drawn, in pieces of about a megabyte, and the drawing waits
// while more than a few megabytes of it are not written yet: the worker never holds the whole file.

/** Images asked for ahead of the one being drawn. */
const PREFETCH = 4;
/** The PDF's bytes are handed over in pieces of at least this many (the last one may be smaller). */
const PIECE_BYTES = 1024 * 1024;
/** The next image is not drawn while more than this many handed-over bytes are still unwritten. */
const UNWRITTEN_MAX_BYTES = 8 * 1024 * 1024;
/**
 * The drawing thread's niceness: requests on the API's thread come first when both want the CPU
 * (on Linux the nice value is per thread, so only this worker is lowered).
 */
const RENDER_NICENESS = 10;

try {
  setPriority(RENDER_NICENESS);
} catch {
  // Where a thread's priority cannot be lowered, the drawing still runs off the API's thread.
}

const port = parentPort;
if (!port) throw new Error('render-worker runs as a worker thread');
const { model } = workerData as WorkerInput;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const order = imagesInDrawOrder(model);
const keyOf = (ref: PdfImageRef) => `${ref.bucket}/${ref.path}`;
const keys = order.map((slot) => keyOf(slot.ref));
const waiting = new Map<number, { promise: Promise<PrintedImage>; resolve: (image: PrintedImage) => void }>();
let cursor = 0;
const NOTHING: PrintedImage = { bytes: null, note: null };

function request(index: number): void {
  if (index >= order.length || waiting.has(index)) return;
  let resolve: (image: PrintedImage) => void = () => {};
  const promise = new Promise<PrintedImage>((r) => (resolve = r));
  waiting.set(index, { promise, resolve });
  post({ type: 'need', index });
}

// The PDF's bytes not yet handed over, and those handed over that the main side has not written.
let piece: Buffer[] = [];
let pieceBytes = 0;
let unwritten = 0;
let roomWaiters: (() => void)[] = [];

/** Hands the bytes gathered so far to the main side (copied into a buffer of their own, then transferred). */
function handOver(): void {
  if (pieceBytes === 0) return;
  const bytes = ownArrayBuffer(Buffer.concat(piece, pieceBytes));
  piece = [];
  pieceBytes = 0;
  unwritten += bytes.byteLength;
  post({ type: 'data', bytes }, [bytes]);
}

/**
 * pdfkit's output, gathered into pieces. pdfkit goes on reading a chunk after handing it out (its
 * length counts towards the file's offsets), so a chunk is never transferred as it is, only copied.
 */
function write(chunk: Buffer): void {
  piece.push(chunk);
  pieceBytes += chunk.length;
  if (pieceBytes >= PIECE_BYTES) handOver();
}

/** Resolves once the main side has written enough that drawing may go on. */
function room(): Promise<void> {
  if (unwritten <= UNWRITTEN_MAX_BYTES) return Promise.resolve();
  return new Promise((resolve) => roomWaiters.push(resolve));
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'written') {
    unwritten -= message.bytes;
    if (unwritten <= UNWRITTEN_MAX_BYTES) {
      const waiters = roomWaiters;
      roomWaiters = [];
      for (const resolve of waiters) resolve();
    }
    return;
  }
  const image: PrintedImage = message.bytes ? { bytes: Buffer.from(message.bytes), note: null } : { bytes: null, note: message.note };
  waiting.get(message.index)?.resolve(image);
});

async function readImage(ref: PdfImageRef): Promise<PrintedImage> {
  handOver();
  await room();
  const key = keyOf(ref);
  let index = keys.indexOf(key, cursor);
  if (index < 0) index = keys.indexOf(key);
  if (index < 0) return NOTHING;
  cursor = Math.max(cursor, index + 1);
  for (let i = index; i <= index + PREFETCH; i++) request(i);
  const entry = waiting.get(index);
  if (!entry) return NOTHING;
  const image = await entry.promise;
  // Drawn images are forgotten (asked again if the document draws the same image twice).
  waiting.delete(index);
  return image;
}

try {
  const result = await drawDocument(model, readImage, write, (done, total) => post({ type: 'progress', done, total }));
  handOver();
  post({ type: 'done', pageCount: result.pageCount });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
