import { parentPort, workerData } from 'node:worker_threads';
import { drawDocument, imagesInDrawOrder } from './draw';
import type { PdfImageRef } from './model';
import { ownArrayBuffer, type FromWorker, type ToWorker, type WorkerInput } from './render-protocol';

// The render worker: draws one document off the API's event loop. Images are asked of the main side
// a few ahead of the one being drawn and dropped once drawn, so only a handful are held at a time.

/** Images asked for ahead of the one being drawn. */
const PREFETCH = 4;

const port = parentPort;
if (!port) throw new Error('render-worker runs as a worker thread');
const { model } = workerData as WorkerInput;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const order = imagesInDrawOrder(model);
const keyOf = (ref: PdfImageRef) => `${ref.bucket}/${ref.path}`;
const keys = order.map(keyOf);
const waiting = new Map<number, { promise: Promise<Buffer | null>; resolve: (bytes: Buffer | null) => void }>();
let cursor = 0;

function request(index: number): void {
  if (index >= order.length || waiting.has(index)) return;
  let resolve: (bytes: Buffer | null) => void = () => {};
  const promise = new Promise<Buffer | null>((r) => (resolve = r));
  waiting.set(index, { promise, resolve });
  post({ type: 'need', index });
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'image') waiting.get(message.index)?.resolve(message.bytes ? Buffer.from(message.bytes) : null);
});

async function readImage(ref: PdfImageRef): Promise<Buffer | null> {
  const key = keyOf(ref);
  let index = keys.indexOf(key, cursor);
  if (index < 0) index = keys.indexOf(key);
  if (index < 0) return null;
  cursor = Math.max(cursor, index + 1);
  for (let i = index; i <= index + PREFETCH; i++) request(i);
  const entry = waiting.get(index);
  if (!entry) return null;
  const bytes = await entry.promise;
  // Drawn images are forgotten (asked again if the document draws the same image twice).
  waiting.delete(index);
  return bytes;
}

try {
  const result = await drawDocument(model, readImage, (done, total) => post({ type: 'progress', done, total }));
  const bytes = ownArrayBuffer(result.bytes);
  post({ type: 'done', bytes, pageCount: result.pageCount }, [bytes]);
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
