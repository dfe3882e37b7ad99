import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test/use-test-server';

// Slow clients on real sockets: headers or a body trickling in a byte a second are cut off near
// the configured timeouts (short ones here), and an idle keep-alive connection is closed.

const HEADERS_MS = 3000;
const REQUEST_MS = 6000;
const KEEP_ALIVE_MS = 2000;

const server = useTestServer({
  HEADERS_TIMEOUT_MS: String(HEADERS_MS),
  REQUEST_TIMEOUT_MS: String(REQUEST_MS),
  KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
});
let port = 0;

beforeAll(() => {
  port = Number(new URL(server.url).port);
});

type Outcome = { closedAfterMs: number; received: string };

/** Opens a socket, sends `head` at once, then `drip` one byte a second; resolves when the server closes it. */
function trickle(head: string, drip: string, giveUpMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect({ host: '127.0.0.1', port });
    let received = '';
    let index = 0;
    const timer = setInterval(() => {
      if (index < drip.length && !socket.destroyed) socket.write(drip[index++] ?? '');
    }, 1000);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms; received: ${received.slice(0, 200)}`));
    }, giveUpMs);
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, received });
    };
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.on('connect', () => socket.write(head));
  });
}

describe('slow clients', () => {
  it('cuts off a client sending its headers one byte a second near the headers timeout', async () => {
    const outcome = await trickle('GET /api/health HTTP/1.1\r\n', `Host: 127.0.0.1\r\nX-Slow: ${'a'.repeat(60)}\r\n\r\n`, 20_000);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 500);
    expect(outcome.closedAfterMs).toBeLessThan(HEADERS_MS + 2500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('cuts off a client sending its body one byte a second near the request timeout', async () => {
    const head = `POST /api/rpc/user_exists_by_email HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`;
    const outcome = await trickle(head, `{"_email":"${'a'.repeat(190)}`, 30_000);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 500);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_MS + 2500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  }, 40_000);

  it('closes an idle keep-alive connection after the keep-alive timeout, and serves a prompt request', async () => {
    const outcome = await trickle('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '', 20_000);
    expect(outcome.received).toContain('HTTP/1.1 200 OK');
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 500);
    expect(outcome.closedAfterMs).toBeLessThan(KEEP_ALIVE_MS + 2500);
  }, 30_000);
});
