import { Worker } from 'node:worker_threads';
import { imagePipeline, isOverPixelBudget } from '../images/images';
import { imagesInDrawOrder, OVER_BUDGET_IMAGE_NOTE, UNREADABLE_IMAGE_NOTE } from './draw';
import type { PdfDocumentModel, PdfImageSlot, PdfRenderLimits, PdfRenderOptions, PdfRenderResult, PrintedImage } from './model';
import { ownArrayBuffer, type FromWorker, type ToWorker, type WorkerInput } from './render-protocol';

// The PDF engine's entry point. Drawing runs in a worker thread so a big report never slows the
// API; the worker has a heap ceiling and the document a time limit, past either it is stopped and
// fails with words saying which. This side reads the images through the storage interface as the
// worker asks for them (a few ahead of the one being drawn) and never hands over a stored original:
// sharp, within the pixel budget, makes each one a JPEG at the size it is drawn (a signature an
// opaque PNG, sharper lines), and an image it cannot make (unreadable, over the budget) is answered
// with a short note the worker prints in a grey box, so one bad image never fails the document.

/** Progress is reported at most this often. */
const PROGRESS_INTERVAL_MS = 250;

/** The worker's heap, and how long one document may take from start to finish. */
export const RENDER_LIMITS: PdfRenderLimits = { heapMb: 256, timeMs: 10 * 60_000 };

/** The pixels an image is made with per point it is drawn (200 per inch; a point is 1/72 inch). */
const PIXELS_PER_POINT = 200 / 72;

/**
 * Images made at once on this side: one, so a render holds at most one decoded image (within the
 * pixel budget) and leaves the other core to the API while sharp works.
 */
const MAKING_AT_ONCE = 1;

const NOTHING: PrintedImage = { bytes: null, note: null };

/** The worker's entry: the TypeScript sources need tsx registered inside the worker. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./render-worker-entry.mjs', import.meta.url) : new URL('./render-worker.js', import.meta.url);
}

/**
 * Makes a stored image ready to draw: upright, no larger than the box it is drawn into (at 200 pixels
 * per inch; Mitchell's filter, sharp enough for print at half the cost of Lanczos), transparency
 * flattened on white; JPEG, or PNG for a signature. Nothing stored: no image and no note.
 */
async function printable(bytes: Buffer | null, slot: Pick<PdfImageSlot, 'kind' | 'width' | 'height'>): Promise<PrintedImage> {
  if (!bytes || bytes.length === 0) return NOTHING;
  try {
    const source = imagePipeline(bytes, { failOn: 'error' });
    const { hasAlpha } = await source.metadata();
    let image = source
      .rotate()
      .resize(Math.ceil(slot.width * PIXELS_PER_POINT), Math.ceil(slot.height * PIXELS_PER_POINT), { fit: 'inside', withoutEnlargement: true, kernel: 'mitchell' });
    if (hasAlpha) image = image.flatten({ background: '#ffffff' });
    const made = slot.kind === 'signature' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
    return { bytes: made, note: null };
  } catch (error) {
    return { bytes: null, note: isOverPixelBudget(error) ? OVER_BUDGET_IMAGE_NOTE : UNREADABLE_IMAGE_NOTE };
  }
}

/** Runs at most `limit` of the given tasks at once, in the order they come. */
function limiter(limit: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      queue.shift()?.();
    }
  };
}

const minutes = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} minute${ms >= 120_000 ? 's' : ''}` : `${Math.round(ms / 1000)} seconds`);

/**
 * Draws the document to a PDF off the API's event loop and answers its bytes and page count.
 */
export async function renderPdf(model: PdfDocumentModel, options: PdfRenderOptions): Promise<PdfRenderResult> {
  const limits = options.limits ?? RENDER_LIMITS;
  const order = imagesInDrawOrder(model);
  const input: WorkerInput = { model };
  const worker = new Worker(workerUrl(), { workerData: input, resourceLimits: { maxOldGenerationSizeMb: limits.heapMb } });
  const making = limiter(MAKING_AT_ONCE);
  let lastProgressAt = 0;
  let lastPercent = -1;
  let timer: NodeJS.Timeout | undefined;

  try {
    return await new Promise<PdfRenderResult>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        fn();
      };
      timer = setTimeout(() => finish(() => reject(new Error(`drawing it took longer than ${minutes(limits.timeMs)}, so it was stopped.`))), limits.timeMs);
      const send = (index: number, image: PrintedImage) => {
        if (settled) return;
        const buffer = image.bytes ? ownArrayBuffer(image.bytes) : null;
        const message: ToWorker = { type: 'image', index, bytes: buffer, note: image.note };
        worker.postMessage(message, buffer ? [buffer] : []);
      };
      worker.on('message', (message: FromWorker) => {
        switch (message.type) {
          case 'need': {
            const slot = order[message.index];
            if (!slot) return send(message.index, NOTHING);
            // A read that fails (a file missing from storage) draws as nothing stored; the caller decides whether that fails the document.
            options
              .readImage(slot.ref)
              .then((bytes) => (settled ? NOTHING : making(() => printable(bytes, slot))))
              .then(
                (image) => send(message.index, image),
                () => send(message.index, NOTHING),
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
      worker.on('error', (error: Error & { code?: string }) =>
        finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`drawing it needed more than ${limits.heapMb} MB of memory, so it was stopped.`) : error)),
      );
      worker.on('exit', (code) => finish(() => reject(new Error(`The PDF worker stopped (exit code ${code}) before the document was drawn`))));
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
