import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// The instance's metrics in Prometheus's text format (prom-client, a registry per instance, never
// the library's global one, so test servers in one process do not mix). What is measured:
// - every HTTP answer: its duration by method, route pattern (never the raw path, so ids do not
//   multiply the series) and status; photo uploads and document downloads are routes like any other;
// - every job: its duration and outcome by queue (the render-document queue's are the render timings);
// - at each scrape: the open realtime sockets and the jobs waiting per queue;
// - the process: CPU, memory, event-loop delay, handles (prom-client's defaults).

/** Seconds buckets from a fast read to a slow upload or render. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export type Metrics = {
  /** One HTTP answer: method, route pattern ('*' when no route matched), status, seconds. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One job: its queue, whether it succeeded, seconds. */
  observeJob(queue: string, ok: boolean, seconds: number): void;
  /** Adds a value read at each scrape (open sockets, queue depths). */
  gauge(name: string, help: string, labelNames: readonly string[], read: () => Promise<{ labels?: Record<string, string>; value: number }[]>): void;
  /** The text a Prometheus scrape reads, and its content type. */
  scrape(): Promise<{ body: string; contentType: string }>;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ridgeline_' });
  const requests = new Histogram({
    name: 'ridgeline_http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern and status, with their duration in seconds.',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'ridgeline_job_duration_seconds',
    help: 'Jobs worked by this instance, by queue and outcome, with their duration in seconds.',
    labelNames: ['queue', 'outcome'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'ridgeline_job_failures_total',
    help: 'Jobs of this instance that failed (pg-boss retries them up to three times).',
    labelNames: ['queue'],
    registers: [registry],
  });

  return {
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    observeJob(queue, ok, seconds) {
      jobs.observe({ queue, outcome: ok ? 'completed' : 'failed' }, seconds);
      if (!ok) failures.inc({ queue });
    },
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          this.reset();
          for (const { labels, value } of await read()) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      });
    },
    async scrape() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
