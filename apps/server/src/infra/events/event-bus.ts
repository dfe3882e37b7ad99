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

export function createEventBus(jobs: JobQueue, logger: Pick<Logger, 'warn'>): EventBus {
  const subscribers = new Map<EventName, string[]>();
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
      try {
        await Promise.all(queues.map((queue) => jobs.send(queue, data)));
        return true;
      } catch (error) {
        logger.warn({ err: error instanceof Error ? error.message : String(error), event: name }, 'event not published');
        return false;
      }
    },
  };
}
