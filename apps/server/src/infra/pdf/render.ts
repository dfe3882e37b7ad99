import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { imagePipeline, isOverPixelBudget } from '../images/images';
import { imagesInDrawOrder, OVER_BUDGET_IMAGE_NOTE, UNREADABLE_IMAGE_NOTE } from './draw';
import type { PdfDocumentModel, PdfImageSlot, PdfRenderLimits, PdfRenderOptions, PdfRenderResult, PdfStreamed, PrintedImage } from './model';
import { postImage, type FromWorker, type ToWorker, type WorkerInput } from './render-protocol';

// The PDF engine's entry point. Drawing runs in a worker thread so a big report never slows the
// API; the worker has a heap ceiling and the document a time limit, past either it is stopped and
// fails with words saying which. This side reads the images through the storage interface as the
// worker asks for them (a few ahead of the one being drawn) and never hands over a stored original:
// sharp, within the pixel budget, makes each one a JPEG at the size it is drawn (a signature an
// opaque PNG, sharper lines), and an image it cannot make (unreadable, over the budget) is answered
// with a short note the worker prints in a grey box, so one bad image never fails the document.
// The PDF is written to a stream as it is drawn (storage reads it on), never held whole; the drawing
// waits while the stream is behind. Between images the render rests in step with how busy the API's
// thread is, so requests keep the CPU they need while a big report renders.

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

/**
 * The render worker's young generation: small, whatever the process's flags give the API's thread,
 * since everything large the worker holds (images, pieces of the PDF) is outside the heap.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * After each image it makes, the render rests as long as making it took times how busy the API's
 * thread was meanwhile (its event loop's utilization, 0 to 1): an idle server renders at full speed,
 * a busy one gets up to half the time back.
 */
const REST_PER_BUSY_SHARE = 1;

const NOTHING: PrintedImage = { bytes: null, note: null };

/** The worker's entry: the TypeScript sources need tsx registered inside the worker. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./render-worker-entry.mjs', import.meta.url) : new URL('./render-worker.js', import.meta.url);
}

/**
 * Makes a stored image ready to draw: upright, no larger than the box it is drawn into (at 200 pixels
 * per inch; Mitchell's filter, sharp enough for print at half the cost of Lanczos), transparency
 * flattened on white; JPEG, or PNG for a signature. Nothing stored: no image and no note. The JPEG's
 * Huffman tables are the standard ones, not optimized per image: that second pass costs a third of
 * the image's CPU, taken from the API's requests, for a file about 5% smaller.
 */
async function printable(bytes: Buffer | null, slot: Pick<PdfImageSlot, 'kind' | 'width' | 'height'>): Promise<PrintedImage> {
  if (!bytes || bytes.length === 0) return NOTHING;
  try {
    const source = imagePipeline(bytes, { failOn: 'error' });
    const { hasAlpha } = await source.metadata();
    let image = source.rotate().resize(Math.ceil(slot.width * PIXELS_PER_POINT), Math.ceil(slot.height * PIXELS_PER_POINT), {
      fit: 'inside',
      withoutEnlargement: true,
      kernel: 'mitchell',
    });
    if (hasAlpha) image = image.flatten({ background: '#ffffff' });
    const made = slot.kind === 'signature' ? await image.png().toBuffer() : await image.jpeg({ quality: 85, optimiseCoding: false }).toBuffer();
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

/** Rests after an image was made, in step with how busy the API's thread was while it was made. */
async function restAfter(madeInMs: number, utilization: number): Promise<void> {
  const restMs = madeInMs * Math.min(1, Math.max(0, utilization)) * REST_PER_BUSY_SHARE;
  if (restMs >= 1) await sleep(restMs);
  else await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Draws the document to a PDF off the API's event loop, writing it to `output` as it is drawn (the
 * drawing waits while `output` is behind), and answers its page count and size. `output` is ended
 * once the document is complete and destroyed with the error when it cannot be; an `output` that
 * fails or closes early stops the drawing.
 */
export async function renderPdfTo(model: PdfDocumentModel, options: PdfRenderOptions, output: Writable): Promise<PdfStreamed> {
  const limits = options.limits ?? RENDER_LIMITS;
  const order = imagesInDrawOrder(model);
  const input: WorkerInput = { model };
  const worker = new Worker(workerUrl(), {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  const making = limiter(MAKING_AT_ONCE);
  let lastProgressAt = 0;
  let lastPercent = -1;
  let byteLength = 0;
  let timer: NodeJS.Timeout | undefined;
  let failure: Error | null = null;
  // Always heard, so an output destroyed with an error never throws on its own.
  const onOutputError = (error: Error) => (failure ??= error);
  output.on('error', onOutputError);

  /** Makes an image, then rests in step with how busy the API's thread was meanwhile. */
  const makeAndRest = (bytes: Buffer | null, slot: PdfImageSlot) =>
    making(async () => {
      const started = performance.now();
      const loop = performance.eventLoopUtilization();
      const image = await printable(bytes, slot);
      await restAfter(performance.now() - started, performance.eventLoopUtilization(loop).utilization);
      return image;
    });

  try {
    return await new Promise<PdfStreamed>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        fn();
      };
      const fail = (error: Error) => finish(() => reject(error));
      timer = setTimeout(() => fail(new Error(`drawing it took longer than ${minutes(limits.timeMs)}, so it was stopped.`)), limits.timeMs);
      output.once('error', (error: Error) => fail(failure ?? error));
      output.once('close', () => fail(failure ?? new Error('the file being written was closed before the document was drawn.')));
      const send = (index: number, image: PrintedImage) => {
        if (settled) return;
        postImage(worker, index, image.bytes, image.note);
      };
      /** Tells the worker these bytes are written on (so it may draw further). */
      const written = (bytes: number) => {
        if (settled) return;
        const message: ToWorker = { type: 'written', bytes };
        worker.postMessage(message);
      };
      let owed = 0;
      worker.on('message', (message: FromWorker) => {
        switch (message.type) {
          case 'need': {
            const slot = order[message.index];
            if (!slot) return send(message.index, NOTHING);
            // A read that fails (a file missing from storage) draws as nothing stored; the caller decides whether that fails the document.
            options
              .readImage(slot.ref)
              .then((bytes) => (settled ? NOTHING : makeAndRest(bytes, slot)))
              .then(
                (image) => send(message.index, image),
                () => send(message.index, NOTHING),
              );
            return;
          }
          case 'data': {
            if (settled) return;
            const chunk = Buffer.from(message.bytes);
            byteLength += chunk.length;
            if (output.write(chunk)) return written(chunk.length);
            owed += chunk.length;
            if (owed === chunk.length)
              output.once('drain', () => {
                written(owed);
                owed = 0;
              });
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
              output.end();
              options.onProgress?.(100);
              resolve({ pageCount: message.pageCount, byteLength });
            });
          case 'error':
            return fail(new Error(`The PDF could not be drawn: ${message.message}`));
        }
      });
      worker.on('error', (error: Error & { code?: string }) =>
        fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`drawing it needed more than ${limits.heapMb} MB of memory, so it was stopped.`) : error),
      );
      worker.on('exit', (code) => fail(new Error(`The PDF worker stopped (exit code ${code}) before the document was drawn`)));
    });
  } catch (error) {
    if (!output.destroyed) output.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

/**
 * Draws the document to a PDF off the API's event loop and answers its bytes and page count (for a
 * caller that needs the bytes at hand; the render job writes to storage with renderPdfTo).
 */
export async function renderPdf(model: PdfDocumentModel, options: PdfRenderOptions): Promise<PdfRenderResult> {
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const { pageCount } = await renderPdfTo(model, options, collect);
  await finished(collect);
  return { bytes: Buffer.concat(chunks), pageCount };
}
