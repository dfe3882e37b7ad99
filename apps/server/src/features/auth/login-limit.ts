import type { RateLimitResult, RateLimitStore, RateRule } from '../../infra/rate-limit/rate-limit-store';

// Sign-in limits: 5 failed sign-ins per (email, IP) in 15 minutes, then that pair is blocked for
// 30 minutes; a looser per-IP ceiling (AUTH_IP_LIMIT) against spraying many addresses. Every attempt
// is counted before the password is checked, atomically, so attempts sent at the same moment cannot
// all slip under the limit; a successful sign-in gives its attempt back.
const MINUTE = 60_000;
export const LOGIN_RULE: RateRule = { limit: 5, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE };

export function createLoginLimit(store: RateLimitStore, ipLimit: number) {
  const ipRule: RateRule = { limit: ipLimit, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE };
  const keys = (email: string, ip: string) => ({ pair: `login:${email}:${ip}`, ip: `login-ip:${ip}` });

  return {
    /** Counts the attempt; refused when either key is blocked or over its limit (the longest wait wins). */
    async attempt(email: string, ip: string): Promise<RateLimitResult> {
      const k = keys(email, ip);
      const [pair, perIp] = await Promise.all([store.hit(k.pair, LOGIN_RULE), store.hit(k.ip, ipRule)]);
      if (!pair.allowed && (perIp.allowed || pair.retryAfter >= perIp.retryAfter)) return pair;
      return perIp.allowed ? pair : perIp;
    },
    /** The password was wrong: a key whose count reached its limit is blocked. */
    async recordFailure(email: string, ip: string): Promise<void> {
      const k = keys(email, ip);
      await Promise.all([store.block(k.pair, LOGIN_RULE), store.block(k.ip, ipRule)]);
    },
    /** Signed in: the address starts afresh and the IP gets its attempt back. */
    async recordSuccess(email: string, ip: string): Promise<void> {
      const k = keys(email, ip);
      await Promise.all([store.reset(k.pair), store.refund(k.ip)]);
    },
  };
}

export type LoginLimit = ReturnType<typeof createLoginLimit>;
