// Performance metrics keep the last 100 entries.

export const PERF_METRICS_LIMIT = 100;

/** One timed call: what it was, how long it took, when it ended (epoch ms) and whether it worked. */
export type PerfEntry = { name: string; durationMs: number; at: number; ok: boolean };

export type PerfMetrics = {
  record(entry: PerfEntry): void;
  /** The kept entries, oldest first. */
  entries(): readonly PerfEntry[];
  clear(): void;
};

export function createPerfMetrics(limit: number = PERF_METRICS_LIMIT): PerfMetrics {
  let kept: PerfEntry[] = [];
  return {
    record(entry) {
      kept.push(entry);
      if (kept.length > limit) kept = kept.slice(kept.length - limit);
    },
    entries: () => kept.slice(),
    clear() {
      kept = [];
    },
  };
}

/** The app's one metrics store; the API client records every call here. */
export const perfMetrics = createPerfMetrics();
