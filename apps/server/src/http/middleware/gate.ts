import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/**
 * A check a request meets before its route: it refuses by throwing an AppError, and when it has
 * nothing to look at (a read for a write-only check, no cookie for an identity check) it returns
 * without a promise.
 */
export type Gate = (c: Context<AppEnv>) => void | Promise<void>;

/**
 * Runs gates in order as one middleware, waiting only on those that return a promise. One layer
 * instead of one per gate: every layer of middleware costs each request its own promises.
 */
export function runGates(gates: Gate[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const gate of gates) {
      const pending = gate(c);
      if (pending) await pending;
    }
    await next();
  };
}
