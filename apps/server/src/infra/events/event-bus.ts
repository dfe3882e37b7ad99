import type { Logger } from '../../lib/logger';
import type { JobQueue, WorkOptions } from '../jobs/queue';
import { EVENTS, type EventName, type EventPayload } from './events';

// How a committed write causes work elsewhere: the writer publishes an event of the list
// (events.ts) once its transaction has committed, and each subscriber gets its own job on the job
// queue (pg-boss), named `<event>--<subscriber>`: subscribers are retried, measured and worked
// independently, by whichever instance claims the job, and one failing never holds back another.
// Features publish; the composition root (subscribers.ts) subscribes, so a feature reacts to
// another's write without importing it.

export type EventHandler<N extends EventName> = (payload: EventPayload<N>) => Promise<void>;

/** What a feature's service needs to announce its writes. */
export type EventPublisher = {
  /**
   * Announces a committed write: one job per subscriber. Call it after the transaction commits (an
   * event of a write that rolled back must never leave); a failure to queue is logged and answered
   * false, never thrown: the write stands (publishers that can, publish again on a retry).
   */
  publish: <N extends EventName>(name: N, payload: EventPayload<N>) => Promise<boolean>;
};

export type EventBus = EventPublisher & {
  /** Registers a subscriber of an event (before the job queue starts); `subscriber` names its queue. */
  subscribe: <N extends EventName>(name: N, subscriber: string, handler: EventHandler<N>, options?: WorkOptions) => void;
};

/** The queue of one subscriber of one event. */
export const subscriberQueue = (name: EventName, subscriber: string) => `${name}--${subscriber}`;

const SUBSCRIBER_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Publishes of the same few milliseconds are queued together, in one statement: a busy chat sends
 * hundreds of messages a second, and a job insert of its own for each (one round trip on the job
 * queue's small pool, and a worker woken each time) made every send wait behind the others.
 */
export const PUBLISH_BATCH_MS = 5;
/** A batch is written at once when it holds this many jobs. */
export const PUBLISH_BATCH_MAX = 200;

type Pending = { jobs: { name: string; data: object }[]; written: Promise<void>; write: () => void };

export function createEventBus(jobs: JobQueue, logger: Pick<Logger, 'warn'>): EventBus {
  const subscribers = new Map<EventName, string[]>();
  let pending: Pending | null = null;

  /** The batch a publish joins: written after PUBLISH_BATCH_MS, or at once when full. */
  function batch(): Pending {
    if (pending && pending.jobs.length < PUBLISH_BATCH_MAX) return pending;
    const next: Pending = { jobs: [], written: Promise.resolve(), write: () => undefined };
    let timer: ReturnType<typeof setTimeout> | null = null;
    next.written = new Promise<void>((resolve, reject) => {
      next.write = () => {
        if (timer) clearTimeout(timer);
        if (pending === next) pending = null;
        jobs.sendMany(next.jobs).then(resolve, reject);
      };
    });
    timer = setTimeout(next.write, PUBLISH_BATCH_MS);
    pending = next;
    return next;
  }

  return {
    subscribe(name, subscriber, handler, options) {
      if (!SUBSCRIBER_NAME.test(subscriber)) throw new Error(`A subscriber's name is kebab-case: ${subscriber}`);
      const queues = subscribers.get(name) ?? [];
      const queue = subscriberQueue(name, subscriber);
      if (queues.includes(queue)) throw new Error(`${subscriber} already subscribes to ${name}`);
      subscribers.set(name, [...queues, queue]);
      // The payload is parsed again when worked: a job written by an older release, or by hand, is
      // refused (and fails visibly in the queue) rather than handed over in another shape.
      jobs.define<object>(queue, (data) => handler(EVENTS[name].parse(data) as EventPayload<typeof name>), options);
    },
    async publish(name, payload) {
      const data = EVENTS[name].parse(payload);
      const queues = subscribers.get(name) ?? [];
      if (queues.length === 0) return true;
      try {
        const joined = batch();
        joined.jobs.push(...queues.map((queue) => ({ name: queue, data })));
        if (joined.jobs.length >= PUBLISH_BATCH_MAX) joined.write();
        await joined.written;
        return true;
      } catch (error) {
        logger.warn({ err: error instanceof Error ? error.message : String(error), event: name }, 'event not published');
        return false;
      }
    },
  };
}
