import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { AppError } from '../../lib/app-error';

/**
 * Messages (text or attachment) a user may post per minute (CHAT_MESSAGE_LIMIT), counted per user in
 * the database so every instance shares it. Chat posts are left out of the per-IP write limit: a
 * busy office behind one address would otherwise share one budget.
 */
export function chatMessageLimit(deps: Pick<AppDeps, 'config' | 'limits'>) {
  const rule = { limit: deps.config.chat.messageLimit, windowMs: 60_000 };
  return createMiddleware<AppEnv>(async (c, next) => {
    const limit = await deps.limits.take(`chat-message:${c.get('actor').userId}`, rule);
    if (!limit.allowed) throw AppError.rateLimited(limit.retryAfter, `Too many messages. Please wait ${limit.retryAfter} seconds.`);
    await next();
  });
}
