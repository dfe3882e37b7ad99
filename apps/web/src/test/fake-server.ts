import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { errorMessage, errorStatus, type ErrorBody, type ErrorCode } from '@ridgeline/shared/domain/errors';
import { REQUEST_ID_HEADER } from '@ridgeline/shared/domain/http';

// The one fake API server of the web unit tests. Every request the app makes goes through it: a
// test says what each route answers (JSON, an error of the catalogue, a network failure, after a
// delay) and reads back what was sent. A request no test answered fails the test (see test-setup),
// so a test never passes by talking to nothing.

// Not exported: routes are set only through the helpers below, so every test fakes the API one way.
const server = setupServer();

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** 'METHOD /path' without a query string: the query is read back from `sent()`. */
export type ApiRoute = `${Method} /${string}`;

/** One request the app sent, as the server saw it. */
export type SentRequest = {
  method: string;
  /** The path with its query string, e.g. '/api/tutorials?route=%2Fdashboard'. */
  path: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, the text of any other body, or undefined when there was none. */
  body: unknown;
};

/** What a route answers. Build it with `json`, `noContent`, `apiError` or `networkFailure`. */
export type Reply =
  | { kind: 'json'; status: number; body: JsonBodyType; headers: Record<string, string>; delayMs: number }
  | { kind: 'empty'; status: number; delayMs: number }
  | { kind: 'network'; delayMs: number };

type ReplyOptions = { status?: number; headers?: Record<string, string>; delayMs?: number };

/** A JSON answer, 200 unless told. */
export function json(body: JsonBodyType, options: ReplyOptions = {}): Reply {
  return { kind: 'json', status: options.status ?? 200, body, headers: options.headers ?? {}, delayMs: options.delayMs ?? 0 };
}

/** An answer with no body (204 unless told), as the server sends for a stored report. */
export function noContent(options: { status?: number; delayMs?: number } = {}): Reply {
  return { kind: 'empty', status: options.status ?? 204, delayMs: options.delayMs ?? 0 };
}

let requestCounter = 0;

/** The body every API failure has: `{ error: { message, code, timestamp, requestId } }`. */
export function errorBody(code: ErrorCode, message: string = errorMessage(code), requestId = `req-fake-${++requestCounter}`): ErrorBody {
  return { error: { message, code, timestamp: new Date().toISOString(), requestId } };
}

type ErrorOptions = {
  /** The server's words; the catalogue's default words for the code otherwise. */
  message?: string;
  requestId?: string;
  /** Seconds, sent as Retry-After (the server sends it with RATE_LIMITED and MAINTENANCE). */
  retryAfter?: number;
  delayMs?: number;
};

/** An error answer as the real server sends it: the catalogue's status for the code, the one error shape, X-Request-Id. */
export function apiError(code: ErrorCode, options: ErrorOptions = {}): Reply {
  const body = errorBody(code, options.message, options.requestId);
  const headers: Record<string, string> = { [REQUEST_ID_HEADER]: body.error.requestId };
  if (options.retryAfter !== undefined) headers['Retry-After'] = String(options.retryAfter);
  return { kind: 'json', status: errorStatus(code), body, headers, delayMs: options.delayMs ?? 0 };
}

/** The request never reaches a server (fetch rejects with a TypeError, as when offline). */
export function networkFailure(options: { delayMs?: number } = {}): Reply {
  return { kind: 'network', delayMs: options.delayMs ?? 0 };
}

const sentRequests: SentRequest[] = [];
const pendingBodies = new Set<Promise<void>>();

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  if (request.headers.get('Content-Type')?.includes('application/json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

// Recorded when the request starts, before any handler runs, so unanswered requests are counted
// too: "nothing was sent" means nothing reached the network at all.
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: SentRequest = { method: request.method, path: `${url.pathname}${url.search}`, url, headers: request.headers, body: undefined };
  sentRequests.push(entry);
  const reading = readBody(request.clone()).then((body) => {
    entry.body = body;
  });
  pendingBodies.add(reading);
  void reading.finally(() => pendingBodies.delete(reading));
});

const unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  const url = new URL(request.url);
  unhandled.push(`${request.method} ${url.pathname}${url.search}`);
});

/** Every request sent since the test began, oldest first; only those of one route when given. */
export function sent(route?: ApiRoute): SentRequest[] {
  if (!route) return [...sentRequests];
  const [method, path] = splitRoute(route);
  return sentRequests.filter((r) => r.method === method && r.url.pathname === path);
}

/** 'METHOD /path?query' of every request sent, oldest first. */
export function sentPaths(): string[] {
  return sentRequests.map((r) => `${r.method} ${r.path}`);
}

function splitRoute(route: ApiRoute): [Method, string] {
  const space = route.indexOf(' ');
  return [route.slice(0, space) as Method, route.slice(space + 1)];
}

async function respond(reply: Reply): Promise<Response> {
  // Bodies are recorded before the answer leaves, so a test reading `sent()` after the app has
  // its answer sees them.
  await Promise.all(pendingBodies);
  if (reply.delayMs > 0) await delay(reply.delayMs);
  if (reply.kind === 'network') return HttpResponse.error();
  if (reply.kind === 'empty') return new HttpResponse(null, { status: reply.status });
  return HttpResponse.json(reply.body, { status: reply.status, headers: reply.headers });
}

const handlerFor = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} satisfies Record<Method, unknown>;

/**
 * Makes a route answer. A reply answers every request; a list answers one request each, in turn,
 * and a request past its end is unanswered (the test fails); a function answers from the request.
 * Routes set later win over earlier ones.
 */
export function answer(route: ApiRoute, reply: Reply | Reply[] | ((request: SentRequest) => Reply)): void {
  const [method, path] = splitRoute(route);
  const queue = Array.isArray(reply) ? [...reply] : null;
  server.use(
    handlerFor[method](path, async ({ request }) => {
      let next: Reply | undefined;
      if (queue) next = queue.shift();
      else if (typeof reply === 'function') {
        const url = new URL(request.url);
        next = reply({ method: request.method, path: `${url.pathname}${url.search}`, url, headers: request.headers, body: await readBody(request.clone()) });
      } else next = reply as Reply;
      if (next) return respond(next);
      // The list is used up: reported as unanswered (failing the test), and never passed on to the
      // real network, which is what MSW does with a handler that returns nothing.
      const url = new URL(request.url);
      unhandled.push(`${request.method} ${url.pathname}${url.search} (after its ${(reply as Reply[]).length} replies)`);
      return HttpResponse.error();
    }),
  );
}

/** Answers each route of a table ('METHOD /path' -> reply). */
export function answerAll(routes: Partial<Record<ApiRoute, Reply | Reply[]>>): void {
  for (const [route, reply] of Object.entries(routes) as [ApiRoute, Reply | Reply[]][]) answer(route, reply);
}

// Answers still held when their test ends; see fakeServerLifecycle.reset.
const held = new Set<(reply: Reply) => void>();

/**
 * A route whose answer waits until the test releases it (e.g. to act while a request is in flight,
 * or to keep a page loading). `release` answers every request waiting and every later one.
 */
export function answerWhenReleased(route: ApiRoute): { release: (reply: Reply) => void } {
  let resolve: (reply: Reply) => void = () => undefined;
  const released = new Promise<Reply>((done) => (resolve = done));
  const release = (reply: Reply) => {
    held.delete(release);
    resolve(reply);
  };
  held.add(release);
  const [method, path] = splitRoute(route);
  server.use(handlerFor[method](path, async () => respond(await released)));
  return { release };
}

/** Test-setup hooks: start once per file, forget handlers and records after each test, stop at the end. */
export const fakeServerLifecycle = {
  start(): void {
    server.listen({ onUnhandledRequest: 'error' });
  },
  /** Forgets the test's routes and records; returns the requests nobody answered. */
  reset(): string[] {
    // A request still held would keep one of the app's request-queue slots busy in the next tests
    // (urgent calls never time out): it gets an empty answer, which starts no retry.
    for (const release of [...held]) release(noContent());
    server.resetHandlers();
    sentRequests.length = 0;
    return unhandled.splice(0);
  },
  stop(): void {
    server.close();
  },
};
