import { Worker } from 'node:worker_threads';
import { imagesInDrawOrder } from './draw';
import type { PdfDocumentModel, PdfImageRef, PdfRenderOptions, PdfRenderResult } from './model';
import { ownArrayBuffer, type FromWorker, type ToWorker, type WorkerInput } from './render-protocol';

// The PDF engine's entry point. Drawing runs in a worker thread so a big report never slows the
// API; this side only reads the images through the storage interface as the worker asks for them
// (a few ahead of the one being drawn) and hands their bytes over without copying them.

/** Progress is reported at most this often. */
const PROGRESS_INTERVAL_MS = 250;

/** The worker's entry: the TypeScript sources need tsx registered inside the worker. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./render-worker-entry.mjs', import.meta.url) : new URL('./render-worker.js', import.meta.url);
}

function isJpegOrPng(bytes: Buffer): boolean {
  return (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) || (bytes.length > 4 && bytes.readUInt32BE(0) === 0x89504e47);
}

/** An image's bytes as the engine can draw them: JPEG and PNG as stored, other formats (WebP, GIF, TIFF) converted to JPEG; null when unreadable. */
async function printable(bytes: Buffer | null): Promise<Buffer | null> {
  if (!bytes || bytes.length === 0) return null;
  if (isJpegOrPng(bytes)) return bytes;
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(bytes, { failOn: 'error' }).rotate().flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
  } catch {
    return null;
  }
}

/**
 * Draws the document to a PDF off the API's event loop and answers its bytes and page count.
 */
export async function renderPdf(model: PdfDocumentModel, options: PdfRenderOptions): Promise<PdfRenderResult> {
  const order: PdfImageRef[] = imagesInDrawOrder(model);
  const input: WorkerInput = { model };
  const worker = new Worker(workerUrl(), { workerData: input });
  let lastProgressAt = 0;
  let lastPercent = -1;

  try {
    return await new Promise<PdfRenderResult>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        fn();
      };
      const send = (index: number, bytes: Buffer | null) => {
        if (settled) return;
        const buffer = bytes ? ownArrayBuffer(bytes) : null;
        const message: ToWorker = { type: 'image', index, bytes: buffer };
        worker.postMessage(message, buffer ? [buffer] : []);
      };
      worker.on('message', (message: FromWorker) => {
        switch (message.type) {
          case 'need': {
            const ref = order[message.index];
            if (!ref) return send(message.index, null);
            options
              .readImage(ref)
              .then(printable)
              .then(
                (bytes) => send(message.index, bytes),
                () => send(message.index, null),
              );
            return;
          }
          case 'progress': {
            if (!options.onProgress || message.total === 0) return;
            const percent = Math.min(99, Math.floor((message.done / message.total) * 100));
            const now = Date.now();
            if (percent !== lastPercent && now - lastProgressAt >= PROGRESS_INTERVAL_MS) {
              lastProgressAt = now;
              lastPercent = percent;
              options.onProgress(percent);
            }
            return;
          }
          case 'done':
            return finish(() => {
              options.onProgress?.(100);
              resolve({ bytes: Buffer.from(message.bytes), pageCount: message.pageCount });
            });
          case 'error':
            return finish(() => reject(new Error(`The PDF could not be drawn: ${message.message}`)));
        }
      });
      worker.on('error', (error) => finish(() => reject(error)));
      worker.on('exit', (code) => finish(() => reject(new Error(`The PDF worker stopped (exit code ${code}) before the document was drawn`))));
    });
  } finally {
    await worker.terminate();
  }
}
