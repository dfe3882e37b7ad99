import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../infra/db/client';
import { createLogger } from '../../lib/logger';
import { freePort } from '../../test/processes';
import { startTestServer } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { createHealthService } from './health.service';

// Liveness, readiness and the Prometheus metrics of an instance, on a real server and database.
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const metricsPort = await freePort();

describe('with a metrics token and a metrics port', () => {
  const server = useTestServer(() => ({ METRICS_TOKEN, METRICS_PORT: String(metricsPort) }));

  it('answers liveness without the database and readiness with it', async () => {
    const live = await server.client().get('/api/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'live', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const ready = await server.client().get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'external', version: expect.any(String) });
  });

  it('says not ready (503 SHUTTING_DOWN) once the instance drains, and not ready while its database is gone', async () => {
    const draining = createHealthService({ db: server.db, databaseMode: 'external', version: '1.0.0', draining: () => true });
    await expect(draining.ready()).rejects.toMatchObject({ code: 'SHUTTING_DOWN', status: 503 });
    expect(draining.live()).toEqual({ status: 'live', version: '1.0.0' });
    // A pool pointed at a port where no PostgreSQL listens.
    const unreachable = openDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/none`, createLogger('silent'), 1);
    try {
      const gone = createHealthService({ db: unreachable.db, databaseMode: 'external', version: '1.0.0', draining: () => false });
      await expect(gone.ready()).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503 });
    } finally {
      await unreachable.close();
    }
  });

  it('serves /metrics only with the token: 401 in the error shape without it', async () => {
    const none = await server.client().get('/metrics');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: { code: 'UNAUTHENTICATED', requestId: expect.any(String) } });
    const wrong = await server.client().get('/metrics', { headers: { Authorization: 'Bearer not-the-token-at-all-000' } });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('ridgeline_http_request_duration_seconds');
  });

  it('counts answers by route pattern and status, jobs by queue, sockets and queue depths', async () => {
    const user = await server.signUpVerified();
    const projectId = '00000000-0000-4000-8000-000000000000';
    expect((await user.client.get(`/api/projects/${projectId}`)).status).toBe(404);
    await server.client().get('/api/live');
    const scrape = await server.client().get('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    const text = scrape.text;
    expect(text).toMatch(/ridgeline_http_request_duration_seconds_count\{method="GET",route="\/api\/live",status="200"\} [1-9]/);
    // The pattern, never the id: a thousand claim files are one series.
    expect(text).toMatch(/ridgeline_http_request_duration_seconds_count\{method="GET",route="\/api\/projects\/:id",status="404"\} 1/);
    expect(text).not.toContain(projectId);
    expect(text).toMatch(/ridgeline_realtime_sockets 0/);
    expect(text).toMatch(/ridgeline_job_queue_waiting\{queue="[\w-]+"\} \d+/);
    expect(text).toContain('ridgeline_process_cpu_seconds_total');
    // The sign-up's confirmation mail was a job: its duration is counted under its queue.
    await expect
      .poll(async () => (await server.client().get('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text, { timeout: 10_000 })
      .toMatch(/ridgeline_job_duration_seconds_count\{queue="[\w-]+",outcome="completed"\} [1-9]/);
  });

  it('serves the same metrics without a token on the metrics port, and nothing else there', async () => {
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('ridgeline_http_request_duration_seconds_count');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
  });
});

describe('without a metrics token', () => {
  const server = useTestServer();

  it('serves no metrics on the app port (404 in the error shape)', async () => {
    const response = await server.client().get('/metrics');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

/** An address of this machine that is not loopback: where another machine of the network would connect. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

/** The metrics port's answer at an address: its status, or 'refused' when nothing listens there. */
async function scrapeAt(address: string, port: number): Promise<number | 'refused'> {
  try {
    return (await fetch(`http://${address}:${port}/metrics`, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 'refused';
  }
}

describe('the metrics port on a server listening on every interface', () => {
  it('listens on loopback only unless METRICS_HOST says otherwise', async () => {
    expect(loadConfig({}).metrics.host).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_HOST: '0.0.0.0' }).metrics.host).toBe('0.0.0.0');
    if (!outsideAddress) throw new Error('this machine has no network address but loopback: the test needs one to look from');

    const port = await freePort();
    const everywhere = await startTestServer({ HOST: '0.0.0.0', METRICS_PORT: String(port) });
    try {
      expect(await scrapeAt('127.0.0.1', port)).toBe(200);
      // The app itself answers there; the token-less metrics do not.
      expect((await fetch(`http://${outsideAddress}:${new URL(everywhere.url).port}/api/live`)).status).toBe(200);
      expect(await scrapeAt(outsideAddress, port)).toBe('refused');
    } finally {
      await everywhere.stop();
    }

    const openPort = await freePort();
    const opened = await startTestServer({ HOST: '0.0.0.0', METRICS_PORT: String(openPort), METRICS_HOST: '0.0.0.0' });
    try {
      expect(await scrapeAt(outsideAddress, openPort)).toBe(200);
    } finally {
      await opened.stop();
    }
  });
});
