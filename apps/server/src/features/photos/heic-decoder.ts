import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// HEIC/HEIF decoding with heic-decode (libheif compiled to WebAssembly). A 12 MP photo takes about a
// second of busy CPU, so it runs in a worker thread: the API's event loop never waits for it. One
// worker, started on the first HEIC photo, decodes them one after another; it does not keep the
// process alive.

export type DecodedImage = { width: number; height: number; data: Uint8Array };

// The worker's code as a string (CommonJS, `eval`): it runs the same under tsx, vitest and node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.modulePath);
parentPort.on('message', async ({ id, buffer }) => {
  try {
    const image = await decode({ buffer: new Uint8Array(buffer) });
    const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    parentPort.postMessage({ id, width: image.width, height: image.height, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Reply = { id: number; width: number; height: number; data: Uint8Array } | { id: number; error: string };
type Pending = { resolve: (image: DecodedImage) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = null;
}

function getWorker(): Worker {
  if (worker) return worker;
  const modulePath = createRequire(import.meta.url).resolve('heic-decode');
  const created = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath } });
  created.unref();
  created.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(`HEIC decoding failed: ${reply.error}`));
    else waiting.resolve({ width: reply.width, height: reply.height, data: reply.data });
  });
  created.on('error', (error) => failAll(error));
  created.on('exit', (code) => failAll(new Error(`The HEIC decoder stopped (exit code ${code})`)));
  worker = created;
  return created;
}

/** Decodes the first image of a HEIC/HEIF file to RGBA pixels, off the main thread. */
export function decodeHeic(bytes: Buffer): Promise<DecodedImage> {
  const id = ++nextId;
  const target = getWorker();
  return new Promise<DecodedImage>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // A copy: the caller keeps its buffer, the copy moves to the worker without another copy.
    const copy = new Uint8Array(bytes).buffer;
    target.postMessage({ id, buffer: copy }, [copy]);
  });
}
