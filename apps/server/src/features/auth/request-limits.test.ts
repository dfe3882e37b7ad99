import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// The per-IP limits of the anonymous auth calls: 60 e-mail-exists checks a minute and 10 reset
// requests an hour. The general write ceiling is raised here so only these limits can answer 429;
// requests leave from distinct loopback addresses to show the count is per IP.

const server = useTestServer({ API_WRITE_LIMIT: '100000' });

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

type PerIpLimit = {
  path: string;
  /** The address that reaches the limit, and another one that must not be affected by it. */
  ip: string;
  otherIp: string;
  count: number;
  body: () => unknown;
  /** Bounds of the Retry-After seconds: above the first, at most the second. */
  retryAfter: [number, number];
};

/** `count` calls from one address pass; the next is refused with 429 and Retry-After; another address still passes. */
async function expectLimitPerIp({ path, ip, otherIp, count, body, retryAfter }: PerIpLimit): Promise<void> {
  expect(await statuses(ip, path, body, count)).toEqual(Array(count).fill(200));
  const refused = await postFrom(ip, path, body());
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  expect(Number(refused.retryAfter)).toBeGreaterThan(retryAfter[0]);
  expect(Number(refused.retryAfter)).toBeLessThanOrEqual(retryAfter[1]);
  expect((await postFrom(otherIp, path, body())).status).toBe(200);
}

describe('e-mail exists check', () => {
  it('answers 60 calls a minute per IP, then 429 with Retry-After; another IP is not affected', async () => {
    const body = () => ({ _email: uniqueEmail('probe') });
    await expectLimitPerIp({ path: '/api/rpc/user_exists_by_email', ip: '127.0.0.11', otherIp: '127.0.0.12', count: 60, body, retryAfter: [0, 60] });
  });
});

describe('password reset requests', () => {
  it('answers 10 an hour per IP, then 429 with Retry-After; another IP is not affected', async () => {
    const body = () => ({ email: uniqueEmail('reset') });
    await expectLimitPerIp({ path: '/api/auth/request-password-reset', ip: '127.0.0.13', otherIp: '127.0.0.14', count: 10, body, retryAfter: [60, 60 * 60] });
  });
});
