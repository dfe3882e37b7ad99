import type { RateLimitResult, RateLimitStore, RateRule } from '../../infra/rate-limit/rate-limit-store';

// auth_login (architecture.md "Rate-limit keys"): failed sign-ins per (email, IP),
// 5 per 15 minutes then blocked 30 minutes, plus a looser per-IP ceiling against spraying.
const MINUTE = 60_000;
export const LOGIN_RULE: RateRule = { limit: 5, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE };

export function createLoginLimit(store: RateLimitStore, ipLimit: number) {
  const ipRule: RateRule = { limit: ipLimit, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE };
  const keys = (email: string, ip: string) => ({ pair: `login:${email}:${ip}`, ip: `login-ip:${ip}` });

  return {
    /** Whether a sign-in may be tried now; the refusal with the longest wait wins. */
    async check(email: string, ip: string): Promise<RateLimitResult> {
      const k = keys(email, ip);
      const [pair, perIp] = await Promise.all([store.peek(k.pair, LOGIN_RULE), store.peek(k.ip, ipRule)]);
      if (!pair.allowed && (perIp.allowed || pair.retryAfter >= perIp.retryAfter)) return pair;
      return perIp.allowed ? pair : perIp;
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      const k = keys(email, ip);
      await Promise.all([store.hit(k.pair, LOGIN_RULE), store.hit(k.ip, ipRule)]);
    },
    async recordSuccess(email: string, ip: string): Promise<void> {
      await store.reset(keys(email, ip).pair);
    },
  };
}

export type LoginLimit = ReturnType<typeof createLoginLimit>;
