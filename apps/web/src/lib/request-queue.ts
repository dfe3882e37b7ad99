// Request queue: at most 6 API calls in flight, higher priority first (FIFO within a
// priority), non-urgent calls rejected after 10 s, urgent calls (priority 10) never time out.
// Rejections are exactly 'Request timeout' and 'Request cancelled'.

export const REQUEST_QUEUE_LIMITS = { maxConcurrent: 6, timeoutMs: 10_000, urgentPriority: 10 } as const;
export const REQUEST_TIMEOUT_MESSAGE = 'Request timeout';
// eslint-disable-next-line words/us-english -- the product spec's exact words for a canceled request
export const REQUEST_CANCELLED_MESSAGE = 'Request cancelled';

/** The work of one call; it gets a signal that aborts on timeout or when the caller aborts. */
export type QueueTask<T> = (signal: AbortSignal) => Promise<T>;

export type EnqueueOptions = {
  /** Urgent calls run at priority 10 and have no timeout. */
  urgent?: boolean;
  /** Priority of a non-urgent call (default 0); higher starts first. */
  priority?: number;
  /** The caller's signal: aborting it rejects a waiting call with 'Request cancelled'. */
  signal?: AbortSignal;
};

export type RequestQueue = {
  add<T>(task: QueueTask<T>, options?: EnqueueOptions): Promise<T>;
  /** Rejects every waiting (not yet started) call with 'Request cancelled'. */
  cancelAll(): void;
  /** Calls running now. */
  readonly active: number;
  /** Calls waiting for a slot. */
  readonly waiting: number;
};

type Entry = {
  seq: number;
  priority: number;
  task: QueueTask<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  controller: AbortController;
  timer: ReturnType<typeof setTimeout> | null;
  started: boolean;
  settled: boolean;
  detach: () => void;
};

export function createRequestQueue(config: { maxConcurrent?: number; timeoutMs?: number } = {}): RequestQueue {
  const maxConcurrent = config.maxConcurrent ?? REQUEST_QUEUE_LIMITS.maxConcurrent;
  const timeoutMs = config.timeoutMs ?? REQUEST_QUEUE_LIMITS.timeoutMs;
  const waiting: Entry[] = [];
  let active = 0;
  let seq = 0;

  function settle(entry: Entry, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }): void {
    if (entry.settled) return;
    entry.settled = true;
    if (entry.timer !== null) clearTimeout(entry.timer);
    entry.detach();
    const index = waiting.indexOf(entry);
    if (index >= 0) waiting.splice(index, 1);
    if (entry.started) active -= 1;
    if (outcome.ok) entry.resolve(outcome.value);
    else entry.reject(outcome.error);
    pump();
  }

  /** Index of the next call to start: highest priority, then the oldest. */
  function nextIndex(): number {
    let best = 0;
    for (let i = 1; i < waiting.length; i += 1) {
      const candidate = waiting[i];
      const current = waiting[best];
      if (candidate && current && (candidate.priority > current.priority || (candidate.priority === current.priority && candidate.seq < current.seq))) best = i;
    }
    return best;
  }

  function start(entry: Entry): void {
    entry.started = true;
    active += 1;
    let running: Promise<unknown>;
    try {
      running = entry.task(entry.controller.signal);
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => settle(entry, { ok: true, value }),
      (error: unknown) => settle(entry, { ok: false, error }),
    );
  }

  function pump(): void {
    while (active < maxConcurrent && waiting.length > 0) {
      const [entry] = waiting.splice(nextIndex(), 1);
      if (entry) start(entry);
    }
  }

  function add<T>(task: QueueTask<T>, options: EnqueueOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) {
        reject(new Error(REQUEST_CANCELLED_MESSAGE));
        return;
      }
      const entry: Entry = {
        seq: seq++,
        priority: options.urgent ? REQUEST_QUEUE_LIMITS.urgentPriority : (options.priority ?? 0),
        task,
        resolve: resolve as (value: unknown) => void,
        reject,
        controller: new AbortController(),
        timer: null,
        started: false,
        settled: false,
        detach: () => undefined,
      };
      if (signal) {
        const onAbort = () => {
          // A waiting call is cancelled; a running one is aborted and rejects the way its task does.
          if (entry.started) entry.controller.abort(signal.reason);
          else settle(entry, { ok: false, error: new Error(REQUEST_CANCELLED_MESSAGE) });
        };
        signal.addEventListener('abort', onAbort, { once: true });
        entry.detach = () => signal.removeEventListener('abort', onAbort);
      }
      if (!options.urgent) {
        entry.timer = setTimeout(() => {
          const error = new Error(REQUEST_TIMEOUT_MESSAGE);
          entry.controller.abort(error);
          settle(entry, { ok: false, error });
        }, timeoutMs);
      }
      waiting.push(entry);
      pump();
    });
  }

  function cancelAll(): void {
    for (const entry of [...waiting]) settle(entry, { ok: false, error: new Error(REQUEST_CANCELLED_MESSAGE) });
  }

  return {
    add,
    cancelAll,
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** The app's one queue; every API call goes through it. */
export const requestQueue = createRequestQueue();
