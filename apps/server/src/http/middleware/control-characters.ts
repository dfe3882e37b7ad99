import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { hasControlCharacter, hasLoneSurrogate, LONE_SURROGATE_MESSAGE } from '@ridgeline/shared/contracts/common';
import { AppError } from '../../lib/app-error';
import { jsonNestsDeeperThan } from '../../lib/json-depth';
import type { AppEnv } from '../context';
import type { Gate } from './gate';
import { isRawBody, STRIPE_WEBHOOK_PATH } from './write-guard';

// Control characters (U+0000-U+001F, U+007F) are refused at the edge with 400: PostgreSQL cannot
// store a NUL in text, the file system cannot name a file with one, and no person types them.
// Tab, newline and carriage return pass here because multi-line fields hold them; the shared
// single-line helpers (shortText and the others in contracts/common.ts) refuse those too.
// A lone surrogate is refused the same way, in each of its spellings: the JSON escape ("\ud800",
// which JSON.parse turns into one), its bytes in a body (ED A0 80: a body must be UTF-8, and a
// surrogate's bytes are not), and those bytes percent-encoded in a path or query (%ED%A0%80).

const CONTROL_MESSAGE = 'Control characters are not allowed.';
const SURROGATE_MESSAGE = `${LONE_SURROGATE_MESSAGE}.`;
const NOT_UTF8_MESSAGE = 'The request body must be UTF-8 text.';

/** The UTF-8-style bytes of U+D800-U+DFFF (ED A0-BF 80-BF), percent-encoded. */
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a text is refused, or null when it passes. */
function textRefusal(text: string, options: { multiLine: boolean }): string | null {
  if (hasControlCharacter(text, options)) return CONTROL_MESSAGE;
  if (hasLoneSurrogate(text)) return SURROGATE_MESSAGE;
  return null;
}

/** Why any string (or object key) inside a parsed JSON value is refused, or null. */
function jsonRefusal(value: unknown): string | null {
  if (typeof value === 'string') return textRefusal(value, { multiLine: true });
  if (Array.isArray(value)) {
    for (const item of value) {
      const refusal = jsonRefusal(item);
      if (refusal) return refusal;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const refusal = textRefusal(key, { multiLine: true }) ?? jsonRefusal(item);
      if (refusal) return refusal;
    }
  }
  return null;
}

/**
 * Bodies here are JSON (the write guard refuses others); malformed JSON is checked as text. Answers
 * the parsed value when the body is JSON (undefined when it is not). The depth is bounded before
 * the parse, so the walks of the value (jsonRefusal here, zod in the route) stay shallow.
 */
function bodyRefusal(text: string): { refusal: string | null; parsed?: unknown } {
  if (jsonNestsDeeperThan(text)) throw new AppError('JSON_TOO_DEEP');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { refusal: textRefusal(text, { multiLine: true }) };
  }
  return { refusal: jsonRefusal(parsed), parsed };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // malformed percent-encoding: the route answers it
  }
}

/**
 * Refuses a JSON body holding a refused character. The body is read once, through the request's
 * body cache (c.req), which every later reader shares: the route's validator gets the value parsed
 * here, and the auth gateway forwards the same bytes. The caller has bounded the body's size.
 */
async function refuseUnsafeBody(c: Context<AppEnv>): Promise<void> {
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw AppError.badRequest(NOT_UTF8_MESSAGE);
  }
  const { refusal, parsed } = bodyRefusal(text);
  if (refusal) throw AppError.badRequest(refusal);
  if (parsed !== undefined) c.req.bodyCache.json = Promise.resolve(parsed);
}

/** Methods whose requests carry no body (the Node adapter gives them none). */
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a request whose path, query or body holds a control character or a lone surrogate. Runs
 * after the JSON body limit, so it reads at most that many bytes. Raw bodies (PUTs, and the POSTs
 * write-guard.ts lists) are not read here: the
 * uploads are bytes checked by type and have larger limits, and the PUTs that take JSON check their
 * body after their own limit (`rejectUnsafeJsonBody`, part of `jsonPut()`).
 */
export const rejectUnsafeText: Gate = (c) => {
  const url = new URL(c.req.url);
  if (ENCODED_SURROGATE.test(url.pathname) || ENCODED_SURROGATE.test(url.search)) throw AppError.badRequest(SURROGATE_MESSAGE);
  const pathRefusal = textRefusal(decoded(url.pathname), { multiLine: false });
  if (pathRefusal) throw AppError.badRequest(pathRefusal);
  for (const [key, value] of url.searchParams) {
    const refusal = textRefusal(key, { multiLine: false }) ?? textRefusal(value, { multiLine: true });
    if (refusal) throw AppError.badRequest(refusal);
  }
  // Bodies are read only under /api, where the JSON body limit has already bounded them. Stripe's
  // signed webhook is not ours to refuse: its signature proves it, and a refusal would be retried for days.
  // A GET or HEAD carries no body: asking for one would build a web Request for nothing.
  const limited = c.req.path.startsWith('/api/') && !BODYLESS.has(c.req.method) && !isRawBody(c.req.method, c.req.path) && c.req.path !== STRIPE_WEBHOOK_PATH;
  if (limited && c.req.raw.body) return refuseUnsafeBody(c);
};

/** The same check of a JSON PUT's body, run after that route's body limit. */
export const rejectUnsafeJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.raw.body) await refuseUnsafeBody(c);
  await next();
});
