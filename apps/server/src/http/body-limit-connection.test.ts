import { Agent, request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// A body over the limit is answered 413 and the connection is then closed honestly
// (`Connection: close`), so a keep-alive client opens a fresh one for its next request instead
// of sending it on a socket the server is about to drop.

const server = useTestServer();
let owner: SignedUpUser;

beforeAll(async () => {
  owner = await server.signUpVerified({ companyName: 'Keep Alive Roofing' });
});

type Answer = { status: number; connection: string | undefined; text: string };

function send(agent: Agent, method: string, path: string, body: Buffer | null, headers: Record<string, string> = {}, chunked = false): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    let answer: Answer | null = null;
    const req = request(
      {
        agent,
        hostname,
        port,
        path,
        method,
        headers: {
          Origin: server.url,
          Cookie: owner.client.cookieHeader(),
          ...(body && !chunked ? { 'Content-Length': String(body.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          answer = { status: res.statusCode ?? 0, connection: res.headers.connection, text };
          resolve(answer);
        });
      },
    );
    // The server may stop reading once it has answered: a write error after the answer is expected.
    req.on('error', (error) => {
      if (!answer) reject(error);
    });
    if (body && chunked) {
      for (let offset = 0; offset < body.length; offset += 64 * 1024) req.write(body.subarray(offset, offset + 64 * 1024));
      req.end();
    } else {
      req.end(body ?? undefined);
    }
  });
}

describe('413 on a keep-alive connection', () => {
  it('answers every too-large body with 413 and the next request on the same agent succeeds, 20 times', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const bigJson = Buffer.from(JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024) }));
    const bigImage = Buffer.alloc(6 * 1024 * 1024, 1);
    const tooLarge: [string, string, Buffer, Record<string, string>, boolean][] = [
      ['PATCH', '/api/me', bigJson, { 'Content-Type': 'application/json' }, false],
      ['PATCH', '/api/me', bigJson, { 'Content-Type': 'application/json' }, true],
      ['PUT', '/api/me/avatar', bigImage, { 'Content-Type': 'image/png' }, false],
      ['PUT', '/api/company/logo', bigImage, { 'Content-Type': 'image/png' }, true],
    ];
    try {
      for (let round = 0; round < 20; round++) {
        const request = tooLarge[round % tooLarge.length];
        if (!request) throw new Error('no request');
        const [method, path, body, headers, chunked] = request;
        const refused = await send(agent, method, path, body, headers, chunked);
        expect(refused.status, `round ${round}: ${method} ${path}${chunked ? ' chunked' : ''}`).toBe(413);
        expect(refused.connection, `round ${round}`).toBe('close');
        expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
        const next = await send(agent, 'GET', '/api/me', null);
        expect(next.status, `round ${round}: the request after the 413`).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  }, 120_000);

  it('keeps the connection alive for ordinary answers, errors included', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const bad = await send(agent, 'PATCH', '/api/me', Buffer.from('{"firstName": 1}'), { 'Content-Type': 'application/json' });
      expect(bad.status).toBe(400);
      expect(bad.connection).toBe('keep-alive');
      expect((await send(agent, 'GET', '/api/me', null)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
