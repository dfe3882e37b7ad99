import { describe, expect, it } from 'vitest';
import { answer, apiError, json, sentPaths } from '../test/fake-server';
import { createPerfMetrics, PERF_METRICS_LIMIT } from './perf-metrics';

const entry = (i: number) => ({ name: `GET /api/things/${i}`, durationMs: i, at: 1_000 + i, ok: i % 2 === 0 });

describe('perf metrics', () => {
  it('records {name, durationMs, at, ok} in order', () => {
    const metrics = createPerfMetrics();
    metrics.record(entry(1));
    metrics.record(entry(2));
    expect(metrics.entries()).toEqual([entry(1), entry(2)]);
  });

  it('keeps only the last 100 entries', () => {
    expect(PERF_METRICS_LIMIT).toBe(100);
    const metrics = createPerfMetrics();
    for (let i = 0; i < 150; i += 1) metrics.record(entry(i));
    const kept = metrics.entries();
    expect(kept).toHaveLength(100);
    expect(kept[0]).toEqual(entry(50));
    expect(kept[99]).toEqual(entry(149));
  });

  it('hands out copies and can be cleared', () => {
    const metrics = createPerfMetrics();
    metrics.record(entry(1));
    expect(metrics.entries()).not.toBe(metrics.entries());
    expect(metrics.entries()).toHaveLength(1);
    metrics.clear();
    expect(metrics.entries()).toEqual([]);
  });
});

describe('api client timing', () => {
  it('records every call with its duration and outcome', async () => {
    answer('GET /api/projects', json({ ok: true }));
    answer('DELETE /api/broken', apiError('INTERNAL_ERROR'));
    const { api } = await import('./api-client');
    const { perfMetrics } = await import('./perf-metrics');
    perfMetrics.clear();
    await api.get('/api/projects?page=2');
    await api.delete('/api/broken').catch(() => undefined);
    const [first, second] = perfMetrics.entries();
    expect(first).toMatchObject({ name: 'GET /api/projects', ok: true });
    expect(second).toMatchObject({ name: 'DELETE /api/broken', ok: false });
    expect(first?.durationMs).toBeGreaterThanOrEqual(0);
    expect(typeof first?.at).toBe('number');
    expect(sentPaths()).toEqual(['GET /api/projects?page=2', 'DELETE /api/broken']);
  });
});
