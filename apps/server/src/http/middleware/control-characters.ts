import { createMiddleware } from 'hono/factory';
import { hasControlCharacter } from '@ridgeline/shared/contracts/common';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import { STRIPE_WEBHOOK_PATH } from './write-guard';

// Control characters (U+0000-U+001F, U+007F) are refused at the edge with 400: PostgreSQL cannot
// store a NUL in text, the file system cannot name a file with one, and no person types them.
// Tab, newline and carriage return pass here because multi-line fields hold them; the shared
// single-line helpers (shortText and the others in contracts/common.ts) refuse those too.

const MESSAGE = 'Control characters are not allowed.';

/** True when any string (or object key) inside a parsed JSON value holds a refused character. */
function jsonHasControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return hasControlCharacter(value, { multiLine: true });
  if (Array.isArray(value)) return value.some(jsonHasControlCharacter);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => hasControlCharacter(key, { multiLine: true }) || jsonHasControlCharacter(item));
  }
  return false;
}

/** Bodies here are JSON (the write guard refuses others); malformed JSON is checked as text. */
function bodyHasControlCharacter(text: string): boolean {
  try {
    return jsonHasControlCharacter(JSON.parse(text));
  } catch {
    return hasControlCharacter(text, { multiLine: true });
  }
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // malformed percent-encoding: the route answers it
  }
}

/**
 * Refuses a request whose path, query or body holds a control character. Runs after the JSON body
 * limit, so it reads at most that many bytes. PUT bodies are not read here: the uploads are bytes
 * checked by type, have larger limits, and the one JSON PUT (maintenance) holds a boolean.
 */
export const rejectControlCharacters = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  if (hasControlCharacter(decoded(url.pathname), { multiLine: false })) throw AppError.badRequest(MESSAGE);
  for (const [key, value] of url.searchParams) {
    if (hasControlCharacter(key, { multiLine: false }) || hasControlCharacter(value, { multiLine: true })) throw AppError.badRequest(MESSAGE);
  }
  // Bodies are read only under /api, where the JSON body limit has already bounded them. Stripe's
  // signed webhook is not ours to refuse: its signature proves it, and a refusal would be retried for days.
  const limited = c.req.path.startsWith('/api/') && c.req.method !== 'PUT' && c.req.path !== STRIPE_WEBHOOK_PATH;
  if (c.req.raw.body && limited) {
    // A clone: the route (and better-auth behind it) reads the original body untouched.
    const text = await c.req.raw.clone().text();
    if (bodyHasControlCharacter(text)) throw AppError.badRequest(MESSAGE);
  }
  await next();
});
