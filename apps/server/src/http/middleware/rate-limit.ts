import type { Context } from 'hono';
import { clientIp } from '../client-ip';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import type { AppDeps } from '../deps';
import { STRIPE_WEBHOOK_PATH } from './write-guard';
import type { Gate } from './gate';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Field photo uploads: hundreds in minutes from one rep, limited per user by their own route (PHOTO_UPLOAD_LIMIT). */
const PHOTO_UPLOAD = /^\/api\/inspections\/[^/]+\/photos\/[^/]+$/;
/** Stripe's webhook: Stripe's servers send bursts from few addresses; the signature, not a count, guards it. */
const isStripeWebhook = (method: string, path: string) => method === 'POST' && path === STRIPE_WEBHOOK_PATH;
/** Chat messages and attachments: limited per user by their own routes (CHAT_MESSAGE_LIMIT). */
const CHAT_POST = /^\/api\/chat\/conversations\/[^/]+\/(messages|attachments)$/;

/**
 * The server's own ceiling on writes per client IP per minute (API_WRITE_LIMIT), counted in
 * PostgreSQL so every instance shares it. Sized so normal use never meets it; reads are not counted. Sign-in and CSP reports have tighter limits of their own.
 */
export function writeRateLimit(deps: AppDeps): Gate {
  const rule = { limit: deps.config.apiWriteLimit, windowMs: 60_000 };
  const count = async (c: Context<AppEnv>): Promise<void> => {
    const limit = await deps.limits.take(`api-write:${clientIp(c)}`, rule);
    if (!limit.allowed) throw AppError.rateLimited(limit.retryAfter, `Too many requests. Please wait ${limit.retryAfter} seconds and try again.`);
  };
  return (c) => {
    if (
      !WRITES.has(c.req.method) ||
      (c.req.method === 'PUT' && PHOTO_UPLOAD.test(c.req.path)) ||
      CHAT_POST.test(c.req.path) ||
      isStripeWebhook(c.req.method, c.req.path)
    )
      return;
    return count(c);
  };
}
