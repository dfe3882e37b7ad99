import type { ErrorBody } from '@ridgeline/shared/domain/errors';
import { REQUEST_ID_HEADER } from '@ridgeline/shared/domain/http';
import { perfMetrics } from './perf-metrics';
import { rateLimiter, rateLimitMessage } from './rate-limiter';
import { requestQueue } from './request-queue';
import { logSecurityEvent } from './security-log';

// THE one API client: JSON over same-origin fetch, a request id on every call, and the one error
// shape turned into ApiError. Lint forbids the global fetch anywhere else in the web app.
// Every call is counted by the api_general limiter (refused calls never reach the network), goes
// through the request queue (6 at a time, 10 s timeout unless urgent) and is timed in perf-metrics;
// 403 and 429 answers are written to the security log.

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/** A failed API call: status, the server's code and message, request id, Retry-After seconds. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly requestId: string,
    public readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Anything with zod's parse (kept structural so the landing page's bundle needs no zod). */
type Schema<T> = { parse: (data: unknown) => T };
type Options<T> = {
  schema?: Schema<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Urgent calls jump the request queue (priority 10) and never time out. */
  urgent?: boolean;
};

function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== 'object' || data === null || !('error' in data)) return false;
  const error = (data as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The id sent in the request id header of every call (the server's logs and its error answers name it). */
export function newRequestId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The path without its query string: the limiter key and what the logs record. */
function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end >= 0 ? path.slice(0, end) : path;
}

function logRefusal(method: Method, path: string, error: ApiError): void {
  if (error.status !== 403 && error.status !== 429) return;
  logSecurityEvent('warning', error.status === 403 ? 'http_forbidden' : 'http_rate_limited', error.message, {
    method,
    path: pathOnly(path),
    status: error.status,
    code: error.code,
    requestId: error.requestId,
  });
}

// The tab's requests that may replace its session cookie (any write under /api/auth/: sign-in,
// two-factor on or off, a new password), until their answers have landed.
const pendingAuthWrites = new Set<Promise<unknown>>();

/** Settles once every session-changing request sent so far has its answer (and so its cookie). */
export async function authWritesSettled(): Promise<void> {
  await Promise.allSettled([...pendingAuthWrites]);
}

function request<T>(method: Method, path: string, body: unknown, options: Options<T> = {}): Promise<T> {
  const sent = requestOnce<T>(method, path, body, options);
  if (method === 'GET' || !path.startsWith('/api/auth/')) return sent;
  pendingAuthWrites.add(sent);
  const forget = () => void pendingAuthWrites.delete(sent);
  sent.then(forget, forget);
  return sent;
}

async function requestOnce<T>(method: Method, path: string, body: unknown, options: Options<T> = {}): Promise<T> {
  const name = `${method} ${pathOnly(path)}`;
  const limit = rateLimiter.check('api_general', name);
  if (!limit.allowed) {
    const error = new ApiError(429, 'RATE_LIMITED', rateLimitMessage(limit.retryAfter), newRequestId(), limit.retryAfter);
    logSecurityEvent('warning', 'client_rate_limited', error.message, {
      method,
      path: pathOnly(path),
      requestId: error.requestId,
      retryAfter: limit.retryAfter,
    });
    throw error;
  }
  const startedAt = performance.now();
  let ok = false;
  try {
    // A file upload may take longer than the 10 s a JSON call gets on a slow field connection: it
    // runs without the timeout unless the caller says otherwise.
    const urgent = options.urgent ?? body instanceof Blob;
    const result = await requestQueue.add((signal) => send<T>(method, path, body, options, signal), { urgent, signal: options.signal });
    ok = true;
    return result;
  } catch (error) {
    if (error instanceof ApiError) logRefusal(method, path, error);
    throw error;
  } finally {
    perfMetrics.record({ name, durationMs: performance.now() - startedAt, at: Date.now(), ok });
  }
}

async function send<T>(method: Method, path: string, body: unknown, options: Options<T>, signal: AbortSignal): Promise<T> {
  const requestId = newRequestId();
  const headers: Record<string, string> = { Accept: 'application/json', [REQUEST_ID_HEADER]: requestId, ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof Blob) {
    payload = body;
    headers['Content-Type'] = body.type || 'application/octet-stream';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError(requestId);
  }
  const data = parseAnswer(await response.text());
  if (!response.ok)
    throw answerError({ status: response.status, statusText: response.statusText, data, header: (name) => response.headers.get(name) }, requestId);
  return options.schema ? options.schema.parse(data) : (data as T);
}

/** An answer's body: its JSON, the text itself when it is not JSON, null when empty. */
export function parseAnswer(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What a refused answer says, read from a fetch Response or an XMLHttpRequest alike. */
export type RefusedAnswer = { status: number; statusText: string; data: unknown; header: (name: string) => string | null };

/**
 * The one mapping of a refused answer to ApiError: the server's code and words when the body is the
 * one error shape (SERVER_ERROR or HTTP_ERROR and the status text otherwise), the request id it names
 * (or the one sent), and Retry-After in seconds.
 */
export function answerError(answer: RefusedAnswer, requestId: string): ApiError {
  const shaped = isErrorBody(answer.data) ? answer.data.error : null;
  const retryAfter = Number(answer.header('Retry-After'));
  return new ApiError(
    answer.status,
    shaped ? shaped.code : answer.status >= 500 ? 'SERVER_ERROR' : 'HTTP_ERROR',
    shaped ? shaped.message : answer.statusText || `Request failed (${answer.status})`,
    shaped?.requestId ?? answer.header(REQUEST_ID_HEADER) ?? requestId,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/** A call that got no answer at all (status 0). */
export function networkError(requestId: string): ApiError {
  return new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE, requestId);
}

/** One server-sent event of a streamed answer: its name and its parsed JSON data. */
export type StreamEvent = { event: string; data: unknown };

/** Splits a server-sent-events buffer into its complete events, and what is left to complete. */
export function takeEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const text = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // Not JSON: handed on as text.
      }
      return { event, data };
    });
  return { events, rest };
}

/**
 * A POST answered as server-sent events (the assistant's answers): a refusal before the stream opens
 * is an ApiError like any other call's; then each event is handed to `onEvent` as it arrives. It runs
 * outside the request queue's timeout (an answer may take a while) and stops when `signal` aborts.
 */
async function stream(path: string, body: unknown, options: { signal: AbortSignal; onEvent: (event: StreamEvent) => void }): Promise<void> {
  const name = `POST ${pathOnly(path)}`;
  const limit = rateLimiter.check('api_general', name);
  if (!limit.allowed) throw new ApiError(429, 'RATE_LIMITED', rateLimitMessage(limit.retryAfter), newRequestId(), limit.retryAfter);
  const requestId = newRequestId();
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json', [REQUEST_ID_HEADER]: requestId },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError(requestId);
  }
  if (!response.ok || !response.body) {
    const data = parseAnswer(await response.text());
    const error = answerError({ status: response.status, statusText: response.statusText, data, header: (name) => response.headers.get(name) }, requestId);
    logRefusal('POST', path, error);
    throw error;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const { events, rest } = takeEvents(buffer + value);
    buffer = rest;
    for (const event of events) options.onEvent(event);
  }
}

/** Typed calls to the Ridgeline API. Pass a zod schema to validate what comes back. */
export const api = {
  get: <T>(path: string, options?: Options<T>) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: Options<T>) => request<T>('POST', path, body ?? {}, options),
  patch: <T>(path: string, body: unknown, options?: Options<T>) => request<T>('PATCH', path, body, options),
  put: <T>(path: string, body: unknown, options?: Options<T>) => request<T>('PUT', path, body, options),
  delete: <T = null>(path: string, options?: Options<T>) => request<T>('DELETE', path, undefined, options),
  stream,
};
