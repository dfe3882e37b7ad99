import type { Context } from 'hono';
import { errorMessage } from '@ridgeline/shared/domain/errors';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import type { AppDeps } from '../deps';
import type { Gate } from './gate';
import { loadIdentity } from './identity';

// What stays open in maintenance so an admin can still sign in (and anyone can read the flag).
const OPEN: { method: string; path: RegExp }[] = [
  { method: 'GET', path: /^\/api\/(health|live|ready)$/ },
  { method: 'GET', path: /^\/api\/settings\/maintenance$/ },
  { method: 'GET', path: /^\/api\/auth\/get-session$/ },
  { method: 'POST', path: /^\/api\/auth\/sign-in\/email$/ },
  { method: 'POST', path: /^\/api\/auth\/sign-out$/ },
  { method: 'POST', path: /^\/api\/auth\/factors\/[^/]+\/(challenge|verify)$/ },
  { method: 'POST', path: /^\/api\/auth\/two-factor\/verify-(totp|backup-code)$/ },
];

/** While maintenance mode is on, every other API call from a non-admin answers 503. */
export function maintenanceGate(deps: AppDeps): Gate {
  const refuseUnlessAdmin = async (c: Context<AppEnv>): Promise<void> => {
    const { enabled } = await deps.maintenance.read();
    if (!enabled) return;
    if ((await loadIdentity(c, deps))?.role === 'admin') return;
    // The catalogue's words; clients retry after half an hour.
    throw new AppError('MAINTENANCE', errorMessage('MAINTENANCE'), { 'Retry-After': '1800' });
  };
  return (c) => {
    if (OPEN.some((open) => open.method === c.req.method && open.path.test(c.req.path))) return;
    if (deps.maintenance.fresh()?.enabled === false) return;
    return refuseUnlessAdmin(c);
  };
}
