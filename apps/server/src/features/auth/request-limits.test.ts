import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/test-server';

// The per-IP limits of the anonymous auth calls: 60 e-mail-exists checks a minute and 10 reset
// requests an hour. The general write ceiling is raised here so only these limits can answer 429;
// requests leave from distinct loopback addresses to show the count is per IP.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ API_WRITE_LIMIT: '100000' });
});
afterAll(() => server.stop());

type Answer = { status: number; retryAfter: string | undefined; body: unknown };

/** POSTs JSON from a chosen local address (127.0.0.x are all this machine on Linux). */
function postFrom(localAddress: string, path: string, json: unknown): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path,
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Origin: server.url },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function statuses(localAddress: string, path: string, makeBody: () => unknown, count: number): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await postFrom(localAddress, path, makeBody())).status);
  return result;
}

describe('e-mail exists check', () => {
  it('answers 60 calls a minute per IP, then 429 with Retry-After; another IP is not affected', async () => {
    const path = '/api/rpc/user_exists_by_email';
    const ip = '127.0.0.11';
    expect(await statuses(ip, path, () => ({ _email: uniqueEmail('probe') }), 60)).toEqual(Array(60).fill(200));
    const refused = await postFrom(ip, path, { _email: uniqueEmail('probe') });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect((await postFrom('127.0.0.12', path, { _email: uniqueEmail('probe') })).status).toBe(200);
  });
});

describe('password reset requests', () => {
  it('answers 10 an hour per IP, then 429 with Retry-After; another IP is not affected', async () => {
    const path = '/api/auth/request-password-reset';
    const ip = '127.0.0.13';
    expect(await statuses(ip, path, () => ({ email: uniqueEmail('reset') }), 10)).toEqual(Array(10).fill(200));
    const refused = await postFrom(ip, path, { email: uniqueEmail('reset') });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(60);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60 * 60);
    expect((await postFrom('127.0.0.14', path, { email: uniqueEmail('reset') })).status).toBe(200);
  });
});
