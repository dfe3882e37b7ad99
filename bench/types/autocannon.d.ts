// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p99: number; max: number };
  export type Result = { requests: Histogram & { total: number }; latency: Histogram; non2xx: number; errors: number };
  type Options = { url: string; connections?: number; duration?: number; amount?: number; headers?: Record<string, string> };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
