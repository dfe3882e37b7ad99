import { WebSocket } from 'ws';
import { realtimeEventSchema, type RealtimeEvent } from '@ridgeline/shared/contracts/chat';

// A realtime socket as a test opens it: every event it received, a wait for the next matching one,
// and the refusal or close it met.

export type TestSocket = {
  ws: WebSocket;
  events: RealtimeEvent[];
  /** Resolves with the first event (already received or coming) matching, or rejects after `timeoutMs`. */
  next: (match: (event: RealtimeEvent) => boolean, timeoutMs?: number) => Promise<RealtimeEvent>;
  /** Resolves with the close code once the socket closes. */
  closed: Promise<number>;
  /** Resolves with the close code and reason once the socket closes. */
  closedWith: Promise<{ code: number; reason: string }>;
  close: () => void;
};

export type SocketRefusal = { status: number; body: string };

/** Opens ws://…/api/realtime (or another path) with the given headers; rejects with the HTTP refusal when the upgrade is refused. */
export function openTestSocket(baseUrl: string, headers: Record<string, string>, path = '/api/realtime'): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}`, { headers });
  const events: RealtimeEvent[] = [];
  const waiters = new Set<{ match: (event: RealtimeEvent) => boolean; resolve: (event: RealtimeEvent) => void }>();
  ws.on('message', (data) => {
    const parsed = realtimeEventSchema.safeParse(JSON.parse(data.toString()));
    if (!parsed.success) throw new Error(`The socket received an event outside the contract: ${data.toString()}`);
    events.push(parsed.data);
    for (const waiter of waiters) {
      if (!waiter.match(parsed.data)) continue;
      waiters.delete(waiter);
      waiter.resolve(parsed.data);
    }
  });
  const closedWith = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const closed = closedWith.then(({ code }) => code);
  const next = (match: (event: RealtimeEvent) => boolean, timeoutMs = 1000) =>
    new Promise<RealtimeEvent>((resolve, reject) => {
      const seen = events.find(match);
      if (seen) return resolve(seen);
      const waiter = {
        match,
        resolve: (event: RealtimeEvent) => {
          clearTimeout(timer);
          resolve(event);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`No matching realtime event within ${timeoutMs} ms (received: ${JSON.stringify(events)})`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, events, next, closed, closedWith, close: () => ws.close() }));
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        reject(
          Object.assign(new Error(`upgrade refused with ${response.statusCode}`), {
            refusal: { status: response.statusCode ?? 0, body } satisfies SocketRefusal,
          }),
        ),
      );
    });
    ws.once('error', reject);
  });
}

/** The HTTP refusal of an upgrade that was expected to fail. */
export async function refusedUpgrade(baseUrl: string, headers: Record<string, string>, path?: string): Promise<SocketRefusal> {
  try {
    const socket = await openTestSocket(baseUrl, headers, path);
    socket.close();
  } catch (error) {
    const refusal = (error as { refusal?: SocketRefusal }).refusal;
    if (refusal) return refusal;
    throw error;
  }
  throw new Error('The upgrade was accepted');
}

/**
 * A signed-in user's socket on the test server, once its `ready` arrived; added to `opened` so the
 * file closes them all after its tests.
 */
export async function openReadySocket(baseUrl: string, user: { client: { cookieHeader: () => string } }, opened: TestSocket[]): Promise<TestSocket> {
  const socket = await openTestSocket(baseUrl, { Origin: baseUrl, Cookie: user.client.cookieHeader() });
  opened.push(socket);
  await socket.next((event) => event.type === 'ready');
  return socket;
}
