import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestQueue, REQUEST_QUEUE_LIMITS } from './request-queue';

type Deferred = { promise: Promise<string>; resolve: (value: string) => void; reject: (error: unknown) => void };

function deferred(): Deferred {
  let resolve: (value: string) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A task that records when it starts and finishes when the test says so. */
function controllable(name: string, started: string[]) {
  const d = deferred();
  let signal: AbortSignal | null = null;
  const task = (s: AbortSignal) => {
    signal = s;
    started.push(name);
    return d.promise;
  };
  return { task, finish: d.resolve, fail: d.reject, signal: () => signal };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request queue', () => {
  it('uses 6 concurrent, 10 s timeout, urgent priority 10', () => {
    expect(REQUEST_QUEUE_LIMITS).toEqual({ maxConcurrent: 6, timeoutMs: 10_000, urgentPriority: 10 });
  });

  it('the 7th concurrent call waits until one of the first 6 finishes', async () => {
    const queue = createRequestQueue();
    const started: string[] = [];
    const tasks = Array.from({ length: 7 }, (_, i) => controllable(`t${i}`, started));
    const results = tasks.map((t) => queue.add(t.task));
    expect(started).toEqual(['t0', 't1', 't2', 't3', 't4', 't5']);
    expect(queue.active).toBe(6);
    expect(queue.waiting).toBe(1);

    tasks[2]?.finish('done-2');
    await expect(results[2]).resolves.toBe('done-2');
    expect(started).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6']);
    expect(queue.active).toBe(6);
    expect(queue.waiting).toBe(0);

    tasks.forEach((t, i) => t.finish(`done-${i}`));
    await expect(Promise.all(results)).resolves.toEqual(['done-0', 'done-1', 'done-2', 'done-3', 'done-4', 'done-5', 'done-6']);
    expect(queue.active).toBe(0);
  });

  it("rejects a non-urgent call at 10 s with 'Request timeout' and aborts its signal", async () => {
    const queue = createRequestQueue();
    const started: string[] = [];
    const slow = controllable('slow', started);
    const result = queue.add(slow.task);
    const settled = vi.fn();
    result.catch(settled);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow(new Error('Request timeout'));
    expect(slow.signal()?.aborted).toBe(true);
    expect(queue.active).toBe(0);
  });

  it('a waiting non-urgent call also times out at 10 s and leaves the queue', async () => {
    const queue = createRequestQueue();
    const started: string[] = [];
    for (let i = 0; i < 6; i += 1) void queue.add(controllable(`u${i}`, started).task, { urgent: true });
    const waiting = queue.add(controllable('late', started).task);
    expect(queue.waiting).toBe(1);
    vi.advanceTimersByTime(10_000);
    await expect(waiting).rejects.toThrow('Request timeout');
    expect(queue.waiting).toBe(0);
    expect(started).not.toContain('late');
  });

  it('an urgent call has no timeout', async () => {
    const queue = createRequestQueue();
    const started: string[] = [];
    const urgent = controllable('urgent', started);
    const result = queue.add(urgent.task, { urgent: true });
    await vi.advanceTimersByTimeAsync(60_000);
    urgent.finish('late but fine');
    await expect(result).resolves.toBe('late but fine');
  });

  it('urgent jumps ahead; higher priority starts first, FIFO within a priority', async () => {
    const queue = createRequestQueue();
    const started: string[] = [];
    const blockers = Array.from({ length: 6 }, (_, i) => controllable(`b${i}`, started));
    blockers.forEach((b) => void queue.add(b.task));
    const rest = [
      { t: controllable('low-1', started), options: {} },
      { t: controllable('mid', started), options: { priority: 5 } },
      { t: controllable('low-2', started), options: {} },
      { t: controllable('urgent', started), options: { urgent: true } },
    ];
    const results = rest.map(({ t, options }) => queue.add(t.task, options));
    started.length = 0;

    for (const b of blockers) {
      b.finish('ok');
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(started).toEqual(['urgent', 'mid', 'low-1', 'low-2']);
    rest.forEach(({ t }) => t.finish('ok'));
    await expect(Promise.all(results)).resolves.toHaveLength(4);
  });

  it("cancelAll rejects the waiting calls with 'Request cancelled' and keeps the running ones", async () => {
    const queue = createRequestQueue();
    const started: string[] = [];
    const running = Array.from({ length: 6 }, (_, i) => controllable(`r${i}`, started));
    const runningResults = running.map((r) => queue.add(r.task));
    const waiting = [queue.add(controllable('w1', started).task), queue.add(controllable('w2', started).task, { urgent: true })];

    queue.cancelAll();
    await expect(waiting[0]).rejects.toThrow(new Error('Request cancelled'));
    await expect(waiting[1]).rejects.toThrow('Request cancelled');
    expect(queue.waiting).toBe(0);
    running.forEach((r) => r.finish('ok'));
    await expect(Promise.all(runningResults)).resolves.toHaveLength(6);
    expect(started).not.toContain('w1');
  });

  it("aborting the caller's signal cancels a waiting call; an aborted signal is refused at once", async () => {
    const queue = createRequestQueue({ maxConcurrent: 1 });
    const started: string[] = [];
    const first = controllable('first', started);
    const firstResult = queue.add(first.task);
    const controller = new AbortController();
    const second = queue.add(controllable('second', started).task, { signal: controller.signal });
    controller.abort();
    await expect(second).rejects.toThrow('Request cancelled');
    await expect(queue.add(controllable('third', started).task, { signal: controller.signal })).rejects.toThrow('Request cancelled');
    first.finish('ok');
    await expect(firstResult).resolves.toBe('ok');
    expect(started).toEqual(['first']);
  });

  it("aborting the caller's signal aborts a running call's signal", async () => {
    const queue = createRequestQueue();
    const started: string[] = [];
    const call = controllable('call', started);
    const controller = new AbortController();
    const result = queue.add(call.task, { signal: controller.signal });
    controller.abort();
    expect(call.signal()?.aborted).toBe(true);
    call.fail(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(result).rejects.toThrow('The operation was aborted.');
    expect(queue.active).toBe(0);
  });

  it('a task that throws synchronously rejects and frees its slot', async () => {
    const queue = createRequestQueue({ maxConcurrent: 1 });
    await expect(
      queue.add(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(queue.add(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
