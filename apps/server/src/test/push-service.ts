import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

// A browser vendor's push service, on 127.0.0.1, for tests (Debian's Chromium has none): it hands out
// subscriptions as a browser would (a P-256 key pair and a 16-byte auth secret), checks each push's
// VAPID header like a real push service (an ES256 JWT for the endpoint's origin, signed with the key
// sent beside it), decrypts the aes128gcm body with the subscription's private key and records the
// JSON payload. Subscriptions marked gone answer 410 (or 404), failing ones 500.

export type LocalSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  subscriptionId: string;
  endpoint: string;
  payload: unknown;
  ttl: string | undefined;
  /** The VAPID public key (k=) the push was signed with. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
};

export type RefusedPush = { subscriptionId: string; status: number; reason: string };

/** http_ece (web push's encrypted content-encoding) ships without types: the one call used here. */
type Ece = { decrypt: (buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }) => Buffer };
const ece = createRequire(import.meta.url)('http_ece') as Ece;

type Holder = { ecdh: ECDH; authSecret: Buffer; answer: number };

const b64url = (bytes: Buffer) => bytes.toString('base64url');

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Checks `vapid t=<JWT>, k=<key>` as a push service does; the claims when valid, else why not. */
export function checkVapidHeader(
  header: string | undefined,
  origin: string,
  now = Date.now(),
): { ok: true; key: string; claims: ReceivedPush['claims'] } | { ok: false; reason: string } {
  const match = /^vapid\s+t=([\w-]+\.[\w-]+\.[\w-]+)\s*,\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return { ok: false, reason: 'no vapid authorization' };
  const [token, key] = [match[1], match[2]];
  const [head = '', body = '', signature = ''] = token.split('.');
  let claims: Record<string, unknown>;
  try {
    const alg = (JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
    if (alg !== 'ES256') return { ok: false, reason: `alg ${String(alg)}` };
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'malformed jwt' };
  }
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { ok: false, reason: 'k is not an uncompressed P-256 point' };
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return { ok: false, reason: 'bad signature' };
  const { aud, exp, sub } = claims;
  if (aud !== origin) return { ok: false, reason: `aud ${String(aud)} is not ${origin}` };
  const nowSeconds = Math.floor(now / 1000);
  if (typeof exp !== 'number' || exp <= nowSeconds || exp > nowSeconds + 24 * 3600) return { ok: false, reason: 'exp not within 24 h' };
  if (typeof sub !== 'string' || sub.length === 0) return { ok: false, reason: 'no sub' };
  return { ok: true, key, claims: { aud, exp, sub } };
}

export type LocalPushService = {
  origin: string;
  /** A fresh subscription, as PushManager.subscribe would give it. */
  subscribe: () => LocalSubscription;
  /** Answer pushes to this subscription with 410 Gone (or 404). */
  markGone: (endpoint: string, status?: 404 | 410) => void;
  /** Answer pushes to this subscription with a server error. */
  markFailing: (endpoint: string) => void;
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** Waits until `count` pushes have been received (or refused, when `refused` is true). */
  waitFor: (count: number, options?: { refused?: boolean; timeoutMs?: number }) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Starts the push service on 127.0.0.1, on `port` (the e2e stack lists a fixed one in PUSH_TEST_HOSTS)
 * or a free one. The server reaches it only when its host:port is listed in PUSH_TEST_HOSTS.
 */
export async function startLocalPushService({ port = 0 }: { port?: number } = {}): Promise<LocalPushService> {
  const holders = new Map<string, Holder>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let origin = '';

  const server: Server = createServer((request, response) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const holder = holders.get(id);
      const body = await readBody(request);
      const refuse = (status: number, reason: string) => {
        refused.push({ subscriptionId: id, status, reason });
        response.writeHead(status).end(reason);
      };
      if (request.method !== 'POST') return refuse(405, 'method');
      if (!holder) return refuse(404, 'unknown subscription');
      if (holder.answer !== 201) return refuse(holder.answer, 'marked');
      const vapid = checkVapidHeader(request.headers.authorization, origin);
      if (!vapid.ok) return refuse(403, vapid.reason);
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'content encoding');
      let payload: unknown;
      try {
        payload = JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: holder.ecdh, authSecret: holder.authSecret }).toString('utf8'));
      } catch (error) {
        return refuse(400, `undecryptable: ${error instanceof Error ? error.message : String(error)}`);
      }
      const ttl = request.headers.ttl;
      received.push({
        subscriptionId: id,
        endpoint: `${origin}/push/${id}`,
        payload,
        ttl: Array.isArray(ttl) ? ttl[0] : ttl,
        vapidKey: vapid.key,
        claims: vapid.claims,
      });
      response.writeHead(201).end();
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const holderOf = (endpoint: string) => holders.get(endpoint.split('/').pop() ?? '');

  return {
    origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomUUID();
      holders.set(id, { ecdh, authSecret, answer: 201 });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) } };
    },
    markGone(endpoint, status = 410) {
      const holder = holderOf(endpoint);
      if (holder) holder.answer = status;
    },
    markFailing(endpoint) {
      const holder = holderOf(endpoint);
      if (holder) holder.answer = 500;
    },
    received,
    refused,
    async waitFor(count, { refused: countRefused = false, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while ((countRefused ? refused : received).length < count) {
        if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${count} pushes (received ${received.length}, refused ${refused.length})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
